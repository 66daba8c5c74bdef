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
import {freePort} from '../../lib/serve/free-port';
import type {RunningServer} from '../../lib/serve/running-server';
import {startSandbox} from '../../lib/serve/sandbox';
import {OperationIndex} from '../../lib/contract/operations';
import {detectStatefulSandbox} from './tutorial-runner';
import {descriptionExamples, exampleFailure, excludedReason, newShell, pageExamples, runExample, type CliExample} from './cli-example-runner';

/** The hand-written CLI pages whose blocks run the client (the CI recipes run in ci-recipes.test.ts). */
const PAGES = [
  'docs/cli/overview-cli-documentation.md',
  'docs/cli/quick-start.md',
  'docs/cli/authentication.md',
  'docs/cli/ci/index.md',
  'docs/cli/ci/sarif-and-junit.md',
];

let sandbox: RunningServer;
let executableDir = '';
/** Whether the sandbox keeps state; the stateless one cannot answer some examples as shown (STATELESS_SANDBOX_LIMITS). */
let stateful = false;
beforeAll(async () => {
  [sandbox, executableDir] = await Promise.all([startSandbox({port: await freePort()}), cliExecutableDir()]);
  stateful = await detectStatefulSandbox(sandbox.url, OperationIndex.load());
}, 120_000);
afterAll(async () => {
  await sandbox?.close();
  console.info(`CLI examples against the ${stateful ? 'stateful' : 'stateless'} sandbox: ${counts.join('; ')}`);
});
const counts: string[] = [];

/** Runs a source's examples in order in one shell; the failures, each naming file, line and command. */
async function runAll(examples: CliExample[]): Promise<{ran: number; excluded: number; failures: string[]}> {
  const shell = newShell(examples, sandbox.url, executableDir);
  const failures: string[] = [];
  let ran = 0;
  for (const example of examples) {
    if (excludedReason(example, stateful)) continue;
    const failure = exampleFailure(example, await runExample(example, shell), shell);
    ran += 1;
    if (failure) failures.push(failure);
  }
  fs.rmSync(shell.home, {recursive: true, force: true});
  return {ran, excluded: examples.length - ran, failures};
}

describe('the examples of cli/cli.yaml', () => {
  const examples = descriptionExamples();

  it('are all found', () => {
    expect(examples.length).toBeGreaterThan(50);
  });

  it('run and print what they show, each with a key of its own', async () => {
    const results = await Promise.all(
      // Two at a time: each run starts a Node process.
      [0, 1].map(async (lane) => {
        const failures: string[] = [];
        let ran = 0;
        for (const example of examples.filter((_, index) => index % 2 === lane)) {
          const result = await runAll([example]);
          ran += result.ran;
          failures.push(...result.failures);
        }
        return {ran, failures};
      }),
    );
    const ran = results.reduce((total, result) => total + result.ran, 0);
    counts.push(`cli/cli.yaml ${ran} run, ${examples.length - ran} excluded`);
    expect(results.flatMap((result) => result.failures).join('\n\n')).toBe('');
  });
});

describe('the CLI pages, their blocks run in order', () => {
  it.each(PAGES)('%s', async (page) => {
    const examples = pageExamples(page);
    expect(examples.length, `${page} runs no ${'client'} command`).toBeGreaterThan(0);
    const {ran, excluded, failures} = await runAll(examples);
    counts.push(`${page} ${ran} run, ${excluded} excluded`);
    expect(failures.join('\n\n')).toBe('');
  });
});

describe('a planted defect', () => {
  it('names the file, the line, the command and the line that differed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-planted-'));
    const copy = path.join(dir, 'cli.yaml');
    fs.copyFileSync(cliDescriptionFile, copy);
    fs.copyFileSync(path.join(path.dirname(cliDescriptionFile), 'cli.schema.json'), path.join(dir, 'cli.schema.json'));
    const source = fs.readFileSync(copy, 'utf8');
    fs.writeFileSync(copy, source.replace('TYPE     URL                       TEAM', 'KIND     URL                       TEAM'));
    const example = descriptionExamples(copy).find((candidate) => candidate.expected?.includes('KIND'))!;
    const {failures} = await runAll([example]);
    const line = source.split('\n').findIndex((text) => text.includes('command: "{{cli}} targets list"')) + 1;
    expect(failures.join('\n')).toContain(`cli/cli.yaml:${line}: vigil targets list`);
    expect(failures.join('\n')).toMatch(/lines shown but not printed \(in this order\):\n {2}- ID +NAME +KIND +URL/);
    fs.rmSync(dir, {recursive: true, force: true});
  });
});
