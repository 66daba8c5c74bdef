/**
 * Two modules Docusaurus generates, which every page loads in main.js, carry
 * what only the build or the server's rendering reads; the browser's copies go
 * without it, the server's keep it:
 * - the site configuration (`@generated/docusaurus.config`): the HTML template,
 *   and the plugins, presets and themes with their options (1.3 KB gzip);
 * - the route registry (`@generated/registry`): each route module's source
 *   path beside its loader, which react-loadable reports while the server
 *   renders a page, to know which chunks it needs (420-odd paths, 3.4 KB gzip).
 * Each loader stops the build when its module is no longer shaped as
 * Docusaurus 3.10 writes it, so a changed generator is noticed.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {loaderRules} from '../../../lib/build/loader-rules';

/** The settings no browser code reads (nothing in Docusaurus's client, its themes or src/ does). */
export const BUILD_ONLY_SETTINGS = ['ssrTemplate', 'plugins', 'presets', 'themes'];

export default function browserGeneratedModules(context: LoadContext): Plugin {
  const generated = (file: string) => (resource: string) => resource === path.join(context.generatedFilesDir, file);
  return {
    name: 'browser-generated-modules',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return loaderRules([
        {test: generated('docusaurus.config.mjs'), loader: path.join(__dirname, 'site-config-loader.js'), options: {drop: BUILD_ONLY_SETTINGS}},
        {test: generated('registry.js'), loader: path.join(__dirname, 'registry-loader.js')},
      ]);
    },
  };
}
