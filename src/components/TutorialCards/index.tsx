import React from 'react';
import {useCurrentSidebarCategory} from '@docusaurus/plugin-content-docs/client';
import DocCards from '../DocCards';

/** From the sidebar's Tutorials category, so the index lists exactly what the sidebar does. */
export default function TutorialCards({group}: {group: string}): React.JSX.Element {
  const found = useCurrentSidebarCategory().items.find((item) => item.type === 'category' && item.label === group);
  if (!found || found.type !== 'category') throw new Error(`The Tutorials category has no group "${group}".`);
  return <DocCards items={found.items} />;
}
