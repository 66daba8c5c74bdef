/** The browser's bundles render with preact/compat instead of react-dom; the server keeps React to write the HTML Preact hydrates. See PATCHES.md. */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function preactDom(): Plugin {
  // The same keys as Docusaurus's aliases take every import under them too (react/jsx-runtime, react-dom/client).
  const compat = path.dirname(require.resolve('preact/compat/package.json'));
  return {
    name: 'preact-dom',
    getClientModules() {
      return [path.join(__dirname, 'client.ts')];
    },
    configureWebpack(_config, isServer) {
      return isServer ? {} : {resolve: {alias: {react: compat, 'react-dom': compat}}};
    },
  };
}
