/**
 * What the search modal and the search page share: the specification's limits
 * and texts, in one place so both say and do the same.
 */
import {LEVELS} from './hierarchy';

/** Longest query, in characters: the inputs allow no more and the clients cut longer ones. */
export const MAX_QUERY_LENGTH = 64;
/** Hits on one screen of the search page; "Show more results" fetches the next as many. */
export const HITS_PER_PAGE = 20;
/** Hits the modal shows under one heading of its results. */
export const RESULTS_PER_GROUP = 5;
/** Words of a snippet, and at widths up to NARROW_MAX_WIDTH. */
export const SNIPPET_WORDS = 10;
export const SNIPPET_WORDS_NARROW = 5;
export const NARROW_MAX_WIDTH = 768;
/** Recent searches kept, fewer when favourites exist; DocSearch keeps 10 favourites. */
export const RECENT_SEARCHES = 7;
export const RECENT_SEARCHES_WITH_FAVORITES = 4;
/** A search that takes longer shows a loading indicator (DocSearch's default too). */
export const STALL_THRESHOLD_MS = 300;
/** "Try searching for" suggestions at most. */
export const MAX_SUGGESTIONS = 3;
/**
 * Record shards the local client fetches at once for an answer's hits, the
 * first hits' first: an answer overtaken by the next keystroke fetches no
 * further batch. Measured under load (`npm run bench:search`'s cold runs, a
 * core busy): 3, 5 and 8 all kept every run within the bytes budget, at the
 * same time to the first hits; 8 needs the fewest round trips.
 */
export const RECORD_SHARDS_PER_BATCH = 8;
/** Where the build writes the local index (lib/search/index-files.ts), relative to the site's base URL. */
export const LOCAL_INDEX_PATH = 'search/index.json';
/** The search page, relative to the site's base URL; it reads its query from `q` (theme-common's useSearchQueryString). */
export const SEARCH_PAGE_PATH = 'search';

/** The search page showing a query's results. */
export const searchPageUrl = (baseUrl: string, query: string) => `${baseUrl}${SEARCH_PAGE_PATH}?q=${encodeURIComponent(query)}`;

export const SEARCH_TEXTS = {
  noResults: 'No results for',
  suggestions: 'Try searching for',
  reportMissing: 'Believe this query should return results?',
  reportMissingLink: 'Let us know.',
  errorTitle: 'Unable to fetch results',
  errorHelp: 'You might want to check your network connection.',
  noRecent: 'No recent searches',
  // The start screen's sections and buttons as DocSearch 4 named them; DocSearch 5 renamed them ("Recently viewed docs", "Pinned").
  recentTitle: 'Recent',
  favoritesTitle: 'Favorite',
  saveRecent: 'Save this search',
  removeFavorite: 'Remove this search from favorites',
  placeholder: 'Search the docs',
} as const;

/** The snippet length for the reader's screen width, as the hosted service's `attributesToSnippet`. */
export function attributesToSnippet(narrow: boolean): string[] {
  const words = narrow ? SNIPPET_WORDS_NARROW : SNIPPET_WORDS;
  // lvl0, the part of the site, is a group's name, never a snippet.
  return [...LEVELS.slice(1).map((level) => `hierarchy.${level}:${words}`), `content:${words}`];
}

/** Whether the screen is narrow enough for short snippets (false when rendering on the server). */
export function isNarrowScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(`(max-width: ${NARROW_MAX_WIDTH}px)`).matches;
}

/** Where "Let us know." sends a reader whose query found nothing: the help centre, with the query. */
export function missingResultsUrl(helpUrl: string, query: string): string {
  const url = new URL(helpUrl);
  url.searchParams.set('missing-search-results', query);
  return url.toString();
}
