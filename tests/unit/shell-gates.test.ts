/**
 * Every shell gate the guides show fails closed. A gate is a bash block
 * marked `gate=findings` (it passes only when the API says there is no
 * blocking finding) or `gate=scan` (it passes only when the scan completed
 * with complete coverage); each runs with bash, its base URL pointing at a
 * local stub of the API, against every answer the API can give, and must pass
 * on the good answers only: it fails on 401, 403, 429 (or retries it, as it
 * says), 500, a body that is not JSON, one without the field it reads, an
 * unreachable host and, for a scan, coverage gaps.
 */
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {portalConfig, portalTokens} from '../../portal.config';
import {repoRoot} from '../../lib/paths';
import {documentationFiles} from '../../lib/docs/drift';
import {docCodeBlocks, type DocCodeBlock} from '../doc-code-blocks';
import {runProgram} from '../run-program';

const TARGET_ID = '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c';
const SCAN_ID = '5a7e2c91-3d4b-4f6a-8e1c-2b9d0f7a6c35';
const keyVariable = `${portalTokens(portalConfig).envPrefix}_API_KEY`;

/** One answer of the stub: status, content type, body, extra headers. */
type Answer = readonly [number, string, unknown, Record<string, string>?];
const json = (status: number, body: unknown, headers?: Record<string, string>): Answer => [status, 'application/json', body, headers];
const ERRORS = {
  unauthorized: [json(401, {code: 'api_key_invalid', detail: 'The API key is invalid, expired or revoked.'})],
  forbidden: [json(403, {code: 'permission_denied', detail: 'The API key lacks the permission targets.view.'})],
  'server error': [json(500, {code: 'internal_error', detail: 'A server error occurred.'})],
  'not JSON': [[200, 'text/html', '<html><body>Maintenance</body></html>'] as Answer],
  // The scenario's base URL is a port nothing listens on.
  unreachable: [],
};
const COMPLETE = {complete: true, gaps: []};

/** Per kind of gate, the answers of each scenario in the order requests get them (the last one repeats). */
const SCENARIOS = {
  findings: {
    clean: [json(200, {count: 0, page: 1, page_total: 1, results: []})],
    findings: [json(200, {count: 2, page: 1, page_total: 2, results: [{id: '9d2b4f6a-8c1e-4b3d-a5f7-6e8c0a2b4d19', severity: 'critical'}]})],
    ...ERRORS,
    'rate limited': [json(429, {detail: 'Request was throttled.'}, {'retry-after': '0'})],
    'no count': [json(200, {results: []})],
  },
  scan: {
    completed: [json(200, {id: SCAN_ID, status: 'completed', progress: 100, coverage: COMPLETE})],
    'rate limited, then completed': [
      json(429, {detail: 'Request was throttled.'}, {'retry-after': '0'}),
      json(200, {id: SCAN_ID, status: 'completed', progress: 100, coverage: COMPLETE}),
    ],
    'coverage gaps': [json(200, {id: SCAN_ID, status: 'completed', progress: 100, coverage: {complete: false, gaps: ['login_failed']}})],
    'no coverage': [json(200, {id: SCAN_ID, status: 'completed', progress: 100})],
    failed: [json(200, {id: SCAN_ID, status: 'failed', progress: 40, failure_reason: 'The target did not answer.'})],
    canceled: [json(200, {id: SCAN_ID, status: 'canceled', progress: 40})],
    ...ERRORS,
    'no status': [json(200, {id: SCAN_ID, progress: 100})],
  },
} as const satisfies Record<string, Record<string, readonly Answer[]>>;
type Kind = keyof typeof SCENARIOS;
/** The scenarios a gate of each kind may pass on. */
const PASSES: Record<Kind, string[]> = {findings: ['clean'], scan: ['completed', 'rate limited, then completed']};

/** Where each kind of gate asks. */
const PATHS: Record<Kind, (pathname: string) => boolean> = {
  findings: (pathname) => pathname === `/api/v1/targets/${TARGET_ID}/findings/` || pathname === '/api/v1/findings/',
  scan: (pathname) => pathname === `/api/v1/targets/${TARGET_ID}/scans/${SCAN_ID}/` || pathname === `/api/v1/scans/${SCAN_ID}/`,
};

let kind: Kind = 'findings';
let answers: readonly Answer[] = [];
let requests = 0;
let stubUrl = '';
let unreachableUrl = '';
const stub = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://stub');
  // Only the resource the gate reads, with the key, gets the scenario's answer; anything else would be a gate bug.
  if (!PATHS[kind](url.pathname)) {
    response.writeHead(404, {'content-type': 'application/json'}).end('{"detail": "Not found."}');
    return;
  }
  if (request.headers.authorization !== 'JWT test-key') {
    response.writeHead(401, {'content-type': 'application/json'}).end('{"detail": "no key"}');
    return;
  }
  const [status, type, body, headers] = answers[Math.min(requests, answers.length - 1)];
  requests += 1;
  response.writeHead(status, {'content-type': type, ...headers}).end(typeof body === 'string' ? body : JSON.stringify(body));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  // A port that was free a moment ago, closed again: connecting to it is refused.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  unreachableUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});
afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

