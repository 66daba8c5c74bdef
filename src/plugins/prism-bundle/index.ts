/**
 * Code blocks highlight with Prism's own core and the languages the pages use
 * (docusaurus.config.ts, `prism.additionalLanguages`) instead of the Prism
 * that prism-react-renderer bundles with some thirty languages: ./highlight.ts
 * stands in for the package in the site's bundles, the server's too, so the
 * two render the same markup. Its client module tells the highlighter when
 * the page has hydrated (code blocks keep the server's tokens until then).
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function prismBundle(): Plugin {
  return {
    name: 'prism-bundle',
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
    configureWebpack() {
      return {resolve: {alias: {'prism-react-renderer$': path.join(__dirname, 'highlight.ts')}}};
    },
  };
}
