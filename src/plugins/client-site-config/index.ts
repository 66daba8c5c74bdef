/**
 * The site configuration every page loads in main.js (`@generated/docusaurus.config`)
 * carries settings only the build reads: the HTML template, and the plugins,
 * presets and themes with their options (1.3 KB gzip). The browser's copy goes
 * without them (loader.js); the server's keeps them.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The settings no browser code reads (nothing in Docusaurus's client, its themes or src/ does). */
export const BUILD_ONLY_SETTINGS = ['ssrTemplate', 'plugins', 'presets', 'themes'];

export default function clientSiteConfig(context: LoadContext): Plugin {
  const configModule = path.join(context.generatedFilesDir, 'docusaurus.config.mjs');
  return {
    name: 'client-site-config',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        module: {
          rules: [{test: (file: string) => file === configModule, use: [{loader: path.join(__dirname, 'loader.js'), options: {drop: BUILD_ONLY_SETTINGS}}]}],
        },
      };
    },
  };
}
