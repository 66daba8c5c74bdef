/**
 * Code blocks highlight with Prism's own core and the languages the pages use
 * (docusaurus.config.ts, `prism.additionalLanguages`) instead of the Prism
 * that prism-react-renderer bundles with some thirty languages: ./highlight.ts
 * stands in for the package in the site's bundles, the server's too, so the
 * two render the same markup.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function prismBundle(): Plugin {
  return {
    name: 'prism-bundle',
    configureWebpack() {
      return {resolve: {alias: {'prism-react-renderer$': path.join(__dirname, 'highlight.ts')}}};
    },
  };
}
