import React from 'react';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import DocCardList from '@theme/DocCardList';
import descriptions from '@generated/doc-descriptions/default/descriptions.json';

/** A doc's card shows its description: the version metadata pages load carries none (src/plugins/doc-descriptions). */
function withDescription(item: PropSidebarItem): PropSidebarItem {
  if (item.type !== 'link' || !item.docId || item.description) return item;
  const description = descriptions[item.docId];
  return description ? {...item, description} : item;
}

/** The theme's card list, each doc's card with its description. */
export default function DocCards({items}: {items: PropSidebarItem[]}): React.JSX.Element {
  return <DocCardList items={items.map(withDescription)} />;
}
