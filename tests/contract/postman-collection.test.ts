/**
 * The Postman collection of the compiled contract (lib/postman/collection.ts)
 * is the same file at every build: nothing the converter draws at random or
 * from the clock reaches it (a query parameter without an example has no
 * value), and its ids are valid UUIDs, each its own. Its saved responses carry
 * the contract's header examples. The reference step
 * writes it from a worker thread (lib/postman/collection-file.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it, onTestFinished, vi} from 'vitest';
import {nameUuid, postmanCollection} from '../../lib/postman/collection';
import {writePostmanCollectionInWorker} from '../../lib/postman/collection-file';
import {operationsOf, parameterValue, resolveRef, resolveSchema} from '../../lib/openapi';
import {contractOutput} from '../../lib/paths';
import {documentedSandboxUrl, portalConfig} from '../../portal.config';

const options = {apiUrl: portalConfig.apiUrl, sandboxUrl: documentedSandboxUrl(portalConfig)};
/** The collection of a fresh copy of the compiled contract, as the build writes it. */
const collectionFile = async () => JSON.stringify(await postmanCollection(JSON.parse(fs.readFileSync(contractOutput.json, 'utf8')), options));

/** A stream of numbers other than Math.random's: a linear congruential generator. */
function otherRandom(): () => number {
  let state = 12345;
  return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** The paths (`.item.0.id`) where two JSON values differ, the first ten. */
function differences(a: unknown, b: unknown, at = ''): string[] {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b ? [] : [`${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) => differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}.${key}`)).slice(0, 10);
}

/** Every id of a collection: its own, and each item's and saved response's. */
function ids(collection: {info: {_postman_id: string}; item: unknown[]}): string[] {
  type Node = {id?: string; item?: Node[]; response?: Node[]};
  const walk = (nodes: Node[]): string[] => nodes.flatMap((node) => [...(node.id ? [node.id] : []), ...walk(node.item ?? []), ...walk(node.response ?? [])]);
  return [collection.info._postman_id, ...walk(collection.item as Node[])];
}

describe('the Postman collection', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is the same file for the same contract, whatever Math.random and the clock say', async () => {
    const first = await collectionFile();
    // Another day, and other draws than the first conversion's.
    vi.spyOn(Math, 'random').mockImplementation(otherRandom());
    vi.useFakeTimers({toFake: ['Date'], now: Date.UTC(2031, 6, 15, 12, 34, 56)});
    const second = await collectionFile();
    expect(differences(JSON.parse(first), JSON.parse(second))).toEqual([]);
    expect(second === first).toBe(true);
  });

  it("lists a query parameter with the contract's example or default, and with no value where the contract gives neither", async () => {
    const document = JSON.parse(fs.readFileSync(contractOutput.json, 'utf8'));
    const operations = new Map(
      operationsOf(document).map(({path, method, operation}) => [`${method.toUpperCase()} ${path}`, {operation, pathItem: document.paths[path]}]),
    );
    const collection = JSON.parse(await collectionFile());
    const seen = {empty: 0, given: 0};
    for (const request of collection.item.flatMap((folder: {item: unknown[]}) => folder.item)) {
      const path = `/${request.request.url.path.join('/')}`.replace(/:(\w+)/g, '{$1}');
      const {operation, pathItem} = operations.get(`${request.request.method} ${path}`)!;
      const declared = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => resolveRef(document, parameter));
      for (const {key, value} of request.request.url.query ?? []) {
        const parameter = declared.find((candidate) => candidate.in === 'query' && candidate.name === key)!;
        const given = parameterValue(parameter, resolveSchema(document, parameter.schema));
        expect(value, `${request.name} ?${key}`).toBe(given === undefined ? '' : String(given));
        seen[given === undefined ? 'empty' : 'given']++;
      }
    }
    expect(seen.empty).toBeGreaterThan(0);
    expect(seen.given).toBeGreaterThan(0);
  });

  it('gives the collection, every request and every saved response a valid UUID of its own', async () => {
    const collection = JSON.parse(await collectionFile());
    const all = ids(collection);
    const requests = collection.item.flatMap((folder: {item: unknown[]}) => folder.item);
    const responses = requests.flatMap((request: {response: unknown[]}) => request.response);
    expect(all).toHaveLength(1 + requests.length + responses.length);
    for (const id of all) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(all).size).toBe(all.length);
  });

  it("saves the contract's example of each response header that has one, not a value faked from its schema", async () => {
    const document = JSON.parse(fs.readFileSync(contractOutput.json, 'utf8'));
    const operations = new Map(operationsOf(document).map(({path, method, operation}) => [`${method.toUpperCase()} ${path}`, operation]));
    const collection = JSON.parse(await collectionFile());
    let compared = 0;
    for (const request of collection.item.flatMap((folder: {item: unknown[]}) => folder.item)) {
      // The collection writes path parameters as `:name`, the contract as `{name}`.
      const path = `/${request.request.url.path.join('/')}`.replace(/:(\w+)/g, '{$1}');
      const operation = operations.get(`${request.request.method} ${path}`)!;
      for (const saved of request.response) {
        const declared = operation.responses[String(saved.code)].headers ?? {};
        for (const {key, value} of saved.header) {
          if (declared[key]?.example === undefined) continue;
          expect(value, `${request.name} ${saved.code} ${key}`).toBe(String(declared[key].example));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  it('is written by its worker thread as the converter gives it in the step', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postman-'));
    onTestFinished(() => fs.rmSync(dir, {recursive: true, force: true}));
    const file = path.join(dir, 'collection.json');
    const seconds = await writePostmanCollectionInWorker(options, contractOutput.json, file);
    expect(seconds).toBeGreaterThan(0);
    expect(fs.readFileSync(file, 'utf8') === (await collectionFile())).toBe(true);
  });

  it("fails the step with the worker's error, naming the file it could not read", async () => {
    const missing = path.join(os.tmpdir(), 'no-such-contract.json');
    await expect(writePostmanCollectionInWorker(options, missing, path.join(os.tmpdir(), 'unwritten.json'))).rejects.toThrow(/ENOENT.*no-such-contract\.json/);
  });

  it('names UUIDs as RFC 9562 does (version 5)', () => {
    // The DNS namespace's www.example.com, as other implementations give it (Python's uuid.uuid5, the uuid package).
    expect(nameUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });
});
