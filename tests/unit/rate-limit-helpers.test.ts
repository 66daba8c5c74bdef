/**
 * The retry helpers the API overview shows (the page includes these very
 * files, docs/api/rate-limits/), run in their languages against a local
 * server: 429 or 503 with a Retry-After in seconds or as an HTTP date, and
 * without one they can read, which they back off from; a 500 and a
 * connection broken before any answer, which a GET sends again; answers that
 * never get better, on which each gives up after its retries; and a port
 * nothing listens on. They need bash, curl, python3 with requests, node and
 * go, which .ci/run installs.
 */
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {documentationFiles} from '../../lib/docs/drift';
import {repoRoot} from '../../lib/paths';
import {docCodeBlocks} from '../doc-code-blocks';
import {buildGoProgram} from '../go-program';

const HELPERS_DIR = path.join(repoRoot, 'docs/api/rate-limits');
const programsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rate-limit-helpers-'));
afterAll(() => fs.rmSync(programsDir, {recursive: true, force: true}));

/** Built once, on first use. */
let goProgramCommand: string[] | undefined;
const goProgram = () => (goProgramCommand ??= buildGoProgram(HELPERS_DIR, 'retry.go', programsDir));

/** Each helper run on a URL with its retries, the first wait of its backoff in seconds and a method (GET unless given). */
const HELPERS: {
  language: string;
  run: (url: string, retries: number, backoff: number, method?: string) => {command: string[]; env?: Record<string, string>};
}[] = [
  {language: 'Python', run: (url, retries, backoff, method = 'GET') => ({command: ['python3', 'retry.py', url, String(retries), String(backoff), method]})},
  {language: 'JavaScript', run: (url, retries, backoff, method = 'GET') => ({command: ['node', 'retry.mjs', url, String(retries), String(backoff), method]})},
  {language: 'Go', run: (url, retries, backoff, method = 'GET') => ({command: [...goProgram(), url, String(retries), String(backoff), method]})},
  {
    language: 'curl (bash)',
    run: (url, retries, backoff, method = 'GET') => ({
      command: ['bash', '-c', 'source retry.sh && curl_with_retry --request "$1" "$0"', url, method],
      env: {MAX_RETRIES: String(retries), BACKOFF_SECONDS: String(backoff)},
    }),
  },
];

/** An answer of the server, or `reset`: the connection is broken before any answer. */
type Answer = {status: number; retryAfter?: () => string} | 'reset';

/** A server that gives the answers in turn (the last one again once they run out), and records when each connection or request came. */
async function answering(answers: Answer[]) {
  const arrivals: number[] = [];
  const server = http.createServer((_request, response) => {
    const answer = answers[Math.min(arrivals.length - 1, answers.length - 1)] as Exclude<Answer, 'reset'>;
    // Connection: close, so that every attempt comes on a connection of its own, as the count of connections assumes.
    const headers = {'Content-Type': 'application/json', Connection: 'close', ...(answer.retryAfter ? {'Retry-After': answer.retryAfter()} : {})};
    response.writeHead(answer.status, headers);
    response.end(JSON.stringify({status: answer.status}));
  });
  server.on('connection', (socket) => {
    arrivals.push(performance.now());
    if (answers[Math.min(arrivals.length - 1, answers.length - 1)] === 'reset') socket.resetAndDestroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/targets/`, arrivals, close: () => server.close()};
}

function run({
  command: [program, ...args],
  env,
}: {
  command: string[];
  env?: Record<string, string>;
}): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    const child = spawn(program, args, {cwd: HELPERS_DIR, env: {...process.env, API_KEY: 'test-key', ...env}});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('exit', (code) => resolve({code, stdout, stderr}));
  });
}

describe.each(HELPERS)('the $language rate-limit helper', ({run: helper}) => {
  it('waits as each 429 or 503 says (seconds, an HTTP date), backs off where it says nothing readable, and returns the 200 that follows', async () => {
    const server = await answering([
      {status: 429, retryAfter: () => '2'},
      // At least two whole seconds ahead: the date has no fraction of a second.
      {status: 503, retryAfter: () => new Date(Date.now() + 3000).toUTCString()},
      {status: 429},
      {status: 429, retryAfter: () => 'soon'},
      {status: 200},
    ]);
    try {
      const result = await run(helper(server.url, 4, 0.25));
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(server.arrivals).toHaveLength(5);
      // Each wait lasts at least what was asked for: 2 s, until the date, then at least half the backoff of the
      // third and fourth retries (0.25 s doubled twice and three times). Not waiting on a header it cannot read falls short.
      const waits = server.arrivals.slice(1).map((arrival, index) => Math.round(arrival - server.arrivals[index]));
      expect(waits.map((wait, index) => wait >= [1900, 1900, 450, 900][index])).toEqual([true, true, true, true]);
    } finally {
      server.close();
    }
  }, 30_000);

  it('sends a GET again after a 500, and after a connection broken before any answer', async () => {
    const server = await answering([{status: 500}, 'reset', {status: 200}]);
    try {
      const result = await run(helper(server.url, 4, 0.1));
      expect(result.code).toBe(0);
      expect(server.arrivals).toHaveLength(3);
      expect(result.stdout).toContain('200');
    } finally {
      server.close();
    }
  }, 30_000);

  it('does not send a POST again after a 500 or a broken connection, which it may have carried out, but does after a 429', async () => {
    for (const [first, arrivals] of [
      [{status: 500}, 1],
      ['reset', 1],
      [{status: 429, retryAfter: () => '0'}, 2],
    ] as const) {
      const server = await answering([first, {status: 200}]);
      try {
        const result = await run(helper(server.url, 4, 0.1, 'POST'));
        expect(server.arrivals, JSON.stringify(first)).toHaveLength(arrivals);
        expect(result.code === 0, JSON.stringify(first)).toBe(arrivals === 2);
      } finally {
        server.close();
      }
    }
  }, 30_000);

  it('gives up after its retries and reports the last answer: a 429, a 500', async () => {
    for (const status of [429, 500]) {
      const server = await answering([{status, retryAfter: () => '0'}]);
      try {
        const result = await run(helper(server.url, 2, 0.1));
        expect(result.code).not.toBe(0);
        expect(server.arrivals).toHaveLength(3);
        expect(result.stdout).toContain(String(status));
      } finally {
        server.close();
      }
    }
  }, 30_000);

  it('gives up on a port nothing listens on, and says why', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/api/v1/targets/`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await run(helper(url, 2, 0.1));
    expect(result.code).not.toBe(0);
    // Refused, as each says it: "Connection refused", "ECONNREFUSED", "Failed to connect".
    expect(result.stderr).toMatch(/connect/i);
  }, 30_000);
});

