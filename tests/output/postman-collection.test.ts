/**
 * The Postman collection in the production build, imported with Postman's
 * own collection SDK: every operation of the contract exactly once, in its
 * tag's folder, authorized once at collection level, with its examples saved.
 */
import {STATUS_CODES} from 'node:http';
import {convert as importIntoInsomnia} from 'insomnia-importers';
import {Collection, Url, type Item, type RequestAuth, type Response} from 'postman-collection';
import {describe, expect, it} from 'vitest';
import {operationsOf, refResolver} from '../../lib/openapi';
import {portalConfig} from '../../portal.config';
import {builtPages, readBuildFile} from './site-files';

const document = JSON.parse(readBuildFile('openapi.json'));
const resolve = refResolver(document);
const collectionFile = readBuildFile('postman-collection.json');
const collection = new Collection(JSON.parse(collectionFile));
const operations = operationsOf(document).map(({path: route, method, operation}) => ({route, method: method.toUpperCase(), operation}));

/** Every request of the collection with the folder it is in. */
const requests: {item: Item; folder: string}[] = [];
collection.forEachItem((item) => requests.push({item, folder: item.parent().name}));
/** An auth's type and parameters, as the collection format writes them. */
const authOf = (auth: RequestAuth | undefined) => auth && {type: auth.type, ...auth.parameters().toObject()};

/** A path with `:param` variables, written as the contract writes them (`{param}`). */
const contractPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
/** `METHOD /path/{param}/` of a request. */
const signature = (item: Item) => `${item.request.method} ${contractPath(`/${item.request.url.path!.join('/')}`)}`;

describe('Postman collection', () => {
  it('has every operation of the contract exactly once, and nothing else', () => {
    const counts = new Map<string, number>();
    for (const {item} of requests) counts.set(signature(item), (counts.get(signature(item)) ?? 0) + 1);
    for (const {route, method} of operations) expect(counts.get(`${method} ${route}`), `${method} ${route}`).toBe(1);
    expect(requests).toHaveLength(operations.length);
  });

  it('files each request in the folder of its tag, named as the reference names it', () => {
    const tagNames = new Map(document.tags.map((tag: any) => [tag.name, tag['x-displayName']]));
    for (const {route, method, operation} of operations) {
      const found = requests.find(({item}) => signature(item) === `${method} ${route}`)!;
      expect(found.folder, `${method} ${route}`).toBe(tagNames.get(operation.tags[0]));
    }
  });

  it('sets the API key once, on the collection, from a variable, and every request inherits it', () => {
    const auth = {type: 'apikey', key: 'Authorization', value: 'JWT {{apiKey}}', in: 'header'};
    expect(authOf(collection.auth)).toEqual(auth);
    for (const {item} of requests) {
      expect(item.request.auth, item.name).toBeFalsy();
      expect(authOf(item.getAuth()), item.name).toEqual(auth);
    }
    expect(collection.variables.get('apiKey')).toBe('');
  });

  it('defaults baseUrl to the public API and documents the sandbox', () => {
    expect(collection.variables.get('baseUrl')).toBe(portalConfig.apiUrl);
    expect(collection.variables.one('baseUrl')?.description?.toString()).toContain(portalConfig.sandboxUrl);
    for (const {item} of requests) expect(item.request.url.host?.join('.'), item.name).toBe('{{baseUrl}}');
  });

  it("keeps the contract's examples as each request's saved responses", () => {
    for (const {route, method, operation} of operations) {
      const {item} = requests.find(({item}) => signature(item) === `${method} ${route}`)!;
      const saved = new Map<string, Response>(item.responses.map((response) => [String(response.code), response]));
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        const example = resolve(response).content?.['application/json']?.example;
        expect(saved.get(status)?.status, `${method} ${route} ${status}`).toBe(STATUS_CODES[status]);
        if (example === undefined) continue;
        // A JSON string example is saved as the text itself.
        const body = saved.get(status)!.body!;
        expect(typeof example === 'string' ? body : JSON.parse(body), `${method} ${route} ${status}`).toEqual(example);
      }
    }
  });

  it('writes every request URL whole in raw, as its parts say', () => {
    // As the file has them: the SDK's items keep a URL's parts only.
    type Items = {name: string; request?: {url: {raw?: string}}; item?: Items}[];
    const urls = (items: Items): {name: string; url: {raw?: string}}[] =>
      items.flatMap((item) => (item.request ? [{name: item.name, url: item.request.url}] : urls(item.item ?? [])));
    const written = urls(JSON.parse(collectionFile).item);
    expect(written).toHaveLength(operations.length);
    for (const {name, url} of written) {
      expect(url.raw, name).toBeDefined();
      const [fromRaw, fromParts] = [new Url(url.raw!), new Url({...url, raw: undefined})];
      expect(fromRaw.getHost(), name).toBe(fromParts.getHost());
      expect(fromRaw.getPath(true), name).toBe(fromParts.getPath(true));
      expect(fromRaw.getQueryString(), name).toBe(fromParts.getQueryString());
    }
  });

  it("imports into another client (Insomnia's importer, which reads raw URLs) with every operation's method and URL", async () => {
    const imported = await importIntoInsomnia(readBuildFile('postman-collection.json'));
    expect(imported?.type.id).toBe('postman');
    const importedRequests = (imported!.data.resources as unknown as {_type: string; method: string; url: string}[]).filter(
      (resource) => resource._type === 'request',
    );
    const signatures = importedRequests.map(({method, url}) => {
      expect(url, `${method} request`).toMatch(/^\{\{baseUrl\}\}\//);
      return `${method} ${contractPath(url.replace('{{baseUrl}}', '').split('?')[0])}`;
    });
    expect(signatures.sort()).toEqual(operations.map(({route, method}) => `${method} ${route}`).sort());
  }, 60_000);

  it('is offered beside the OpenAPI download on the reference index', () => {
    const html = builtPages().get('/api/reference')!;
    expect(html).toMatch(/href="?\/openapi\.yaml/);
    expect(html).toMatch(/href="?\/postman-collection\.json/);
  });
});
