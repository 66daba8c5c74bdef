/**
 * A docs page's breadcrumbs, hydrated after the page's shell as a part of
 * their own (src/plugins/deferred-hydration): finding the page's place in the
 * sidebar was some 3 ms of the shell's task. A part must render one element,
 * so a page without a sidebar, which has no breadcrumbs, has no part either.
 */
import React, {type ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import {useDocsSidebar} from '@docusaurus/plugin-content-docs/client';
import HydrateLater from '@site/src/plugins/deferred-hydration/HydrateLater';

export default function DocBreadcrumbsLater(): ReactNode {
  if (!useDocsSidebar()) return null;
  return (
    <HydrateLater>
      <DocBreadcrumbs />
    </HydrateLater>
  );
}
