/**
 * The Postman collection, by Postman's own converter. Every URL has its `raw`
 * form, which other clients' importers (Insomnia's) read alone. The same contract
 * gives the same file byte for byte: the converter's faker gets a seeded generator
 * and a fixed clock (PATCHES.md), and its random ids become name-based UUIDs, so
 * importing a new release replaces the collection and its requests.
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

/** Any fixed seed makes the collection repeatable. */
const FAKER_SEED = 0x5eed;
/** The faker's dates count back from here instead of the clock. */
const FAKER_NOW = Date.UTC(2026, 0, 1);
/** How far back, as the faker's own MOST_NEAR_DATETIME. */
const FAKER_DATE_SPAN = 2_524_608_000_000;

/** A repeatable stream of numbers in [0, 1) (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
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
    // The converter and its faker are shared by everything in the process: a fresh
    // generator per conversion makes ours repeatable whatever ran before. The
    // conversion is synchronous, so nothing else draws from it meanwhile.
    const random = seededRandom(FAKER_SEED);
    const instant = () => new Date(FAKER_NOW - Math.round(random() * FAKER_DATE_SPAN)).toISOString();
    schemaFaker.option({random});
    schemaFaker.format({'date-time': instant, date: () => instant().slice(0, 10), time: () => instant().slice(11)});
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

/** Name-based ids, so a re-import replaces the collection's requests. */
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
  // The converter writes a URL's parts only; Postman's SDK writes the raw URL from them, keeping `:name` path segments as Postman does.
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
