/**
 * `npm run search:push` over search records (here those of a built page kept
 * as a fixture, so no build is needed): the dry run, the errors for a missing
 * configuration and for a public key that is the write key, and a real push to
 * a stub of the hosted service's API on 127.0.0.1, whose requests are checked:
 * the settings, every record with its text escaped, the move of the filled
 * index over the live one, with the write key.
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
import {indexSettings, pushRecords, readRecords} from '../../lib/search/push';
import {readPage, withPageRank} from '../../lib/search/records';
import {LEVELS} from '../../src/shared/search/hierarchy';
import {withEscapedText} from '../../src/shared/search/html-text';

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
  [portalEnv.searchAdminKey]: 'writekey',
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
    // As it would be sent: its text escaped.
    expect(records.map(withEscapedText)).toContainEqual(sample);
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
    for (const name of [portalEnv.searchAppId, portalEnv.searchApiKey, portalEnv.searchIndexName, portalEnv.searchAdminKey])
      expect(none.stderr).toContain(name);

    const {[portalEnv.searchAdminKey]: _, ...withoutKey} = hosted;
    const noKey = push([], withoutKey);
    expect(noKey.status).toBe(1);
    expect(noKey.stderr).toMatch(new RegExp(`missing: ${portalEnv.searchAdminKey}\\.`));
  });

  it('refuses a public search key that is the write key, naming both variables', () => {
    const result = push([], {...hosted, [portalEnv.searchApiKey]: hosted[portalEnv.searchAdminKey]});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${portalEnv.searchApiKey} is the same key as ${portalEnv.searchAdminKey}, the key that may write the index`);
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

type SearchRecordSent = {hierarchy: Record<(typeof LEVELS)[number], string | null>; content: string | null};

interface Received {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: any;
}

/** Markup in a record's text, as a page could hold it in a heading and a paragraph. */
const markup = '<img src=x onerror="window.__injected=1">';
const planted = {
  ...records.find((record) => record.type === 'content')!,
  objectID: 'planted-markup',
  hierarchy: {...records[0].hierarchy, lvl2: `Tags & ${markup}`},
  content: `Don't run ${markup}`,
};

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
      received.push({
        method: request.method!,
        path,
        apiKey: request.headers['x-algolia-api-key'] as string | undefined,
        body: text ? JSON.parse(text) : undefined,
      });
      // Every write is a task, published at once; batches also list their objectIDs.
      const answer = path.includes('/task/')
        ? {status: 'published', pendingTask: false}
        : {taskID: ++tasks, updatedAt: new Date().toISOString(), objectIDs: [] as string[]};
      response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(answer));
    });
  });
  let hosts: NonNullable<Parameters<typeof pushRecords>[2]>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const {port} = server.address() as AddressInfo;
    hosts = {hosts: [{url: '127.0.0.1', port, protocol: 'http', accept: 'readWrite'}]};
    await pushRecords([...records, planted], hosted, hosts);
  }, 60_000);
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const writes = () => received.filter((request) => !request.path.includes('/task/'));
  const sent = () =>
    writes()
      .filter((request) => request.path.endsWith('/batch'))
      .flatMap((batch) => batch.body.requests.map((request: {body: unknown}) => request.body));

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
    expect(new Set(batches.flatMap((batch) => batch.body.requests.map((request: {action: string}) => request.action)))).toEqual(new Set(['addObject']));
    expect(sent().map((record: {objectID: string}) => record.objectID)).toEqual([...records, planted].map((record) => record.objectID));

    const move = writes().at(-1)!;
    expect(move).toMatchObject({path: `/1/indexes/${encodeURIComponent(temporary)}/operation`, body: {operation: 'move', destination: 'portal_docs'}});
    expect(received.indexOf(move)).toBeGreaterThan(received.indexOf(batches.at(-1)!));
  });

  it('sends the text of every record HTML-escaped, and everything else as built', () => {
    const markupSent = sent().find((record: {objectID: string}) => record.objectID === planted.objectID);
    expect(markupSent.content).toBe('Don&#039;t run &lt;img src=x onerror=&quot;window.__injected=1&quot;&gt;');
    expect(markupSent.hierarchy.lvl2).toBe('Tags &amp; &lt;img src=x onerror=&quot;window.__injected=1&quot;&gt;');
    const {hierarchy: _sentHierarchy, content: _sentContent, ...sentRest} = markupSent;
    const {hierarchy: _hierarchy, content: _content, ...plantedRest} = planted;
    expect(sentRest).toEqual(plantedRest);
    // No text attribute of any record carries a character that is markup.
    const texts: string[] = sent().flatMap((record: SearchRecordSent) =>
      [...LEVELS.map((level) => record.hierarchy[level]), record.content].filter((text) => text !== null),
    );
    expect(texts.filter((text) => /[<>"']|&(?!(amp|lt|gt|quot|#039);)/.test(text))).toEqual([]);
    // The build's records do hold such characters, so the check above checks something.
    expect(records.some((record) => /[<>"'&]/.test(record.content ?? ''))).toBe(true);
  });

  it('sends nothing when the public search key is the write key', async () => {
    const before = received.length;
    await expect(pushRecords(records, {...hosted, [portalEnv.searchApiKey]: hosted[portalEnv.searchAdminKey]}, hosts)).rejects.toThrow(
      `${portalEnv.searchApiKey} is the same key as ${portalEnv.searchAdminKey}, the key that may write the index; ` +
        `${portalEnv.searchApiKey} reaches every reader's browser, so it must be the index's search-only key.`,
    );
    expect(received.length).toBe(before);
  });
});
