/**
 * Four modules Docusaurus generates, which every page loads in main.js, carry
 * what only the build or the server's rendering reads, or do at start-up what
 * a page needs for a few routes; the browser's copies go without it, the
 * server's keep it:
 * - the site configuration (`@generated/docusaurus.config`): the HTML template,
 *   and the plugins, presets and themes with their options (1.3 KB gzip);
 * - the route registry (`@generated/registry`): each route module's source
 *   path beside its loader, which react-loadable reports while the server
 *   renders a page, to know which chunks it needs (420-odd paths, 3.4 KB gzip);
 * - the plugins' global data (`@generated/globalData`): the docs plugin lists
 *   every doc's id, path and sidebar (414 docs, 3.7 KB gzip), which only the
 *   navbar's doc items read (to link a doc by id and mark it active); the site
 *   has none, and one added stops the build here rather than fail in a page;
 * - the route table (`@generated/routes`): each of its 419 routes' components
 *   is built as main.js starts (9–18 ms of the page's first task here); in the
 *   browser each is built when a page first renders or preloads its route
 *   (./lazy-component-creator.ts). The server keeps building them all, as
 *   react-loadable's `preloadAll` loads only the components that exist.
 * Each loader stops the build when its module is no longer shaped as
 * Docusaurus 3.10 writes it, so a changed generator is noticed.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {loaderRules} from '../../../lib/build/loader-rules';

/** The settings no browser code reads (nothing in Docusaurus's client, its themes or src/ does). */
export const BUILD_ONLY_SETTINGS = ['ssrTemplate', 'plugins', 'presets', 'themes'];

/** The navbar items that find a doc in the docs plugin's list of every doc. */
const DOC_NAVBAR_ITEMS = ['doc', 'docSidebar', 'docsVersionDropdown'];

interface NavbarItem {
  type?: string;
  label?: string;
  items?: NavbarItem[];
}

function docNavbarItems(items: NavbarItem[]): NavbarItem[] {
  return items.flatMap((item) => [...(DOC_NAVBAR_ITEMS.includes(item.type ?? '') ? [item] : []), ...docNavbarItems(item.items ?? [])]);
}

export default function browserGeneratedModules(context: LoadContext): Plugin {
  const navbarItems = (context.siteConfig.themeConfig.navbar as {items?: NavbarItem[]} | undefined)?.items ?? [];
  const readingDocs = docNavbarItems(navbarItems).map((item) => `${item.type} "${item.label ?? ''}"`);
  if (readingDocs.length > 0) {
    throw new Error(
      `browser-generated-modules: the navbar's ${readingDocs.join(', ')} would read the docs list that main.js goes without; link the page with \`to\` instead.`,
    );
  }
  const generated = (file: string) => (resource: string) => resource === path.join(context.generatedFilesDir, file);
  return {
    name: 'browser-generated-modules',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return loaderRules([
        {test: generated('docusaurus.config.mjs'), loader: path.join(__dirname, 'site-config-loader.js'), options: {drop: BUILD_ONLY_SETTINGS}},
        {test: generated('registry.js'), loader: path.join(__dirname, 'registry-loader.js')},
        {test: generated('globalData.json'), loader: path.join(__dirname, 'global-data-loader.js')},
        {test: generated('routes.js'), loader: path.join(__dirname, 'routes-loader.js'), options: {creator: path.join(__dirname, 'lazy-component-creator.ts')}},
      ]);
    },
  };
}
