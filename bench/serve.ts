/**
 * `npm run bench:serve`: a bounded autocannon load on the portal behind nginx on
 * 127.0.0.1, the service's paths at the rate nginx allows one client (beyond it
 * nginx answers 429 by design); then concurrent feedback writes on each store
 * engine, each checked stored exactly once. Writes bench/results/serve.json; needs
 * a build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {PAGE_KINDS} from '../tests/route-table';
import {readFeedback, startFeedbackService} from '../tests/feedback-service';
import {main} from '../lib/main';
import {FEEDBACK_PATH, MCP_PATH, servicePort} from '../lib/mcp/service-settings';
import {repoRoot} from '../lib/paths';
import {postgresBinDir, startPostgresServer} from '../lib/store/postgres-server';
import type {StateStoreLocation, StoreEngine} from '../lib/store/state-store';
import {budgets} from './budgets';
import {startBenchNginx} from './nginx';

const CONNECTIONS = 16;
const SECONDS = 10;

/** Below nginx's limit for the service's paths (deploy/nginx/portal.conf.template). */
const SERVICE_REQUESTS_PER_SECOND = 8;

interface Target {
  requests: autocannon.Request[];
  /** Requests a second over all connections; unset, as fast as they answer. */
  overallRate?: number;
}

const get = (route: string): autocannon.Request => ({method: 'GET', path: route});
const postJson = (route: string, body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  path: route,
  headers: {'content-type': 'application/json', ...headers},
  body: JSON.stringify(body),
});
/** A search as an assistant sends it: one stateless JSON-RPC call of the search tool. */
const mcpSearch = (query: string, id: number) =>
  postJson(
    MCP_PATH,
    {jsonrpc: '2.0', id, method: 'tools/call', params: {name: 'search_docs', arguments: {query}}},
    {accept: 'application/json, text/event-stream'},
  );

/** What readers fetch, as a browser asks for it (compressed), and what assistants and the feedback control send. */
const TARGETS: Record<string, Target> = {
  'HTML pages': {
    requests: Object.values(PAGE_KINDS)
      .filter((route) => route !== PAGE_KINDS['not-found page'])
      .map(get),
  },
  'search index': {requests: [get('/search/index.json')]},
  '/openapi.yaml': {requests: [get('/openapi.yaml')]},
  [`${MCP_PATH} search calls`]: {
    requests: ['pause a scan', 'webhook signature', 'rate limits', 'fail the build on high findings'].map(mcpSearch),
    overallRate: SERVICE_REQUESTS_PER_SECOND,
  },
  [`${FEEDBACK_PATH} posts`]: {
    requests: [postJson(FEEDBACK_PATH, {page: '/api/quick-start', helpful: true, comment: 'Sent by npm run bench:serve.'})],
    overallRate: SERVICE_REQUESTS_PER_SECOND,
  },
};

interface LoadFigures {
  target: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerSecond: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, target: string, {requests, overallRate}: Target): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: {'accept-encoding': 'gzip'},
    // Each connection cycles through the requests.
    requests,
    ...(overallRate ? {overallRate} : {}),
  });
  return {
    target,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    bytesPerSecond: result.throughput.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const CONCURRENT_POSTS = 200;

interface WriteFigures {
  engine: StoreEngine;
  posts: number;
  stored: number;
  p50Ms: number;
  p99Ms: number;
  seconds: number;
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];

/** Sends CONCURRENT_POSTS posts at once to a service over the store, then reads the store: each post must be there exactly once. */
async function feedbackWrites(engine: StoreEngine, location: StateStoreLocation): Promise<WriteFigures> {
  const service = await startFeedbackService(servicePort(), location);
  const latencies: number[] = [];
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({length: CONCURRENT_POSTS}, async (_, index) => {
      const sent = performance.now();
      const response = await fetch(`${service.url}${FEEDBACK_PATH}`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({page: `/api/page-${index % 20}`, helpful: index % 2 === 0, comment: `bench post ${index}`}),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      return response.status;
    }),
  ).finally(() => service.close());
  const seconds = (performance.now() - started) / 1000;
  const comments = (await readFeedback(location)).map((entry) => entry.comment);
  const once = new Set(comments).size === comments.length && comments.length === CONCURRENT_POSTS;
  if (statuses.some((status) => status !== 204) || !once) {
    throw new Error(
      `${engine}: ${statuses.filter((status) => status === 204).length} of ${CONCURRENT_POSTS} posts answered 204, ${comments.length} rows stored`,
    );
  }
  latencies.sort((a, b) => a - b);
  return {engine, posts: CONCURRENT_POSTS, stored: comments.length, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99), seconds};
}

