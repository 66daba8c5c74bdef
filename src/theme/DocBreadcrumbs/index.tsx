/** Hydrated after the shell as a part of its own (src/plugins/deferred-hydration). A part must render one element, so a page without a sidebar has no part. */
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
