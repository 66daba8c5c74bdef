/**
 * `npm run bench:sandbox`: the sandbox as `npm run sandbox` runs it, in a
 * process of its own on 127.0.0.1 with a fresh SQLite store, under a bounded
 * load of 50 keys at once (autocannon, one connection per key, at the
 * budget's rate for a fixed time), reads and writes measured apart: requests
 * per second and p50/p99 latency. Then what an idle key costs: the growth of
 * the sandbox process's resident memory and of the store's files, over a
 * thousand keys that each sent one request. Writes
 * bench/results/sandbox.json; exits non-zero on failed requests only, never
 * on a missed budget.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {main} from '../lib/main';
import {repoRoot} from '../lib/paths';
import {freePort} from '../lib/serve/free-port';
import {waitForPort} from '../lib/serve/running-server';
import {budgets} from './budgets';

const KEYS = 50;
const SECONDS = 10;
const IDLE_KEYS = 1000;
const TARGET = '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c';

interface LoadFigures {
  load: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
}

const keyOf = (index: number) => `bench-key-${index}`;

async function load(url: string, name: string, requests: autocannon.Request[]): Promise<LoadFigures> {
  let connection = 0;
  // One key per connection, kept in the connection's context: 50 accounts at once.
  const withKey = (request: autocannon.Request): autocannon.Request => ({
    ...request,
    setupRequest: (sent, context: {key?: string}) => {
      context.key ??= keyOf((connection++ % KEYS) + 1);
      return {...sent, headers: {...sent.headers, authorization: `JWT ${context.key}`, 'content-type': 'application/json'}};
    },
  });
  const result = await autocannon({
    url,
    connections: KEYS,
    duration: SECONDS,
    overallRate: budgets.sandbox.requestsPerSecond,
    requests: requests.map(withKey),
  });
  return {
    load: name,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

/** Resident memory of a process, from Linux's /proc. */
const residentBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

const storeBytes = (file: string) => [file, `${file}-wal`].filter((each) => fs.existsSync(each)).reduce((sum, each) => sum + fs.statSync(each).size, 0);

/** `npm run sandbox`'s entry point in a node process of its own, so the load generator does not share its core. */
async function startSandboxProcess(port: number, file: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/sandbox.ts'], {
    cwd: repoRoot,
    env: {...process.env, SANDBOX_PORT: String(port), PORTAL_DATABASE_URL: '', PORTAL_DATABASE_FILE: file},
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`exit code ${code ?? signal}`)));
  await waitForPort(port, {name: 'The sandbox', exited, timeoutMs: 120_000});
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async close() {
      child.kill();
      await exited;
    },
  };
}

async function run(): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sandbox-'));
  const file = path.join(scratch, 'sandbox.sqlite');
  const sandbox = await startSandboxProcess(await freePort(), file);
  const figures: LoadFigures[] = [];
  let idle: {keys: number; memoryBytesPerKey: number; storeBytesPerKey: number};
  try {
    // Every key's account is seeded before the load, as a reader's first request does.
    await Promise.all(
      Array.from({length: KEYS}, (_, index) =>
        fetch(`${sandbox.url}/api/v1/targets/`, {headers: {authorization: `JWT ${keyOf(index + 1)}`}}).then((response) => response.arrayBuffer()),
      ),
    );
    figures.push(
      await load(sandbox.url, 'reads', [
        {method: 'GET', path: '/api/v1/targets/'},
        {method: 'GET', path: `/api/v1/targets/${TARGET}/`},
        {method: 'GET', path: '/api/v1/findings/?severity=critical'},
        {method: 'GET', path: '/api/v1/scans/'},
      ]),
    );
    figures.push(
      await load(sandbox.url, 'writes', [{method: 'PATCH', path: `/api/v1/targets/${TARGET}/`, body: JSON.stringify({name: 'Checkout web app (bench)'})}]),
    );
    const memoryBefore = residentBytes(sandbox.pid);
    const storeBefore = storeBytes(file);
    for (let index = 0; index < IDLE_KEYS; index += 1) {
      await fetch(`${sandbox.url}/api/v1/targets/`, {headers: {authorization: `JWT idle-key-${index}`}}).then((response) => response.arrayBuffer());
    }
    idle = {
      keys: IDLE_KEYS,
      memoryBytesPerKey: Math.max(0, residentBytes(sandbox.pid) - memoryBefore) / IDLE_KEYS,
      storeBytesPerKey: (storeBytes(file) - storeBefore) / IDLE_KEYS,
    };
  } finally {
    await sandbox.close();
    fs.rmSync(scratch, {recursive: true, force: true});
  }
  fs.mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
  fs.writeFileSync(
    path.join(repoRoot, 'bench/results/sandbox.json'),
    `${JSON.stringify({date: new Date().toISOString(), keys: KEYS, seconds: SECONDS, figures, idle}, null, 2)}\n`,
  );
  const {requestsPerSecond, p99Ms, idleKeyBytes} = budgets.sandbox;
  console.log(
    `\nThe sandbox on 127.0.0.1 (SQLite), ${KEYS} keys at once for ${SECONDS} s per load, offered ${requestsPerSecond} requests a second; ${os.cpus().length} cores`,
  );
  console.table(
    Object.fromEntries(
      figures.map((figure) => [
        figure.load,
        {
          requests: figure.requests,
          'req/s': Math.round(figure.requestsPerSecond),
          'p50 ms': figure.p50Ms,
          'p99 ms': figure.p99Ms,
          [`p99 budget ${p99Ms} ms`]: figure.p99Ms <= p99Ms ? 'ok' : 'MISS',
          [`rate budget ${requestsPerSecond}/s`]: figure.requestsPerSecond >= requestsPerSecond * 0.95 ? 'ok' : 'MISS',
          failed: figure.failed,
        },
      ]),
    ),
  );
  const perKey = idle.memoryBytesPerKey + idle.storeBytesPerKey;
  console.log(
    `Idle key (${idle.keys} keys of one request each): ${Math.round(idle.memoryBytesPerKey)} B of resident memory + ${Math.round(idle.storeBytesPerKey)} B of store = ${Math.round(perKey)} B, budget ${idleKeyBytes} B: ${perKey <= idleKeyBytes ? 'ok' : 'MISS'}`,
  );
  const failed = figures.filter((figure) => figure.failed > 0);
  if (failed.length) throw new Error(`Requests failed: ${failed.map((figure) => `${figure.load} ${figure.failed}`).join(', ')}`);
}

main(run);