/** {{apiUrl}} in the gates, replaced by the scenario's base URL when they run (pages are parsed once, before the stub listens). */
const API_URL = 'http://api.stub.invalid';
const gateKind = (block: DocCodeBlock): Kind | undefined =>
  block.lang === 'bash' ? (/\bgate=(findings|scan)\b/.exec(block.meta)?.[1] as Kind | undefined) : undefined;
const documentationBlocks = documentationFiles().flatMap((file) => docCodeBlocks(file, {apiUrl: API_URL}));
const documentationGates = documentationBlocks.filter((block) => gateKind(block));

/** The rate-limit helper the pages tell readers to save beside their script. */
const RETRY_HELPER = {'retry.sh': fs.readFileSync(path.join(repoRoot, 'docs/api/rate-limits/retry.sh'), 'utf8')};

/** Runs a snippet with bash in a scratch directory, with API_URL in its environment; its exit code. */
async function run(snippet: string, baseUrl: string): Promise<{code: number | null; output: string}> {
  // Few retries, with short waits: a gate that gives up on a server error or an unreachable host does so in seconds.
  // A gate that hangs (a loop reading a bad answer again and again) holds a CI job until its own timeout: reported as hung.
  const {code, stdout, stderr} = await runProgram({
    language: 'bash',
    code: snippet,
    files: RETRY_HELPER,
    env: {TARGET_ID, SCAN_ID, [keyVariable]: 'test-key', API_URL: baseUrl, MAX_RETRIES: '2', BACKOFF_SECONDS: '0.1'},
    timeoutMs: 10_000,
  });
  return {code, output: `${stdout}${stderr}`};
}

/** Runs a gate on one scenario, its base URL given both ways: as {{apiUrl}} and as API_URL. */
function runOn(gate: DocCodeBlock, scenario: string, sequence: readonly Answer[]) {
  answers = sequence;
  requests = 0;
  const baseUrl = scenario === 'unreachable' ? unreachableUrl : stubUrl;
  return run(gate.value.replaceAll(API_URL, baseUrl), baseUrl);
}

/** The scenarios in which a gate passed (exit code 0), and those in which it hung, marked so. */
async function passesOn(gate: DocCodeBlock): Promise<string[]> {
  kind = gateKind(gate)!;
  const passed: string[] = [];
  for (const [name, sequence] of Object.entries(SCENARIOS[kind])) {
    const {code} = await runOn(gate, name, sequence);
    if (code === 0) passed.push(name);
    if (code === null) passed.push(`${name} (hung)`);
  }
  return passed;
}

describe('the shell gates of the guides', () => {
  it('are found: every bash block that counts findings or reads a scan status with curl is marked as a gate', () => {
    const deciding = documentationBlocks.filter((block) => block.lang === 'bash' && /curl\b/.test(block.value) && /\.count\b|completed\)/.test(block.value));
    const unmarked = deciding.filter((block) => !gateKind(block)).map((block) => `${block.file}:${block.line}`);
    expect(unmarked).toEqual([]);
    expect(documentationGates.map((gate) => `${gate.file} ${gate.meta}`)).toEqual([
      'docs/api/overview-api-documentation.md gate=scan',
      'docs/api/quick-start.md gate=scan',
      'docs/api/tutorials/findings/list-findings.md gate=findings',
      'docs/api/tutorials/scans/check-scan-completion.md gate=scan',
      'docs/cli/ci/index.md gate=findings',
      'docs/concepts/finding-concept.md gate=findings',
      'docs/concepts/scan-concept.md gate=scan',
    ]);
  });

  it('each fails closed: passes on the good answers only', async () => {
    for (const gate of documentationGates) expect(await passesOn(gate), `${gate.file}:${gate.line}`).toEqual(PASSES[gateKind(gate)!]);
  }, 180_000);

  it('the harness catches a gate that fails open', async () => {
    const [planted] = docCodeBlocks('tests/fixtures/ci/fail-open-gate.md', {apiUrl: API_URL}).filter((block) => gateKind(block));
    expect(await passesOn(planted)).toEqual(['clean', 'unauthorized', 'forbidden', 'server error', 'not JSON', 'unreachable', 'rate limited', 'no count']);
  }, 60_000);

  it('the harness catches a scan gate that passes a completed scan without reading its coverage', async () => {
    const [planted] = docCodeBlocks('tests/fixtures/ci/coverage-blind-gate.md', {apiUrl: API_URL}).filter((block) => gateKind(block));
    expect(await passesOn(planted)).toEqual(['completed', 'rate limited, then completed', 'coverage gaps', 'no coverage']);
  }, 60_000);

  // Every gate takes the base URL from API_URL, defaulting to production, as the sandbox page advises.
  it('read their base URL from API_URL, so they run against the sandbox unchanged', async () => {
    const ours = documentationGates;
    expect(ours.length).toBeGreaterThanOrEqual(7);
    const fixedUrl: string[] = [];
    for (const gate of ours) {
      kind = gateKind(gate)!;
      const [good, sequence] = Object.entries(SCENARIOS[kind])[0];
      answers = sequence;
      requests = 0;
      // {{apiUrl}} stays a host that does not resolve: only API_URL leads to the stub.
      if ((await run(gate.value, stubUrl)).code !== 0) fixedUrl.push(`${gate.file}:${gate.line} (${good})`);
    }
    expect(fixedUrl).toEqual([]);
  }, 60_000);
});
