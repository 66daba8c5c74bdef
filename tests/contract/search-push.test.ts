/**
 * `npm run search:push` over search records (here those of a built page kept
 * as a fixture, so no build is needed): the dry run, the error for a missing
 * configuration, and a real push to a stub of the hosted service's API on
 * 127.0.0.1, whose requests are checked: the settings, every record, the move
 * of the filled index over the live one, with the write key.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {portalEnv} from '../../portal.config';
import {repoRoot} from '../../lib/paths';
import {ADMIN_KEY_ENV, indexSettings, pushRecords, readRecords} from '../../lib/search/push';
import {readPage, withPageRank} from '../../lib/search/records';

const page = '/api/reference/targets-scans-create';
const read = readPage(fs.readFileSync(path.join(repoRoot, 'tests/fixtures/search/page.html'), 'utf8'), page);
const records = withPageRank(read.records, new Map([[page, read.links]]));
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-push-'));
/** The records as the build writes them (build/search/records.json). */
const recordsFile = path.join(workDir, 'records.json');
fs.writeFileSync(recordsFile, JSON.stringify(records));
afterAll(() => fs.rmSync(workDir, {recursive: true, force: true}));
const hosted = {
  [portalEnv.searchAppId]: 'TESTAPP',
  [portalEnv.searchApiKey]: 'searchonlykey',
  [portalEnv.searchIndexName]: 'portal_docs',
  [ADMIN_KEY_ENV]: 'writekey',
};

/** The script as a deployer runs it, on the records file, with no search variable but those given. */
function push(args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PORTAL_SEARCH_')));
  return spawnSync('npx', ['tsx', 'scripts/search-push.ts', ...args, recordsFile], {cwd: repoRoot, env: {...clean, ...env}, encoding: 'utf8', timeout: 60_000});
}

// Each run starts the script in its own process, slow on a busy machine.
describe('search:push --dry-run', {timeout: 60_000}, () => {
  it('prints the count, the settings and a sample record without any key', () => {
    const result = push(['--dry-run']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Dry run: nothing is sent.');
    expect(result.stdout).toContain(`Index: none configured (${portalEnv.searchIndexName})`);
    expect(result.stdout).toContain(`Records: ${records.length} `);
    const settings = JSON.parse(result.stdout.match(/^Settings: (\{[\s\S]*?^\})$/m)![1]);
    expect(settings).toEqual(indexSettings);
    const sample = JSON.parse(result.stdout.match(/^Sample record: (\{[\s\S]*?^\})$/m)![1]);
    expect(records).toContainEqual(sample);
  });

  it('names the configured index, and sends nothing (it would fail here, with no route to the service)', () => {
    const result = push(['--dry-run'], hosted);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Index: portal_docs (application TESTAPP)');
  });
});

describe('search:push without its configuration', {timeout: 60_000}, () => {
  it('fails naming every missing variable', () => {
    const none = push([]);
    expect(none.status).toBe(1);
    for (const name of [portalEnv.searchAppId, portalEnv.searchApiKey, portalEnv.searchIndexName, ADMIN_KEY_ENV]) expect(none.stderr).toContain(name);

    const {[ADMIN_KEY_ENV]: _, ...withoutKey} = hosted;
    const noKey = push([], withoutKey);
    expect(noKey.status).toBe(1);
    expect(noKey.stderr).toMatch(new RegExp(`missing: ${ADMIN_KEY_ENV}\\.`));
  });
});

describe('the records search:push sends', () => {
  it('each have an objectID of their own, or nothing is sent', () => {
    const file = path.join(workDir, 'broken-records.json');
    const [first, second] = records;
    fs.writeFileSync(file, JSON.stringify([first, {...second, objectID: ''}]));
    expect(() => readRecords(file)).toThrow(`Record 1 (${second.url}) has no objectID.`);
    fs.writeFileSync(file, JSON.stringify([first, {...second, objectID: first.objectID}]));
    expect(() => readRecords(file)).toThrow(`Record 1 (${second.url}) repeats objectID ${first.objectID}.`);
  });
});

interface Received {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: any;
}

describe('search:push to the hosted service', {timeout: 60_000}, () => {
  const received: Received[] = [];
  let tasks = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const text = (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      const path = new URL(request.url!, 'http://stub').pathname;
      received.push({method: request.method!, path, apiKey: request.headers['x-algolia-api-key'] as string | undefined, body: text ? JSON.parse(text) : undefined});
      // Every write is a task, published at once; batches also list their objectIDs.
      const answer = path.includes('/task/')
        ? {status: 'published', pendingTask: false}
        : {taskID: ++tasks, updatedAt: new Date().toISOString(), objectIDs: [] as string[]};
      response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(answer));
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const {port} = server.address() as AddressInfo;
    await pushRecords(
      records,
      {appId: 'TESTAPP', indexName: 'portal_docs', adminKey: 'writekey'},
      {hosts: [{url: '127.0.0.1', port, protocol: 'http', accept: 'readWrite'}]},
    );
  }, 60_000);
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const writes = () => received.filter((request) => !request.path.includes('/task/'));

  it('writes with the admin key only', () => {
    expect(new Set(received.map((request) => request.apiKey))).toEqual(new Set(['writekey']));
  });

  it("sets the crawler's settings on the live index first", () => {
    expect(writes()[0]).toMatchObject({method: 'PUT', path: '/1/indexes/portal_docs/settings', body: indexSettings});
  });

  it('fills a copy of the index with every record, then moves it over the live index', () => {
    const operations = writes().filter((request) => request.path.endsWith('/operation'));
    const copy = operations.find((request) => request.body.operation === 'copy')!;
    expect(copy.path).toBe('/1/indexes/portal_docs/operation');
    const temporary: string = copy.body.destination;
    expect(temporary).toMatch(/^portal_docs_tmp_/);
    expect(copy.body.scope).toContain('settings');

    const batches = writes().filter((request) => request.path.endsWith('/batch'));
    expect(new Set(batches.map((batch) => batch.path))).toEqual(new Set([`/1/indexes/${encodeURIComponent(temporary)}/batch`]));
    const sent = batches.flatMap((batch) => batch.body.requests);
    expect(new Set(sent.map((request: {action: string}) => request.action))).toEqual(new Set(['addObject']));
    expect(sent.map((request: {body: unknown}) => request.body)).toEqual(records);

    const move = writes().at(-1)!;
    expect(move).toMatchObject({path: `/1/indexes/${encodeURIComponent(temporary)}/operation`, body: {operation: 'move', destination: 'portal_docs'}});
    expect(received.indexOf(move)).toBeGreaterThan(received.indexOf(batches.at(-1)!));
  });
});
