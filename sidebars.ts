import fs from 'node:fs';
import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

type SidebarItems = Extract<SidebarsConfig[string], unknown[]>;

/** The reference's sidebar, generated from the contract by `npm run reference` (grouped by tag). */
function referenceItems(): SidebarItems {
  const generated = path.join(__dirname, 'docs/api/reference/sidebar.ts');
  if (!fs.existsSync(generated)) throw new Error('docs/api/reference is missing: run `npm run reference` (npm run build does).');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(generated).default;
}

// One sidebar for every page, so readers keep their bearings across sections.
const sidebars: SidebarsConfig = {
  docs: [
    'index',
    {
      type: 'category',
      label: 'API',
      collapsed: false,
      items: [
        'api/overview-api-documentation',
        {
          type: 'category',
          label: 'Reference',
          link: {type: 'doc', id: 'api/reference'},
          collapsed: false,
          items: referenceItems(),
        },
      ],
    },
    {
      type: 'category',
      label: 'Command line',
      collapsed: false,
      items: ['cli/overview-cli-documentation'],
    },
    {
      type: 'category',
      label: 'Concepts',
      collapsed: false,
      items: [
        'concepts/core-concepts-overview',
        'concepts/target-concept',
        'concepts/scan-concept',
        'concepts/finding-concept',
      ],
    },
  ],
};

export default sidebars;
