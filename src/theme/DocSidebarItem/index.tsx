/**
 * Each sidebar category hydrates as a part of its own
 * (src/plugins/deferred-hydration), for the whole sidebar in one part was a long
 * task; its links hydrate with it, its subcategories after.
 */
import React, {type ReactNode} from 'react';
import DocSidebarItem from '@theme-original/DocSidebarItem';
import type {Props} from '@theme/DocSidebarItem';
import HydrateLater from '@site/src/plugins/deferred-hydration/HydrateLater';

export default function DocSidebarItemInParts(props: Props): ReactNode {
  if (props.item.type !== 'category') return <DocSidebarItem {...props} />;
  return (
    <HydrateLater>
      <DocSidebarItem {...props} />
    </HydrateLater>
  );
}
