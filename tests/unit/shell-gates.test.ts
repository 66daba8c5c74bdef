/**
 * Every shell gate the guides show fails closed. A gate is a bash block
 * marked `gate=findings` (it passes only when the API says there is no
 * blocking finding); each runs with bash, its {{apiUrl}} pointing at a local
 * stub of the API, against every answer the API can give: it must pass on
 * the clean answer only, and fail on findings, 401, 403, 429, 500, a body
 * that is not JSON and one without a count.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {portalConfig, portalTokens} from '../../portal.config';
import {documentationFiles} from '../../scripts/docs/drift';
import {docCodeBlocks, type DocCodeBlock} from '../doc-code-blocks';

const TARGET_ID = '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c';
const SCAN_ID = '5a7e2c91-3d4b-4f6a-8e1c-2b9d0f7a6c35';
const keyVariable = `${portalTokens(portalConfig).envPrefix}_API_KEY`;

/** What the stub answers a findings list with, per scenario: status, content type, body, extra headers. */
const ANSWERS = {
  clean: [200, 'application/json', {count: 0, page: 1, page_total: 1, results: []}],
  findings: [200, 'application/json', {count: 2, page: 1, page_total: 2, results: [{id: '9d2b4f6a-8c1e-4b3d-a5f7-6e8c0a2b4d19', severity: 'critical'}]}],
  unauthorized: [401, 'application/json', {detail: 'Authentication credentials were not provided.'}],
  forbidden: [403, 'application/json', {detail: 'You do not have permission to perform this action.'}],
  'rate limited': [429, 'application/json', {detail: 'Request was throttled.'}, {'retry-after': '0'}],
  'server error': [500, 'application/json', {detail: 'Internal server error.'}],
  'not JSON': [200, 'text/html', '<html><body>Maintenance</body></html>'],
  'no count': [200, 'application/json', {results: []}],
} as const satisfies Record<string, readonly [number, string, unknown, Record<string, string>?]>;
type Scenario = keyof typeof ANSWERS;

let scenario: Scenario = 'clean';
let stubUrl = '';
const stub = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://stub');
  // Only the findings list of the target, with a key, gets the scenario's answer; anything else would be a gate bug.
  if (!url.pathname.startsWith(`/api/v1/targets/${TARGET_ID}/findings/`) && url.pathname !== '/api/v1/findings/') {
    response.writeHead(404, {'content-type': 'application/json'}).end('{"detail": "Not found."}');
    return;
  }
  const [status, type, body, headers] = ANSWERS[scenario] as readonly [number, string, unknown, Record<string, string>?];
  if (request.headers.authorization !== 'JWT test-key') {
    response.writeHead(401, {'content-type': 'application/json'}).end('{"detail": "no key"}');
    return;
  }
  response.writeHead(status, {'content-type': type, ...headers}).end(typeof body === 'string' ? body : JSON.stringify(body));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

/** {{apiUrl}} in the gates, replaced by the stub's URL when they run (pages are parsed once, before the stub listens). */
const API_URL = 'http://api.stub.invalid';
const isGate = (block: DocCodeBlock) => block.lang === 'bash' && /\bgate=findings\b/.test(block.meta);
const documentationBlocks = documentationFiles().flatMap((file) => docCodeBlocks(file, {apiUrl: API_URL}));

/** Runs a snippet with bash in a scratch directory; its exit code. */
function run(snippet: string): Promise<{code: number | null; output: string}> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-'));
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', snippet], {cwd, env: {PATH: process.env.PATH, HOME: cwd, TARGET_ID, SCAN_ID, [keyVariable]: 'test-key'}});
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // A gate that hangs never passes, but a CI job would wait for it: that is a failure of the test too.
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      fs.rmSync(cwd, {recursive: true, force: true});
      resolve({code, output});
    });
  });
}

/** The scenarios in which a gate passed (exit code 0). */
async function passesOn(gate: DocCodeBlock): Promise<Scenario[]> {
  const passed: Scenario[] = [];
  for (const name of Object.keys(ANSWERS) as Scenario[]) {
    scenario = name;
    const {code} = await run(gate.value.replaceAll(API_URL, stubUrl));
    if (code === 0) passed.push(name);
  }
  return passed;
}

describe('the shell gates of the guides', () => {
  it('are found: every bash block that counts findings with curl is marked as a gate', () => {
    const counting = documentationBlocks.filter((block) => block.lang === 'bash' && /curl\b/.test(block.value) && /\.count\b/.test(block.value));
    expect(counting.filter((block) => !isGate(block)).map((block) => `${block.file}:${block.line}`)).toEqual([]);
    expect(documentationBlocks.filter(isGate).map((gate) => gate.file)).toEqual(['docs/api/tutorials/findings/list-findings.md', 'docs/cli/ci/index.md', 'docs/concepts/finding-concept.md']);
  });

  it('each fails closed: passes on the clean answer only', async () => {
    const results = [];
    for (const gate of documentationBlocks.filter(isGate)) results.push([`${gate.file}:${gate.line}`, await passesOn(gate)]);
    expect(results.length).toBe(3);
    for (const [place, passed] of results) expect(passed, String(place)).toEqual(['clean']);
  }, 120_000);

  it('the harness catches a gate that fails open', async () => {
    const [planted] = docCodeBlocks('tests/fixtures/ci/fail-open-gate.md', {apiUrl: API_URL}).filter(isGate);
    expect(await passesOn(planted)).toEqual(['clean', 'unauthorized', 'forbidden', 'rate limited', 'server error', 'not JSON', 'no count']);
  }, 60_000);
});
