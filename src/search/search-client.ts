/**
 * The one search client the modal and the search page use: the hosted
 * service's own client when the deployer configured it (portal.config.ts),
 * otherwise the local client over the index the build wrote. Both take the
 * same multi-query `search({requests})` call and answer in the same shape.
 */
import {loadOnce} from '../shared/load-once';
import type {HostedSearch} from '../shared/search/hosted-search';
import type {SearchRequest, SearchResponse} from '../shared/search/local-client';
import {isOvertaken, type SearchOptions} from '../shared/search/overtaken';
import {MAX_QUERY_LENGTH} from '../shared/search/settings';

type SearchResults = {results: SearchResponse[]};

export interface PortalSearchClient {
  /** A search; `options.signal` lets the local client stop one its caller no longer wants, its shard fetches included (the hosted service answers in one request either way). */
  search(request: {requests: SearchRequest[]}, options?: SearchOptions): Promise<SearchResults>;
  /** Starts loading what the first search needs (its code, and the local index), as the reader opens search: the first keystroke then meets a loaded engine. */
  prepare(): void;
}

/** The index name local requests carry; the local client has one index and ignores it. */
export const LOCAL_INDEX_NAME = 'local';

/**
 * An unreachable search: a `RetryError`, as the hosted client names
 * unreachable hosts, for the modal shows its network error screen for that
 * error only.
 */
const unreachable = (what: string, reason: string) => Object.assign(new Error(`${what}: ${reason}`), {name: 'RetryError'});

/** A file of the local index; `signal` aborts the fetch, and the bytes still to come. */
async function fetchIndexFile(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, {signal}).catch((error: Error) => {
    if (signal?.aborted) throw error;
    throw unreachable(`Search index ${url}`, error.message);
  });
  if (!response.ok) throw unreachable(`Search index ${url}`, `HTTP ${response.status}`);
  return response.json();
}

/** Cuts every query to the longest the portal allows, whatever the input let through. */
const limitQueries = ({requests}: {requests: SearchRequest[]}) => ({
  requests: requests.map((request) => ({...request, query: (request.query ?? '').slice(0, MAX_QUERY_LENGTH)})),
});

/** What a backend's loaded code answers with. */
type Backend = Pick<PortalSearchClient, 'search'> & {prepare?(): void};

/**
 * A client whose code loads with its first use, not with every page: the
 * engine, or the hosted service's client, is no part of a page's JavaScript.
 * A failed load is not kept, so the next search tries again.
 */
function loadedOnFirstUse(load: () => Promise<Backend>): PortalSearchClient {
  const loaded = loadOnce(() =>
    load().catch((error: Error) => {
      throw unreachable('Search code', error.message);
    }),
  );
  return {
    search: async (request, options) => (await loaded()).search(request, options),
    prepare: () => {
      loaded().then(
        (ready) => ready.prepare?.(),
        () => {},
      );
    },
  };
}

export function createPortalSearchClient(hosted: HostedSearch | undefined, baseUrl: string): PortalSearchClient {
  if (hosted) {
    return loadedOnFirstUse(async () => {
      const {liteClient} = await import('algoliasearch/lite');
      const client = liteClient(hosted.appId, hosted.apiKey);
      return {search: (request) => client.search(limitQueries(request) as never) as Promise<SearchResults>};
    });
  }
  return loadedOnFirstUse(async () => {
    const {createLocalSearchClient} = await import('../shared/search/local-client');
    return createLocalSearchClient((file, signal) => fetchIndexFile(`${baseUrl}${file}`, signal));
  });
}

/**
 * The client as one caller that asks one search at a time sees it (the modal,
 * once per keystroke): each search overtakes the caller's earlier ones. The
 * local client stops an overtaken search, and its shard fetches no newer
 * search waits for; the search then settles as the caller's newest does, with its answer or its
 * error. Not with no hits, nor never: the modal (DocSearch 5.2 on
 * @algolia/autocomplete-core 1.19.2, `utils/createConcurrentSafePromise.js`
 * and `onInput.js`) shows an earlier keystroke's answer that settles before a
 * later one's (only one settling after it is replaced by the latest), so no
 * hits would flash its "No results" screen, and a search never settled would
 * stay in its `pendingRequests`. The hosted client answers every search.
 */
export function oneCallerClient(client: Pick<PortalSearchClient, 'search'>): Pick<PortalSearchClient, 'search'> {
  let newestAsked: AbortController | undefined;
  let newest: Promise<SearchResults> | undefined;
  const asNewest = async (): Promise<SearchResults> => {
    const awaited = newest!;
    try {
      const results = await awaited;
      if (awaited === newest) return results;
    } catch (error) {
      if (awaited === newest) throw error;
    }
    return asNewest();
  };
  return {
    search(request) {
      newestAsked?.abort();
      newestAsked = new AbortController();
      newest = client.search(request, {signal: newestAsked.signal}).catch((error: unknown) => {
        if (isOvertaken(error)) return asNewest();
        throw error;
      });
      return newest;
    },
  };
}

let shared: {key: string; client: PortalSearchClient} | undefined;

/** One client per page session, so the modal and the search page share the loaded index. */
export function portalSearchClient(hosted: HostedSearch | undefined, baseUrl: string): PortalSearchClient {
  const key = JSON.stringify([hosted, baseUrl]);
  if (shared?.key !== key) shared = {key, client: createPortalSearchClient(hosted, baseUrl)};
  return shared.client;
}

/** The index name requests carry. */
export const indexNameOf = (hosted: HostedSearch | undefined) => hosted?.indexName ?? LOCAL_INDEX_NAME;
