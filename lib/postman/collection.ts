/**
 * The Postman collection of the whole API, from the bundled contract with
 * Postman's own converter: one folder per tag (named as the reference names
 * it), each operation a request with the contract's examples as its saved
 * responses. The API key is set once, on the collection, from the `apiKey`
 * variable, and every request inherits it; `baseUrl` defaults to the public
 * API, and its description gives the sandbox's URL. Every request URL has
 * its `raw` form beside its parts, as Postman writes it: importers of other
 * clients (Insomnia's among them) read the URL from `raw` alone.
 *
 * The same contract gives the same file, byte for byte. The converter fakes
 * values the contract gives no example for (an enum query parameter's, a
 * header's from its pattern, a date's) with its bundled json-schema-faker,
 * whose randomness is that instance's `random` option: each conversion sets
 * it to a fresh seeded generator, and gives the faker date formats counting
 * back from a fixed instant, where its own count back from the clock
 * (PATCHES.md). The ids the converter draws (uuid v4) are replaced by
 * name-based ones (uuid v5): the collection's from the API's URL, a
 * request's from its method and path, a saved response's from its request's
 * and its place, so a new release imported into Postman replaces the
 * collection and the requests it had.
 */
import {createHash} from 'node:crypto';
import {convertV2} from 'openapi-to-postmanv2';
import schemaFaker from 'openapi-to-postmanv2/assets/json-schema-faker.js';
import {Url} from 'postman-collection';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Postman's converter takes and gives JSON walked generically; the tests check its shape (Newman, Insomnia's importer)
type Json = Record<string, any>;

export interface CollectionOptions {
  apiUrl: string;
  sandboxUrl: string;
}

/** The seed of the faker's numbers: any fixed one makes the collection repeatable. */
const FAKER_SEED = 0x5eed;
/** The instant the faker's dates count back from, where its own read the clock. */
const FAKER_NOW = Date.UTC(2026, 0, 1);
/** How far back they go, as the faker's own (its MOST_NEAR_DATETIME): some 80 years. */
const FAKER_DATE_SPAN = 2_524_608_000_000;

/** A repeatable stream of numbers in [0, 1) from a seed (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** RFC 9562's namespace for names that are URLs. */
const URL_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** The name-based UUID (version 5, SHA-1) of a name in a namespace, RFC 9562. */
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

/** The converter's callback API as a promise. */
function convert(document: Json): Promise<Json> {
  return new Promise((resolve, reject) => {
    // The converter and its faker are shared by everything in the process (the reference plugin converts too): a fresh
    // generator per conversion makes ours repeatable whatever ran before. The conversion runs synchronously, so nothing
    // else draws from it meanwhile.
    const random = seededRandom(FAKER_SEED);
    const instant = () => new Date(FAKER_NOW - Math.round(random() * FAKER_DATE_SPAN)).toISOString();
    schemaFaker.option({random});
    schemaFaker.format({'date-time': instant, date: () => instant().slice(0, 10), time: () => instant().slice(11)});
    convertV2(
      {type: 'json', data: document},
      // Optional query parameters are listed but not sent until ticked, as in the reference's samples.
      {folderStrategy: 'Tags', parametersResolution: 'Example', alwaysInheritAuthentication: true, enableOptionalParameters: false},
      (error, result) => {
        if (error || !result) reject(error ?? new Error('The Postman converter returned nothing'));
        else if (!result.result || !result.output) reject(new Error(`The Postman collection could not be made from the contract: ${result.reason}`));
        else resolve(result.output[0].data as Json);
      },
    );
  });
}

/** The contract's API key scheme: a header the key goes in, after the word `JWT`. */
function apiKeyHeader(document: Json): string {
  const scheme = Object.values<Json>(document.components?.securitySchemes ?? {}).find((value) => value.type === 'apiKey' && value.in === 'header');
  if (!scheme) throw new Error('The contract has no apiKey scheme in a header for the Postman collection to authorize with.');
  return scheme.name;
}

/** Every request item (not folder) of a collection's (nested) items. */
function* requestItems(items: Json[]): Generator<Json> {
  for (const item of items) {
    if (item.request) yield item;
    if (item.item) yield* requestItems(item.item);
  }
}

/** Replaces the converter's random ids by name-based ones: see the module comment. */
function nameIds(collection: Json, apiUrl: string): void {
  const collectionId = nameUuid(URL_NAMESPACE, apiUrl);
  collection.info._postman_id = collectionId;
  for (const item of requestItems(collection.item)) {
    item.id = nameUuid(collectionId, `${item.request.method} /${item.request.url.path.join('/')}`);
    (item.response ?? []).forEach((response: Json, index: number) => (response.id = nameUuid(item.id, String(index))));
  }
}

export async function postmanCollection(document: Json, {apiUrl, sandboxUrl}: CollectionOptions): Promise<Json> {
  const collection = await convert(document);
  const tags = new Map<string, Json>((document.tags ?? []).map((tag: Json) => [tag.name, tag]));
  for (const folder of collection.item as Json[]) {
    const tag = tags.get(folder.name);
    if (tag?.['x-displayName']) folder.name = tag['x-displayName'];
  }
  // The converter writes a URL's parts only; Postman's own SDK writes the raw URL from them (disabled query
  // parameters left out). Without the variables it keeps `:name` path segments, as Postman writes raw URLs.
  for (const {request} of requestItems(collection.item)) request.url.raw = new Url({...request.url, variable: []}).toString();
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
