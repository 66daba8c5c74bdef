/**
 * The head script of src/shared/search/keys-before-hydration.ts. It carries an id:
 * the minifier merges adjacent similar inline scripts, and the merged text matches
 * no CSP hash.
 */
import type {Plugin} from '@docusaurus/types';
import {SEARCH_KEYS_SCRIPT} from '../../shared/search/keys-before-hydration';

export default function searchKeysBeforeHydration(): Plugin {
  return {
    name: 'search-keys-before-hydration',
    injectHtmlTags: () => ({headTags: [{tagName: 'script', attributes: {id: 'search-keys-before-hydration'}, innerHTML: SEARCH_KEYS_SCRIPT}]}),
  };
}
