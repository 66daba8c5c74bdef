/** The hosted service's client when configured (portal.config.ts), otherwise the local client; both answer the same multi-query `search`. */
import {loadOnce} from '../shared/load-once';
import type {HostedSearch} from '../shared/search/hosted-search';
import type {SearchRequest, SearchResponse} from '../shared/search/local-client';
import {isOvertaken, type SearchOptions} from '../shared/search/overtaken';
import {MAX_QUERY_LENGTH} from '../shared/search/settings';

type SearchResults = {results: SearchResponse[]};

export interface PortalSearchClient {
  /** `options.signal` lets the local client stop a search its caller no longer wants. */
  search(request: {requests: SearchRequest[]}, options?: SearchOptions): Promise<SearchResults>;
  /** Called as the reader opens search, so the first keystroke meets a loaded engine. */
  prepare(): void;
}

/** The local client has one index and ignores it. */
export const LOCAL_INDEX_NAME = 'local';

/** A `RetryError`, as the hosted client names unreachable hosts: the modal shows its network error screen for that error only. */
const unreachable = (what: string, reason: string) => Object.assign(new Error(`${what}: ${reason}`), {name: 'RetryError'});

async function fetchIndexFile(url: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(url, {signal}).catch((error: Error) => {
    if (signal?.aborted) throw error;
    throw unreachable(`Search index ${url}`, error.message);
  });
  if (!response.ok) throw unreachable(`Search index ${url}`, `HTTP ${response.status}`);
  return response.json();
}

/** Whatever the input let through. */
const limitQueries = ({requests}: {requests: SearchRequest[]}) => ({
  requests: requests.map((request) => ({...request, query: (request.query ?? '').slice(0, MAX_QUERY_LENGTH)})),
});

type Backend = Pick<PortalSearchClient, 'search'> & {prepare?(): void};

/** The client's code loads with its first use, not with every page; a failed load is not kept. */
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
 * Each search overtakes the caller's earlier ones, and an overtaken search settles
 * as the newest does rather than with no hits or never: the modal
 * (@algolia/autocomplete-core's createConcurrentSafePromise) would flash "No
 * results" or keep it pending.
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

/** One client per page, so the modal and the search page share the loaded index. */
export function portalSearchClient(hosted: HostedSearch | undefined, baseUrl: string): PortalSearchClient {
  const key = JSON.stringify([hosted, baseUrl]);
  if (shared?.key !== key) shared = {key, client: createPortalSearchClient(hosted, baseUrl)};
  return shared.client;
}

export const indexNameOf = (hosted: HostedSearch | undefined) => hosted?.indexName ?? LOCAL_INDEX_NAME;
