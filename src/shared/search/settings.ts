/**
 * Shared by the search modal and the search page so both say and do the same.
 */
import {LEVELS} from './hierarchy';

export const MAX_QUERY_LENGTH = 64;
export const HITS_PER_PAGE = 20;
export const RESULTS_PER_GROUP = 5;
/** Words of a snippet, and at widths up to NARROW_MAX_WIDTH. */
export const SNIPPET_WORDS = 10;
export const SNIPPET_WORDS_NARROW = 5;
export const NARROW_MAX_WIDTH = 768;
/** Fewer when favourites exist; DocSearch keeps 10 favourites. */
export const RECENT_SEARCHES = 7;
export const RECENT_SEARCHES_WITH_FAVORITES = 4;
/** A slower search shows a loading indicator (DocSearch's default too). */
export const STALL_THRESHOLD_MS = 300;
/** "Try searching for" suggestions at most. */
export const MAX_SUGGESTIONS = 3;
/**
 * Record shards fetched at once for an answer's hits: an answer overtaken by the
 * next keystroke fetches no further batch. Chosen with `npm run bench:search`'s
 * cold runs.
 */
export const RECORD_SHARDS_PER_BATCH = 8;
export const LOCAL_INDEX_PATH = 'search/index.json';
export const SEARCH_PAGE_PATH = 'search';
/** The search page's query parameter, as Docusaurus's own search pages name it. */
export const SEARCH_QUERY_PARAM = 'q';

export const searchPageUrl = (baseUrl: string, query: string) => `${baseUrl}${SEARCH_PAGE_PATH}?${SEARCH_QUERY_PARAM}=${encodeURIComponent(query)}`;

export const SEARCH_TEXTS = {
  noResults: 'No results for',
  suggestions: 'Try searching for',
  reportMissing: 'Believe this query should return results?',
  reportMissingLink: 'Let us know.',
  errorTitle: 'Unable to fetch results',
  errorHelp: 'You might want to check your network connection.',
  noRecent: 'No recent searches',
  // DocSearch 5 renamed these ("Recently viewed docs", "Pinned").
  recentTitle: 'Recent',
  favoritesTitle: 'Favorite',
  saveRecent: 'Save this search',
  removeFavorite: 'Remove this search from favorites',
  placeholder: 'Search the docs',
} as const;

export function attributesToSnippet(narrow: boolean): string[] {
  const words = narrow ? SNIPPET_WORDS_NARROW : SNIPPET_WORDS;
  return [...LEVELS.slice(1).map((level) => `hierarchy.${level}:${words}`), `content:${words}`];
}

/** False when rendering on the server. */
export function isNarrowScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(`(max-width: ${NARROW_MAX_WIDTH}px)`).matches;
}

export function missingResultsUrl(helpUrl: string, query: string): string {
  const url = new URL(helpUrl);
  url.searchParams.set('missing-search-results', query);
  return url.toString();
}
