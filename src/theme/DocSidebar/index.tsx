/**
 * The theme removed the server-rendered desktop sidebar on a phone as soon as the
 * page hydrated, a long task that changed nothing visible; here it stays mounted,
 * hidden by the theme's styles, and hydrates after the shell.
 */
import React, {type ReactNode} from 'react';
import {useWindowSize} from '@docusaurus/theme-common';
import DocSidebarDesktop from '@theme/DocSidebar/Desktop';
import DocSidebarMobile from '@theme/DocSidebar/Mobile';
import type {Props} from '@theme/DocSidebar';
import HydrateLater from '@site/src/plugins/deferred-hydration/HydrateLater';

export default function DocSidebar(props: Props): ReactNode {
  const mobile = useWindowSize() === 'mobile';
  return (
    <>
      <HydrateLater>
        <DocSidebarDesktop {...props} />
      </HydrateLater>
      {mobile && <DocSidebarMobile {...props} />}
    </>
  );
}
