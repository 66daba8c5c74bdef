/**
 * Every tutorial and the API quick start, run end to end against a fresh
 * sandbox: each page with a key of its own, its requests in page order, ids
 * carried from answer to request, each answer held to what the page claims
 * (tests/docs/tutorial-runner.ts). Created objects get ids of their own in
 * the sandbox, so every page proves it carries the ids it creates. Then the samples the pages render for
 * their first request, in every language of the tabs (curl, Python,
 * JavaScript, Go), run as written with the key put in: each must exit 0 and
 * print the answer the contract documents.
 */
import fs from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {OperationIndex} from '../../lib/contract/operations';
import {repoRoot} from '../../lib/paths';
import {sampleLanguages, samplesOf} from '../../lib/reference/request-samples';
import type {RunningServer} from '../../lib/serve/running-server';
import {startSandbox} from '../../lib/serve/sandbox';
import {freePort} from '../../lib/serve/free-port';
import {programLanguage, runProgram} from '../run-program';
import {DOCS_RUN_CLOCK_SPEED, runTutorial, sandboxKey, tutorialSteps, type StepResult} from './tutorial-runner';

const TUTORIALS_DIR = path.join(repoRoot, 'docs/api/tutorials');
const pages = [
  'docs/api/quick-start.md',
  ...fs
    .readdirSync(TUTORIALS_DIR, {recursive: true, encoding: 'utf8'})
    .filter((name) => /\.mdx?$/.test(name))
    .sort()
    .map((name) => path.relative(repoRoot, path.join(TUTORIALS_DIR, name))),
];

const index = OperationIndex.load();
let sandbox: RunningServer;
let sandboxUrl = '';
beforeAll(async () => {
  sandbox = await startSandbox({port: await freePort(), clockSpeed: DOCS_RUN_CLOCK_SPEED});
  sandboxUrl = sandbox.url;
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  const done = await Promise.all([...runs.values()]);
  const requests = done.reduce((total, run) => total + run.results.length, 0);
  const samples = sampleLanguages.map(({label}) => `${label} ${samplesRun.filter((language) => language === label).length}`).join(', ');
  const waived = done.flatMap((run) => run.results.filter((result) => result.waived));
  console.info(
    `Ran against the sandbox: ${done.length} pages, ${requests} requests (${waived.length} waived as gaps of the sandbox); rendered samples ${samples}`,
  );
});
/** The label of each rendered sample that ran, once per run. */
const samplesRun: string[] = [];

/** Each page's run, once: its key and results, which the samples of its first request use (the path with the ids carried). */
const runs = new Map<string, Promise<{key: string; results: StepResult[]; failures: string[]}>>();
function tutorialRun(page: string) {
  if (!runs.has(page)) {
    const key = sandboxKey();
    runs.set(
      page,
      runTutorial(page, {sandboxUrl, index, key}).then((run) => ({key, ...run})),
    );
  }
  return runs.get(page)!;
}

describe('the tutorials, run against the sandbox', () => {
  it('are all found, each with requests', () => {
    expect(pages.length).toBe(23);
    for (const page of pages) expect(tutorialSteps(page, index).length, page).toBeGreaterThan(0);
  });

  it.concurrent.each(pages)('%s', async (page) => {
    expect((await tutorialRun(page)).failures.join('\n\n')).toBe('');
  });
});

describe('the request samples the tutorials render, run in every language', () => {
  it.concurrent.each(pages)('%s', async (page) => {
    // The page's own run carried the ids, on the page's account.
    const run = await tutorialRun(page);
    // The first request asking for the success the samples get: they send no Prefer header.
    const first = run.results.find((result) => result.step.status === result.step.operation.success.status);
    if (!first) throw new Error(`${page} has no request that expects its operation's success`);
    const {step, sent, body} = first;
    // A request that creates runs each sample on a fresh account: on the page's, the object the page made could conflict (a domain's name).
    const key = step.status === '201' ? undefined : run.key;
    const samples = samplesOf({method: step.request.method, url: `${sandboxUrl}${sent}`, body, authenticated: step.operation.authenticated});
    expect(samples.map((sample) => sample.language)).toEqual(sampleLanguages.map((language) => language.language));
    const problems: string[] = [];
    for (const sample of samples) {
      const outcome = await runProgram({language: programLanguage(sample.highlight)!, code: sample.code.replace('YOUR_API_KEY', key ?? sandboxKey())});
      samplesRun.push(sample.label);
      const where = `${step.file}:${step.line} ${sample.label}`;
      if (outcome.code !== 0) {
        problems.push(`${where}: exited ${outcome.code}: ${outcome.stderr.trim().slice(-500)}`);
        continue;
      }
      if (!step.operation.responses[step.status].schema) continue;
      let printed: unknown;
      try {
        printed = JSON.parse(outcome.stdout);
      } catch {
        problems.push(`${where}: printed no JSON body: ${outcome.stdout.slice(0, 300)}`);
        continue;
      }
      for (const problem of index.validateResponse(step.operation, step.status, printed))
        problems.push(`${where}: the body it printed, against the contract: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});
