/** The sandbox answers like the contract says, and as the API quick start and the tutorials show. */
import {randomUUID} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {isDeepStrictEqual} from 'node:util';
import type {Code} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {visit} from 'unist-util-visit';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {OperationIndex} from '../../lib/contract/operations';
import {documentationFiles} from '../../lib/docs/drift';
import {isRequestBlock, parseHttpBlock, requestedExample, requestedStatus} from '../../lib/docs/http-requests';
import {repoRoot} from '../../lib/paths';
import type {RunningServer} from '../../lib/serve/running-server';
import {prismMockArguments, startSandbox} from '../../lib/serve/sandbox';
import {freePort} from '../../lib/serve/free-port';

/** Headers with a key of its own: any new key value is a fresh, seeded account. */
const freshAuth = () => ({Authorization: `JWT sandbox-test-${randomUUID()}`, 'Content-Type': 'application/json'});
const auth = freshAuth();
let sandbox: RunningServer;

beforeAll(async () => {
  // Fast enough that a scan starts within a test, slow enough to see it queued first.
  sandbox = await startSandbox({port: await freePort(), clockSpeed: 50});
}, 60_000);
afterAll(() => sandbox?.close());

describe('the sandbox', () => {
  it('answers a list with the contract example, paginated', async () => {
    const response = await fetch(`${sandbox.url}/api/v1/targets/`, {headers: auth});
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(['count', 'page_total', 'page', 'length', 'results']);
    expect(body.results[0]).toMatchObject({name: 'Checkout web app', type: 'web_app'});
  });

  it('creates with 201 when the body is valid', async () => {
    const response = await fetch(`${sandbox.url}/api/v1/targets/`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({name: 'Shop', type: 'web_app', url: 'https://shop.example.com', labels: [], team_id: '8b1f6c3d-2e4a-4f5b-9c7d-1a2b3c4d5e6f'}),
    });
    expect(response.status).toBe(201);
  });

  it('rejects an invalid body with the contract 400', async () => {
    const response = await fetch(`${sandbox.url}/api/v1/targets/`, {method: 'POST', headers: auth, body: JSON.stringify({name: 42})});
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(['code', 'detail', 'errors', 'request_id']);
    expect(body.code).toBe('validation_failed');
  });

  it('rejects a request without the API key with the contract 401', async () => {
    const response = await fetch(`${sandbox.url}/api/v1/scans/`);
    expect(response.status).toBe(401);
    expect((await response.json()).detail).toBe('Authentication credentials were not provided.');
  });

  it("answers each permission's own example when asked for it by codename, and the first without the header", async () => {
    const permission = (codename: string, headers: Record<string, string> = {}) =>
      fetch(`${sandbox.url}/api/v1/permissions/${codename}/`, {headers: {...auth, ...headers}}).then((response) => response.json());
    expect(await permission('findings.retest', {Prefer: 'example=findings.retest'})).toMatchObject({codename: 'findings.retest', category: 'findings'});
    expect(await permission('users.manage', {Prefer: 'example=users.manage'})).toMatchObject({codename: 'users.manage', category: 'users'});
    expect((await permission('findings.retest')).codename).toBe('targets.scan');
  });

  it('answers the example a tutorial shows when asked for it by name', async () => {
    const response = await fetch(`${sandbox.url}/api/v1/targets/?type=api`, {headers: {...auth, Prefer: 'example=api-targets'}});
    expect((await response.json()).results.map((target: {type: string}) => target.type)).toEqual(['api']);
  });

  it('pauses a started scan', async () => {
    const target = '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c';
    const headers = freshAuth();
    const scan = await fetch(`${sandbox.url}/api/v1/targets/${target}/scans/`, {method: 'POST', headers}).then((response) => response.json());
    await expect
      .poll(() => fetch(`${sandbox.url}/api/v1/scans/${scan.id}/`, {headers}).then((response) => response.json().then((body) => body.status)))
      .toBe('started');
    const response = await fetch(`${sandbox.url}/api/v1/targets/${target}/scans/${scan.id}/pause/`, {method: 'POST', headers});
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe('paused');
  });

  it('starts a scan from a POST without a body, every field of which is optional', async () => {
    const response = await fetch(`${sandbox.url}/api/v1/targets/3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c/scans/`, {
      method: 'POST',
      headers: {Authorization: auth.Authorization},
    });
    expect(response.status).toBe(201);
    expect((await response.json()).status).toBe('queued');
  });

  it('redelivers a webhook delivery with 202 Accepted and the same delivery id', async () => {
    const response = await fetch(
      `${sandbox.url}/api/v1/webhooks/e3f4a5b6-c7d8-4e9f-a0b1-c2d3e4f5a6b7/deliveries/f1a2b3c4-d5e6-4f7a-8b9c-0d1e2f3a4b5c/redeliver/`,
      {method: 'POST', headers: {Authorization: auth.Authorization}},
    );
    expect(response.status).toBe(202);
    const body = await response.json();
    expect(body.delivery_id).toBe(body.payload.id);
  });
});

