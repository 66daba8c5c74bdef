/**
 * The script in every page's head that notes a search key (Ctrl+K, Cmd+K, or
 * "/" outside a text field) pressed before the page's scripts run, which the
 * search bar takes as it hydrates (src/shared/search/keys-before-hydration.ts).
 * It carries an id: the pages' minifier merges adjacent inline scripts alike
 * (the announcement reset's comes before it), and the merged text is no
 * script the CSP's hashes and src/plugins/inline-scripts know.
 */
import type {Plugin} from '@docusaurus/types';
import {SEARCH_KEYS_SCRIPT} from '../../shared/search/keys-before-hydration';

export default function searchKeysBeforeHydration(): Plugin {
  return {
    name: 'search-keys-before-hydration',
    injectHtmlTags: () => ({headTags: [{tagName: 'script', attributes: {id: 'search-keys-before-hydration'}, innerHTML: SEARCH_KEYS_SCRIPT}]}),
  };
}
