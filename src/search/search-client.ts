/**
 * The one search client the modal and the search page use: the hosted
 * service's own client when the deployer configured it (portal.config.ts),
 * otherwise the local client over the index the build wrote. Both take the
 * same multi-query `search({requests})` call and answer in the same shape.
 */
import {liteClient} from 'algoliasearch/lite';
import {createLocalSearchClient, type SearchRequest, type SearchResponse} from './local-client';
import {MAX_QUERY_LENGTH} from './settings';

/** The hosted index, as `customFields.search` carries it to the browser. */
export interface HostedSearch {
  appId: string;
  apiKey: string;
  indexName: string;
}

export interface PortalSearchClient {
  search(request: {requests: SearchRequest[]}): Promise<{results: SearchResponse[]}>;
}

/** The index name local requests carry; the local client has one index and ignores it. */
export const LOCAL_INDEX_NAME = 'local';

/**
 * A file of the local index. A failure to fetch it is a `RetryError`, as the
 * hosted client names unreachable hosts: the modal shows its network error
 * screen for that error only.
 */
async function fetchIndexFile(url: string): Promise<unknown> {
  const unreachable = (reason: string) => Object.assign(new Error(`Search index ${url}: ${reason}`), {name: 'RetryError'});
  const response = await fetch(url).catch((error: Error) => {
    throw unreachable(error.message);
  });
  if (!response.ok) throw unreachable(`HTTP ${response.status}`);
  return response.json();
}

/** Cuts every query to the longest the portal allows, whatever the input let through. */
const limitQueries = ({requests}: {requests: SearchRequest[]}) => ({
  requests: requests.map((request) => ({...request, query: (request.query ?? '').slice(0, MAX_QUERY_LENGTH)})),
});

export function createPortalSearchClient(hosted: HostedSearch | undefined, baseUrl: string): PortalSearchClient {
  if (hosted) {
    const client = liteClient(hosted.appId, hosted.apiKey);
    return {search: (request) => client.search(limitQueries(request) as never) as Promise<{results: SearchResponse[]}>};
  }
  return createLocalSearchClient((file) => fetchIndexFile(`${baseUrl}${file}`));
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
