/**
 * The Postman collection of the whole API, from the bundled contract with
 * Postman's own converter: one folder per tag (named as the reference names
 * it), each operation a request with the contract's examples as its saved
 * responses. The API key is set once, on the collection, from the `apiKey`
 * variable, and every request inherits it; `baseUrl` defaults to the public
 * API, and its description gives the sandbox's URL. Every request URL has
 * its `raw` form beside its parts, as Postman writes it: importers of other
 * clients (Insomnia's among them) read the URL from `raw` alone.
 */
import {convertV2} from 'openapi-to-postmanv2';
import {Url} from 'postman-collection';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Postman's converter takes and gives JSON walked generically; the tests check its shape (Newman, Insomnia's importer)
type Json = Record<string, any>;

export interface CollectionOptions {
  apiUrl: string;
  sandboxUrl: string;
}

/** The converter's callback API as a promise. */
function convert(document: Json): Promise<Json> {
  return new Promise((resolve, reject) => {
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

/** Every request of a collection's (nested) items. */
function* requests(items: Json[]): Generator<Json> {
  for (const item of items) {
    if (item.request) yield item.request;
    if (item.item) yield* requests(item.item);
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
  for (const request of requests(collection.item)) request.url.raw = new Url({...request.url, variable: []}).toString();
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