async function feedbackWritesOnEachEngine(): Promise<WriteFigures[]> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-state-'));
  try {
    const figures = [await feedbackWrites('sqlite', {file: path.join(scratch, 'state.sqlite')})];
    if (!postgresBinDir()) {
      console.warn("PostgreSQL's server is not installed (apt-get install postgresql): its writes are not measured.");
      return figures;
    }
    const postgres = await startPostgresServer();
    try {
      figures.push(await feedbackWrites('postgres', {databaseUrl: await postgres.createDatabase('bench'), file: ''}));
    } finally {
      await postgres.stop();
    }
    return figures;
  } finally {
    fs.rmSync(scratch, {recursive: true, force: true});
  }
}

/** A 200 could carry a JSON-RPC error: one call is checked for hits before the load. */
async function checkMcpSearch(url: string): Promise<void> {
  const {method, headers, body} = mcpSearch('pause a scan', 0);
  const answer = (await (await fetch(`${url}${MCP_PATH}`, {method, headers, body})).json()) as {result?: {content?: {text?: string}[]}};
  if (!answer.result?.content?.[0]?.text?.includes('URL:')) throw new Error(`${MCP_PATH} did not answer a search with hits: ${JSON.stringify(answer)}`);
}

async function run(): Promise<void> {
  const figures: LoadFigures[] = [];
  const server = await startBenchNginx();
  try {
    await checkMcpSearch(server.url);
    for (const [target, requests] of Object.entries(TARGETS)) figures.push(await load(server.url, target, requests));
  } finally {
    await server.close();
  }
  const writes = await feedbackWritesOnEachEngine();
  fs.mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
  fs.writeFileSync(
    path.join(repoRoot, 'bench/results/serve.json'),
    `${JSON.stringify({date: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, figures, feedbackWrites: writes}, null, 2)}\n`,
  );
  console.log(`\nnginx on 127.0.0.1, ${CONNECTIONS} connections for ${SECONDS} s per target, gzip accepted`);
  console.table(
    Object.fromEntries(
      figures.map((figure) => [
        figure.target,
        {
          requests: figure.requests,
          'req/s': Math.round(figure.requestsPerSecond),
          'p50 ms': figure.p50Ms,
          'p99 ms': figure.p99Ms,
          'MB/s': (figure.bytesPerSecond / 1e6).toFixed(1),
          failed: figure.errors + figure.non2xx,
        },
      ]),
    ),
  );
  console.log(`\n${CONCURRENT_POSTS} feedback posts at once, straight to the service, on each engine of its store`);
  console.table(
    Object.fromEntries(
      writes.map((write) => [
        write.engine,
        {
          stored: `${write.stored} of ${write.posts}, each once`,
          'p50 ms': Math.round(write.p50Ms),
          'p99 ms': Math.round(write.p99Ms),
          [`p99 budget ms`]: budgets.feedbackWriteP99Ms,
          seconds: write.seconds.toFixed(2),
        },
      ]),
    ),
  );
  console.log('Written to bench/results/serve.json');
  if (figures.some((figure) => figure.errors + figure.non2xx > 0)) throw new Error('Some requests failed under load.');
}

main(run);
