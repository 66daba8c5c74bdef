/**
 * Replicas of the sandbox on one PostgreSQL database share what the API
 * shares: two sandbox processes count a key's requests together, so the
 * documented rate limit holds across them.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import path from 'node:path';
import {afterAll, beforeAll, expect, it} from 'vitest';
import {repoRoot} from '../../lib/paths';
import {PER_KEY_QUOTA} from '../../lib/sandbox/rate-limit';
import {freePort} from '../../lib/serve/free-port';
import {startPostgresServer, type PostgresServer} from '../../lib/store/postgres-server';

let postgres: PostgresServer | undefined;
const replicas: ChildProcess[] = [];
const urls: string[] = [];

/** Starts a replica process on its own port; resolves once it says it answers. */
async function startReplica(databaseUrl: string): Promise<string> {
  const port = await freePort();
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['tests/sandbox-replica.ts'], {
    cwd: repoRoot,
    env: {...process.env, SANDBOX_PORT: String(port), PORTAL_DATABASE_URL: databaseUrl},
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  replicas.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`A sandbox replica exited with ${code} before it answered`)));
  });
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  postgres = await startPostgresServer();
  const databaseUrl = await postgres.createDatabase('replicas');
  // One after the other: the first migrates the schema.
  urls.push(await startReplica(databaseUrl));
  urls.push(await startReplica(databaseUrl));
}, 180_000);

afterAll(async () => {
  await Promise.all(
    replicas.map(
      (child) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
    ),
  );
  await postgres?.stop();
});

it("holds a key to the documented rate across two replicas on one database: 429 with Retry-After once both together reach the key's quota", async () => {
  const headers = {Authorization: `JWT replicas-${randomUUID()}`};
  const get = (replica: number) => fetch(`${urls[replica % 2]}/api/v1/targets/`, {headers});
  // The key's quota, sent half to each replica, twenty at a time.
  const remaining: number[] = [];
  for (let sent = 0; sent < PER_KEY_QUOTA; sent += 20) {
    const answers = await Promise.all(Array.from({length: 20}, (_, index) => get(sent + index)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    remaining.push(...answers.map((answer) => Number(/r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1])));
  }
  // Each replica's answers count the other's requests too: the last request either took left nothing.
  expect(Math.min(...remaining)).toBe(0);
  for (const replica of [0, 1]) {
    const refused = await get(replica);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit')).toMatch(/^"per-key";r=0;t=\d+$/);
    expect(refused.headers.get('ratelimit-policy')).toContain(`"per-key";q=${PER_KEY_QUOTA}`);
    expect(await refused.json()).toMatchObject({code: 'rate_limited', request_id: refused.headers.get('x-request-id')});
  }
});
