/**
 * The theme's docs sidebar, whose desktop part stays mounted on a phone, where
 * the theme's styles hide it. The server renders it (it cannot know the
 * window's width), and the theme removed it as soon as the page hydrated on a
 * phone: a long task that changed nothing a reader sees. It hydrates after the
 * page's shell.
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