const requestBlocks = (file: string): Code[] => {
  const blocks: Code[] = [];
  visit(fromMarkdown(fs.readFileSync(file, 'utf8')), 'code', (node: Code) => {
    if (isRequestBlock(node)) blocks.push(node);
  });
  return blocks;
};

/**
 * Sends a page's request block to the sandbox, asking for the named example
 * it shows, and expects the response the page shows: the same body, or, for
 * an answer from the account's state (new ids, the time of creation, what
 * earlier requests changed), a body with the same fields.
 */
async function expectShownResponse(block: Code, operations: OperationIndex, headers: Record<string, string> = auth): Promise<void> {
  const request = parseHttpBlock(block.value);
  const operation = operations.match(request.method, request.path)!;
  const status = requestedStatus(block.meta) ?? operation.success.status;
  const name = requestedExample(block.meta);
  const response = await fetch(`${sandbox.url}${request.written}`, {
    method: request.method,
    headers: {...headers, ...(name ? {Prefer: `example=${name}`} : {})},
    ...(request.body === undefined ? {} : {body: JSON.stringify(request.body)}),
  });
  expect(String(response.status), request.written).toBe(status);
  const shown = operations.responseExample(operation, status, name);
  if (shown === undefined) return;
  const answer = await response.json();
  if (isDeepStrictEqual(answer, shown)) return;
  expect(Object.keys(answer).sort(), `${request.written} ${name ?? ''}`).toEqual(Object.keys(shown as object).sort());
}

/** Pages a reader follows call by call: the quick start and the automation tutorials. */
const FOLLOWED_PAGES = [
  'docs/api/quick-start.md',
  'docs/api/tutorials/findings/generate-and-download-a-report.md',
  'docs/api/tutorials/scans/schedule-scans.md',
  'docs/api/tutorials/findings/send-findings-to-jira.md',
  'docs/api/tutorials/targets/scan-an-internal-application-with-a-scanning-agent.md',
];

describe.each(FOLLOWED_PAGES)('%s, followed against the sandbox', (page) => {
  const blocks = requestBlocks(path.join(repoRoot, page));
  const operations = OperationIndex.load();

  it('gets the documented response to every request, sent in order', async () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const headers = freshAuth();
    for (const block of blocks) await expectShownResponse(block, operations, headers);
  });
});

describe('the named examples pages show', () => {
  const operations = OperationIndex.load();
  const blocks = documentationFiles()
    .flatMap(requestBlocks)
    .filter((block) => requestedExample(block.meta));

  it('are what the sandbox answers to Prefer: example=<name>', async () => {
    expect(blocks.length).toBeGreaterThanOrEqual(12);
    for (const block of blocks) await expectShownResponse(block, operations);
  });
});

describe("the sandbox page's command", () => {
  it('runs the mock the sandbox runs, at the pinned version, on the published openapi.yaml', () => {
    const page = fs.readFileSync(path.join(repoRoot, 'docs/api/api-sandbox.md'), 'utf8');
    const commands: string[] = [];
    visit(fromMarkdown(page), 'code', (node: Code) => {
      if (node.value.includes('prism-cli')) commands.push(node.value.trim());
    });
    const {version} = JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules/@stoplight/prism-cli/package.json'), 'utf8'));
    expect(commands).toEqual([`npx @stoplight/prism-cli@${version} ${prismMockArguments('openapi.yaml', 4010).join(' ')}`]);
  });
});
