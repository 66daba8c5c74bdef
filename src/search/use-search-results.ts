/** A response that arrives after the query changed is dropped, and an overtaken search stops fetching the index. */
import {useCallback, useEffect, useRef, useState} from 'react';
import type {SearchHit} from '../shared/search/local-client';
import {attributesToSnippet, HITS_PER_PAGE, isNarrowScreen, MAX_SUGGESTIONS, STALL_THRESHOLD_MS} from '../shared/search/settings';
import {usePortalSearch} from './use-portal-search';

export interface SearchResults {
  status: 'idle' | 'loading' | 'done' | 'error';
  stalled: boolean;
  hits: SearchHit[];
  nbHits: number;
  hasMore: boolean;
  /** Its words that find something alone. */
  suggestions: string[];
  showMore: () => void;
}

type State = Omit<SearchResults, 'showMore' | 'stalled'> & {page: number};

const IDLE: State = {status: 'idle', hits: [], nbHits: 0, hasMore: false, suggestions: [], page: 0};

export function useSearchResults(query: string, highlight: {pre: string; post: string}): SearchResults {
  const {client, indexName, facetFilters} = usePortalSearch();
  const [state, setState] = useState<State>(IDLE);
  const [stalled, setStalled] = useState(false);
  const current = useRef(0);
  const newestAsked = useRef<AbortController | undefined>(undefined);

  const request = useCallback(
    (text: string, page: number) => ({
      indexName,
      query: text,
      page,
      hitsPerPage: HITS_PER_PAGE,
      facetFilters,
      attributesToSnippet: attributesToSnippet(isNarrowScreen()),
      highlightPreTag: highlight.pre,
      highlightPostTag: highlight.post,
      snippetEllipsisText: '…',
    }),
    [indexName, facetFilters, highlight.pre, highlight.post],
  );

  const run = useCallback(
    async (page: number) => {
      const id = ++current.current;
      // Only this page's own newer search overtakes this one, never the modal's.
      newestAsked.current?.abort();
      newestAsked.current = new AbortController();
      const options = {signal: newestAsked.current.signal};
      setStalled(false);
      const stall = setTimeout(() => id === current.current && setStalled(true), STALL_THRESHOLD_MS);
      setState((previous) => ({...previous, status: 'loading'}));
      try {
        const [result] = (await client.search({requests: [request(query, page)]}, options)).results;
        let suggestions: string[] = [];
        const words = query.trim().split(/\s+/);
        if (result.nbHits === 0 && words.length > 1) {
          const alone = await client.search({requests: words.map((word) => ({...request(word, 0), hitsPerPage: 1}))}, options);
          suggestions = words.filter((_, index) => alone.results[index].nbHits > 0).slice(0, MAX_SUGGESTIONS);
        }
        if (id !== current.current) return;
        setState((previous) => ({
          status: 'done',
          hits: page === 0 ? result.hits : [...previous.hits, ...result.hits],
          nbHits: result.nbHits,
          hasMore: page + 1 < result.nbPages,
          suggestions,
          page,
        }));
      } catch {
        if (id === current.current) setState((previous) => ({...previous, status: 'error'}));
      } finally {
        clearTimeout(stall);
        if (id === current.current) setStalled(false);
      }
    },
    [client, query, request],
  );

  useEffect(() => {
    if (query.trim()) void run(0);
    else {
      current.current++;
      newestAsked.current?.abort();
      setState(IDLE);
    }
  }, [query, run]);

  const showMore = useCallback(() => void run(state.page + 1), [run, state.page]);
  return {...state, stalled, showMore};
}
