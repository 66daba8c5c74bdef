/**
 * The Postman collection, by Postman's own converter. Every URL has its `raw`
 * form, which other clients' importers (Insomnia's) read alone. The same contract
 * gives the same file byte for byte: a query parameter the contract gives no
 * example or default for is listed with no value, where the converter would
 * fake one at random, and its random ids become name-based UUIDs, so importing
 * a new release replaces the collection and its requests.
 */
import {createHash} from 'node:crypto';
import {convertV2} from 'openapi-to-postmanv2';
import {Url} from 'postman-collection';
import {operationsOf, parameterValue, resolveRef, resolveSchema} from '../openapi';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Postman's converter takes and gives JSON walked generically; the tests check its shape (Newman, Insomnia's importer)
type Json = Record<string, any>;

export interface CollectionOptions {
  apiUrl: string;
  sandboxUrl: string;
}

const URL_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** Name-based UUID v5 (RFC 9562). */
export function nameUuid(namespace: string, name: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}

function convert(document: Json): Promise<Json> {
  return new Promise((resolve, reject) => {
    convertV2(
      {type: 'json', data: document},
      // Listed but not sent until ticked, as in the reference's samples.
      {folderStrategy: 'Tags', parametersResolution: 'Example', alwaysInheritAuthentication: true, enableOptionalParameters: false},
      (error, result) => {
        if (error || !result) reject(error ?? new Error('The Postman converter returned nothing'));
        else if (!result.result || !result.output) reject(new Error(`The Postman collection could not be made from the contract: ${result.reason}`));
        else resolve(result.output[0].data as Json);
      },
    );
  });
}

function apiKeyHeader(document: Json): string {
  const scheme = Object.values<Json>(document.components?.securitySchemes ?? {}).find((value) => value.type === 'apiKey' && value.in === 'header');
  if (!scheme) throw new Error('The contract has no apiKey scheme in a header for the Postman collection to authorize with.');
  return scheme.name;
}

function* requestItems(items: Json[]): Generator<Json> {
  for (const item of items) {
    if (item.request) yield item;
    if (item.item) yield* requestItems(item.item);
  }
}

/** How the collection names an operation: its method and its URL's path. */
const requestKey = (method: string, pathSegments: string[]) => `${method.toUpperCase()} /${pathSegments.join('/')}`;

/** A contract path as the collection's URL segments, `{name}` as `:name`. */
const collectionPath = (path: string) =>
  path
    .replace(/\{(\w+)\}/g, ':$1')
    .split('/')
    .slice(1);

/** The query parameters of each operation that the contract gives neither an example nor a default, by requestKey. */
function queryWithoutValue(document: Json): Map<string, Set<string>> {
  // The converter also reads a parameter's named examples.
  const hasValue = (parameter: Json) => parameter.examples !== undefined || parameterValue(parameter, resolveSchema(document, parameter.schema)) !== undefined;
  return new Map(
    operationsOf(document).map(({path, method, operation}) => {
      const parameters = [...(document.paths[path].parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => resolveRef(document, parameter));
      const names = parameters.filter((parameter) => parameter.in === 'query' && !hasValue(parameter)).map((parameter) => parameter.name);
      return [requestKey(method, collectionPath(path)), new Set(names)];
    }),
  );
}

/** The converter fakes their values with Math.random and the clock; a reader fills them in. */
function clearFakedValues(collection: Json, withoutValue: Map<string, Set<string>>): void {
  for (const item of requestItems(collection.item)) {
    for (const request of [item.request, ...(item.response ?? []).map((response: Json) => response.originalRequest)]) {
      const names = withoutValue.get(requestKey(request.method, request.url.path));
      if (!names) throw new Error(`The Postman converter wrote a request the contract does not have: ${requestKey(request.method, request.url.path)}`);
      for (const query of request.url.query ?? []) if (names.has(query.key)) query.value = '';
    }
  }
}

/** Name-based ids, so a re-import replaces the collection's requests. */
function nameIds(collection: Json, apiUrl: string): void {
  const collectionId = nameUuid(URL_NAMESPACE, apiUrl);
  collection.info._postman_id = collectionId;
  for (const item of requestItems(collection.item)) {
    item.id = nameUuid(collectionId, requestKey(item.request.method, item.request.url.path));
    (item.response ?? []).forEach((response: Json, index: number) => (response.id = nameUuid(item.id, String(index))));
  }
}

export async function postmanCollection(document: Json, {apiUrl, sandboxUrl}: CollectionOptions): Promise<Json> {
  // Read before the conversion, which may resolve the document's references in place.
  const withoutValue = queryWithoutValue(document);
  const collection = await convert(document);
  const tags = new Map<string, Json>((document.tags ?? []).map((tag: Json) => [tag.name, tag]));
  for (const folder of collection.item as Json[]) {
    const tag = tags.get(folder.name);
    if (tag?.['x-displayName']) folder.name = tag['x-displayName'];
  }
  // The converter writes a URL's parts only; Postman's SDK writes the raw URL from them, keeping `:name` path segments as Postman does.
  for (const {request} of requestItems(collection.item)) request.url.raw = new Url({...request.url, variable: []}).toString();
  clearFakedValues(collection, withoutValue);
  nameIds(collection, apiUrl);
  collection.auth = {
    type: 'apikey',
    apikey: [
      {key: 'key', value: apiKeyHeader(document), type: 'string'},
      {key: 'value', value: 'JWT {{apiKey}}', type: 'string'},
      {key: 'in', value: 'header', type: 'string'},
    ],
  };
  collection.variable = [
    {
      key: 'baseUrl',
      value: apiUrl,
      type: 'string',
      description: `The public API. To try requests without touching real data, set it to the sandbox, ${sandboxUrl}, which answers with the examples of the contract.`,
    },
    {key: 'apiKey', value: '', type: 'string', description: 'Your API key; every request sends it as `Authorization: JWT <key>`.'},
  ];
  return collection;
}
