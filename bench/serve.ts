/**
 * `npm run bench:serve`: a bounded load on the portal behind nginx with the
 * production configuration, on 127.0.0.1 only: for each kind of resource a
 * fixed number of connections for a fixed time (autocannon). Prints requests
 * per second, latency (p50, p99) and anything that failed; writes
 * bench/results/serve.json. Needs a build.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {PAGE_KINDS} from '../tests/route-table';
import {main} from '../lib/main';
import {repoRoot} from '../lib/paths';
import {startBenchNginx} from './nginx';

const CONNECTIONS = 16;
const SECONDS = 10;

/** What readers fetch, as a browser asks for it (compressed). */
const TARGETS: Record<string, string[]> = {
  'HTML pages': Object.values(PAGE_KINDS).filter((route) => route !== PAGE_KINDS['not-found page']),
  'search index': ['/search/index.json'],
  '/openapi.yaml': ['/openapi.yaml'],
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

async function load(url: string, target: string, paths: string[]): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: {'accept-encoding': 'gzip'},
    // Each connection cycles through the paths.
    requests: paths.map((route) => ({method: 'GET', path: route})),
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

async function run(): Promise<void> {
  const server = await startBenchNginx();
  const figures: LoadFigures[] = [];
  try {
    for (const [target, paths] of Object.entries(TARGETS)) figures.push(await load(server.url, target, paths));
  } finally {
    await server.close();
  }
  fs.mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
  fs.writeFileSync(
    path.join(repoRoot, 'bench/results/serve.json'),
    `${JSON.stringify({date: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, figures}, null, 2)}\n`,
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
  console.log('Written to bench/results/serve.json');
  if (figures.some((figure) => figure.errors + figure.non2xx > 0)) throw new Error('Some requests failed under load.');
}

main(run);
