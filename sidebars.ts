import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// One sidebar for every page, so readers keep their bearings across sections.
const sidebars: SidebarsConfig = {
  docs: [
    'index',
    {
      type: 'category',
      label: 'API',
      collapsed: false,
      items: ['api/overview-api-documentation'],
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
