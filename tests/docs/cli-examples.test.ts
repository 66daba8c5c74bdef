/**
 * Every CLI example runs and prints what its page shows: the examples of
 * cli/cli.yaml, each with a key and home of its own, and the ```bash blocks
 * of the hand-written CLI pages that run the client, a page's blocks in
 * order in one carried shell with a key of its own, all against one sandbox
 * (tests/docs/cli-example-runner.ts). A defect planted in a copy of the
 * description shows the failure message.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {cliDescriptionFile} from '../../lib/cli/description';
import {cliExecutableDir} from '../../lib/cli-client/executable';
import {repoRoot} from '../../lib/paths';
import {freePort} from '../../lib/serve/free-port';
import type {RunningServer} from '../../lib/serve/running-server';
import {startSandbox} from '../../lib/serve/sandbox';
import {descriptionExamples, exampleFailure, exclusion, newShell, pageExamples, runExample, type CliExample} from './cli-example-runner';
import {DOCS_RUN_CLOCK_SPEED} from './tutorial-runner';

/** The hand-written CLI pages (not the generated reference) with ```bash blocks that run the client; the CI recipes' YAML runs in ci-recipes.test.ts. */
const PAGES = fs
  .readdirSync(path.join(repoRoot, 'docs/cli'), {recursive: true, encoding: 'utf8'})
  .filter((name) => /\.mdx?$/.test(name) && !name.startsWith('reference'))
  .map((name) => `docs/cli/${name}`)
  .filter((page) => pageExamples(page).length)
  .sort();

let sandbox: RunningServer;
let executableDir = '';
beforeAll(async () => {
  [sandbox, executableDir] = await Promise.all([startSandbox({port: await freePort(), clockSpeed: DOCS_RUN_CLOCK_SPEED}), cliExecutableDir()]);
}, 120_000);
afterAll(async () => {
  await sandbox?.close();
  console.info(`CLI examples against the sandbox: ${counts.join('; ')}`);
});
const counts: string[] = [];

interface SourceRun {
  /** Run, and their lines held to the page's. */
  checked: number;
  /** Run for their exit code only (SANDBOX_GAPS with `run`). */
  unchecked: number;
  excluded: number;
  failures: string[];
}

const countsOf = (file: string, run: SourceRun) => `${file} ${run.checked} checked, ${run.unchecked} exit code only, ${run.excluded} left out`;

/** Runs a source's examples in order in one shell; the failures, each naming file, line and command. */
async function runAll(examples: CliExample[]): Promise<SourceRun> {
  const shell = await newShell(examples, sandbox.url, executableDir);
  const run: SourceRun = {checked: 0, unchecked: 0, excluded: 0, failures: []};
  for (const example of examples) {
    const rule = exclusion(example);
    if (rule && !rule.run) {
      run.excluded += 1;
      continue;
    }
    const failure = exampleFailure(example, await runExample(example, shell), shell, !rule);
    if (rule) run.unchecked += 1;
    else run.checked += 1;
    if (failure) run.failures.push(failure);
  }
  fs.rmSync(shell.home, {recursive: true, force: true});
  return run;
}

describe('the examples of cli/cli.yaml', () => {
  const examples = descriptionExamples();

  it('are all found', () => {
    expect(examples.length).toBeGreaterThan(50);
  });

  it('run and print what they show, each with a key of its own', async () => {
    // Four at a time, each in a shell of its own, each lane taking the next example as its last one ends: most of an
    // example's time is spent waiting on the sandbox's paced scans rather than in the Node process it starts.
    const queue = examples.values();
    const lanes = await Promise.all(
      Array.from({length: 4}, async () => {
        const runs: SourceRun[] = [];
        for (const example of queue) runs.push(await runAll([example]));
        return runs;
      }),
    );
    const runs = lanes.flat();
    const total = (key: 'checked' | 'unchecked' | 'excluded') => runs.reduce((sum, run) => sum + run[key], 0);
    counts.push(countsOf('cli/cli.yaml', {checked: total('checked'), unchecked: total('unchecked'), excluded: total('excluded'), failures: []}));
    expect(runs.flatMap((run) => run.failures).join('\n\n')).toBe('');
  });
});

describe('the CLI pages, their blocks run in order', () => {
  it('are found', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['docs/cli/quick-start.md', 'docs/cli/authentication.md', 'docs/cli/ci/sarif-and-junit.md']));
  });

  // At once: each page has its own shell, key and home, and most of a page's time is its scans', which the sandbox's clock paces.
  it.concurrent.each(PAGES)('%s', async (page) => {
    const run = await runAll(pageExamples(page));
    counts.push(countsOf(page, run));
    expect(run.failures.join('\n\n')).toBe('');
  });
});

describe('a planted defect', () => {
  it('names the file, the line, the command and the line that differed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-planted-'));
    const copy = path.join(dir, 'cli.yaml');
    const source = fs.readFileSync(cliDescriptionFile, 'utf8');
    // A wrong column header in the output of `targets list`.
    fs.writeFileSync(copy, source.replace('TYPE     URL                       TEAM', 'KIND     URL                       TEAM'));
    const example = descriptionExamples(copy).find((candidate) => candidate.expected?.includes('KIND'))!;
    const {failures} = await runAll([example]);
    fs.rmSync(dir, {recursive: true, force: true});
    const line = source.split('\n').findIndex((text) => text.includes('command: "{{cli}} targets list"')) + 1;
    const message = failures.join('\n');
    console.info(`The planted defect's message:\n${message}`);
    expect(message).toContain(`cli.yaml:${line}: vigil targets list\n`);
    expect(message).toMatch(/lines shown but not printed \(in this order\):\n {2}- ID +NAME +KIND +URL/);
    expect(message).toMatch(/printed:\n {2}\| ID +NAME +TYPE +URL/);
  });
});
