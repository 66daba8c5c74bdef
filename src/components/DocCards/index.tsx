import React from 'react';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import DocCardList from '@theme/DocCardList';
import descriptions from '@generated/doc-descriptions/default/descriptions.json';

/** The version metadata pages load has no descriptions (src/plugins/doc-descriptions), and the theme's card looks a doc up by id only for its description. */
function withDescription(item: PropSidebarItem): PropSidebarItem {
  if (item.type !== 'link' || !item.docId) return item;
  const {docId, ...card} = item;
  const description = item.description ?? descriptions[docId];
  return description ? {...card, description} : card;
}

export default function DocCards({items}: {items: PropSidebarItem[]}): React.JSX.Element {
  return <DocCardList items={items.map(withDescription)} />;
}
