/**
 * The route registry every page loads in main.js (`@generated/registry`) names
 * each route module's source path beside its loader: react-loadable reports
 * those paths while the server renders a page, to know which chunks the page
 * needs, and nothing reads them in the browser. The 420-odd paths are 3.4 KB
 * gzip of main.js; the browser's copy goes without them (loader.js), the
 * server's keeps them.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function clientRegistry(context: LoadContext): Plugin {
  const registryModule = path.join(context.generatedFilesDir, 'registry.js');
  return {
    name: 'client-registry',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {module: {rules: [{test: (file: string) => file === registryModule, use: [path.join(__dirname, 'loader.js')]}]}};
    },
  };
}