describe('the samples that retry', () => {
  const blocks = documentationFiles().flatMap((file) => docCodeBlocks(file));
  const retrying = blocks.filter((block) => ['python', 'javascript', 'js', 'go'].includes(block.lang) && /\b429\b|Retry-After/.test(block.value));
  const users = blocks.filter((block) => block.lang === 'python' && /^from retry import/m.test(block.value));
  const where = (block: (typeof blocks)[number]) => `${block.file}:${block.line}`;

  it('use the helper of their language one way: a RetryingSession, whose requests retry, in Python', () => {
    expect(users.length).toBeGreaterThanOrEqual(10);
    expect(users.filter((block) => !/^from retry import RetryingSession\s/m.test(block.value)).map(where)).toEqual([]);
    expect(retrying.filter((block) => !users.includes(block)).map(where)).toEqual([]);
    // A sample that reads the status itself, or makes its requests another way, retries in its own way or not at all.
    expect(users.filter((block) => /status_code == 429|requests\.(?:get|post|put|patch|delete|Session)\(/.test(block.value)).map(where)).toEqual([]);
  });

  it('in bash, leave the waiting to curl_with_retry from the helper', () => {
    const helper = fs.readFileSync(path.join(HELPERS_DIR, 'retry.sh'), 'utf8').trim();
    const bash = blocks.filter((block) => block.lang === 'bash' && block.value.trim() !== helper);
    // Reading the header itself (`retry-after:`) is the helper's job.
    expect(bash.filter((block) => /retry-after:/i.test(block.value)).map(where)).toEqual([]);
    const sourcing = bash.filter((block) => /^source .*retry\.sh/m.test(block.value));
    expect(sourcing.length).toBeGreaterThanOrEqual(6);
    for (const block of sourcing) expect(block.value, where(block)).toContain('curl_with_retry ');
  });

  it('compile beside the helper they import', () => {
    const dir = fs.mkdtempSync(path.join(programsDir, 'samples-'));
    fs.copyFileSync(path.join(HELPERS_DIR, 'retry.py'), path.join(dir, 'retry.py'));
    const samples = users.map((block, index) => {
      const file = path.join(dir, `sample_${index}.py`);
      fs.writeFileSync(file, block.value);
      return {file, where: where(block)};
    });
    // Compiles each sample and resolves its import of the helper, without running it.
    const check = spawnSync(
      'python3',
      [
        '-c',
        'import ast, sys, retry\nfor f in sys.argv[1:]:\n    tree = ast.parse(open(f).read(), f)\n    for node in ast.walk(tree):\n        if isinstance(node, ast.ImportFrom) and node.module == "retry":\n            [getattr(retry, alias.name) for alias in node.names]',
        ...samples.map((sample) => sample.file),
      ],
      {cwd: dir, encoding: 'utf8'},
    );
    expect(check.stderr, samples.map((sample) => sample.where).join(', ')).toBe('');
    expect(check.status).toBe(0);
  });
});
