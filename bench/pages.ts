/**
 * `npm run bench:pages`: Lighthouse's mobile preset on one page of every kind
 * (bench/page-kinds.ts), served by nginx as in production; writes
 * bench/results/pages.json and needs a build. A busy machine moves Lighthouse's
 * figures by several points, so each page takes the median of BENCH_RUNS runs, and
 * the host's speed (bench/lighthouse-host.ts) and the trace's own blocking time
 * (bench/observed-blocking.ts) are printed beside the scores. `-- --static` serves
 * the build as a static host does (lib/serve/static-server.ts: no service, no
 * compression), where the feedback control must still cost no console error.
 */
import fs from 'node:fs';
import path from 'node:path';
import {launch} from 'chrome-launcher';
import type {Result as LighthouseResult} from 'lighthouse';
import {chromiumLaunchOptions} from '../tests/browser/chromium';
import {main} from '../lib/main';
import {startStaticServer} from '../lib/serve/static-server';
import {buildDir, repoRoot} from '../lib/paths';
import {startBenchNginx} from './nginx';
import {budgets} from './budgets';
import {BENCH_PAGES} from './page-kinds';
import {lighthouseRunRetryingTraceErrors} from './lighthouse-retry';
import {hostReading, type HostReading} from './lighthouse-host';
import {observedBlockingMs, type TraceEvent} from './observed-blocking';
import {percentile} from './search/figures';

const CATEGORIES = Object.keys(budgets.lighthouse) as Array<keyof typeof budgets.lighthouse>;

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const STATIC_HOST = process.argv.includes('--static');
const HOST_NAME = STATIC_HOST ? 'on a static host' : 'behind nginx';
// Pages named after `--` (`npm run bench:pages -- /path`) replace the page kinds, to compare builds on one page; their results are not written.
const NAMED_PAGES = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const PAGES = NAMED_PAGES.length > 0 ? NAMED_PAGES : BENCH_PAGES;
const RESULTS_FILE = `bench/results/${STATIC_HOST ? 'pages-static' : 'pages'}.json`;

interface PageScore {
  path: string;
  scores: Record<string, number>;
  /** Performance scores of every run, lowest first. */
  performanceRuns: number[];
  metrics: {fcpMs: number; lcpMs: number; tbtMs: number; observedTbtMs: number; cls: number; transferredBytes: number};
  /** Audits that cost points, per category: "id (score)". */
  shortfalls: Record<string, string[]>;
  host: HostReading;
}

const performanceOf = (lhr: LighthouseResult) => Math.round((lhr.categories.performance.score ?? 0) * 100);

function pageScore(pagePath: string, lhr: LighthouseResult, runs: LighthouseResult[], observedTbtMs: number[]): PageScore {
  const numeric = (id: string) => lhr.audits[id].numericValue ?? Number.NaN;
  const shortfalls: Record<string, string[]> = {};
  for (const category of CATEGORIES) {
    shortfalls[category] = lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score! < 1)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id].score})`);
  }
  return {
    path: pagePath,
    performanceRuns: runs.map(performanceOf).sort((a, b) => a - b),
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category].score ?? 0) * 100)])),
    metrics: {
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      observedTbtMs: percentile(observedTbtMs, 50),
      cls: numeric('cumulative-layout-shift'),
      transferredBytes: numeric('total-byte-weight'),
    },
    shortfalls,
    host: hostReading(runs),
  };
}

async function run(): Promise<void> {
  // Lighthouse is an ES module; this repository's scripts are CommonJS.
  const {default: lighthouse} = await import('lighthouse');
  const {computeMedianRun} = await import('lighthouse/core/lib/median-run.js');
  const server = STATIC_HOST ? await startStaticServer({root: buildDir}) : await startBenchNginx();
  const chrome = await launch({chromePath: chromiumLaunchOptions.executablePath, chromeFlags: chromiumLaunchOptions.args});
  const results: PageScore[] = [];
  try {
    for (const pagePath of PAGES) {
      const runs: LighthouseResult[] = [];
      const observedTbtMs: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const lhr = await lighthouseRunRetryingTraceErrors(pagePath, async () => {
          const runner = await lighthouse(`${server.url}${pagePath}`, {port: chrome.port, logLevel: 'error', onlyCategories: CATEGORIES});
          if (!runner) throw new Error(`${pagePath}: Lighthouse returned no result`);
          if (!runner.lhr.runtimeError) {
            const trace = (runner.artifacts as unknown as {Trace: {traceEvents: TraceEvent[]}}).Trace;
            observedTbtMs.push(observedBlockingMs(trace.traceEvents, runner.lhr.configSettings.throttling.cpuSlowdownMultiplier));
          }
          return runner.lhr;
        });
        runs.push(lhr);
      }
      results.push(pageScore(pagePath, computeMedianRun(runs), runs, observedTbtMs));
    }
  } finally {
    chrome.kill();
    await server.close();
  }
  if (NAMED_PAGES.length === 0) {
    fs.mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
    fs.writeFileSync(
      path.join(repoRoot, RESULTS_FILE),
      `${JSON.stringify({date: new Date().toISOString(), host: HOST_NAME, results, budgets: {...budgets.lighthouse, totalBlockingTimeMs: budgets.totalBlockingTimeMs}}, null, 2)}\n`,
    );
  }

  const budgetLine = CATEGORIES.map((category) => `${category} ${budgets.lighthouse[category]}`).join(', ');
  console.log(`\nLighthouse, mobile preset, ${HOST_NAME}, median of ${RUNS} runs (budget: ${budgetLine}, TBT ${budgets.totalBlockingTimeMs} ms)`);
  console.table(
    Object.fromEntries(
      results.map(({path: pagePath, scores, metrics, performanceRuns, host}) => [
        pagePath,
        {
          ...scores,
          'perf. runs': performanceRuns.join(' '),
          FCP: `${(metrics.fcpMs / 1000).toFixed(2)} s`,
          LCP: `${(metrics.lcpMs / 1000).toFixed(2)} s`,
          TBT: `${Math.round(metrics.tbtMs)} ms`,
          'TBT observed': `${Math.round(metrics.observedTbtMs)} ms`,
          CLS: metrics.cls.toFixed(3),
          transferred: `${(metrics.transferredBytes / 1000).toFixed(1)} KB`,
          'host CPU': Math.round(host.benchmarkIndex),
          budget:
            CATEGORIES.every((category) => scores[category] >= budgets.lighthouse[category]) && metrics.tbtMs < budgets.totalBlockingTimeMs ? 'ok' : 'MISS',
        },
      ]),
    ),
  );
  for (const {path: pagePath, shortfalls, host} of results) {
    for (const [category, audits] of Object.entries(shortfalls)) {
      if (audits.length > 0) console.log(`${pagePath} ${category}: ${audits.join(', ')}`);
    }
    for (const {warning, runs} of host.warnings) console.log(`${pagePath}: Lighthouse warned in ${runs} of ${RUNS} runs: ${warning}`);
  }
  if (NAMED_PAGES.length === 0) console.log(`Written to ${RESULTS_FILE}`);
}

main(run);
