/**
 * The tutorial run catches a defect planted in a copy of a tutorial, and says
 * so the way a writer can act on: the page and the line of the request
 * block, the request, and what differed, expected against got. The
 * comparison with the page's example is held to the same on answers that
 * differ from it in a value, a missing field and a shorter list; and the ids
 * a tutorial creates are carried to the requests that follow.
 */
import fs from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {OperationIndex} from '../../lib/contract/operations';
import {repoRoot} from '../../lib/paths';
import type {RunningServer} from '../../lib/serve/running-server';
import {startSandbox} from '../../lib/serve/sandbox';
import {freePort} from '../../lib/serve/free-port';
import {DOCS_RUN_CLOCK_SPEED, STATEFUL_SANDBOX_GAPS, describeFailure, differences, runTutorial, tutorialSteps} from './tutorial-runner';

const PLANTED = 'tests/fixtures/docs-run/wrong-field-name.md';
const ORIGINAL = 'docs/api/tutorials/targets/create-and-scan-a-web-app-target.md';

const index = OperationIndex.load();
let sandbox: RunningServer;
beforeAll(async () => {
  sandbox = await startSandbox({port: await freePort(), clockSpeed: DOCS_RUN_CLOCK_SPEED});
}, 60_000);
afterAll(() => sandbox?.close());

describe('a defect planted in a copy of a tutorial', () => {
  it('is the only difference from the tutorial', () => {
    const lines = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8').split('\n');
    const [original, planted] = [lines(ORIGINAL), lines(PLANTED)];
    const differing = planted.map((line, number) => [number + 1, line] as const).filter(([number, line]) => line !== original[number - 1]);
    expect(differing).toEqual([[27, '  "nmae": "Checkout web app",']]);
  });

  it("fails the run with a message naming the page, the block's line, the request and the difference", async () => {
    const {failures} = await runTutorial(PLANTED, {sandboxUrl: sandbox.url, index});
    const line = tutorialSteps(PLANTED, index)[0].line;
    expect(line).toBe(22);
    // After the refused create, the page's later steps reach the seeded target: only the sandbox's listed gaps may differ there.
    const laterLines = failures.slice(1).map((failure) => /^[^:]+:(\d+):/.exec(failure)?.[1]);
    expect(laterLines.filter((line) => !STATEFUL_SANDBOX_GAPS[`${ORIGINAL}:${line}`])).toEqual([]);
    const [first, reason, ...rest] = failures[0].split('\n');
    expect(first).toBe(`${PLANTED}:22: POST /api/v1/targets/ (targets_create, 201 Created)`);
    expect(reason).toMatch(/^ {2}- expected 201 Created, got 400 Bad Request, answering \{"code":"validation_failed",.*"errors":\{"name":/);
    expect(rest).toEqual([]);
  });

  it('passes once the field is named right again: the tutorial itself', async () => {
    expect((await runTutorial(ORIGINAL, {sandboxUrl: sandbox.url, index})).failures).toEqual([]);
  });
});

describe("the comparison with the page's example", () => {
  const shown = {
    id: '3f9c1e2a-6b7d-4c1e-9a2b-5d6e7f8a9b0c',
    status: 'queued',
    scan_profile: {name: 'Full'},
    labels: ['pci', 'production'],
    created_at: '2026-10-01T08:00:00Z',
  };

  it('ignores ids and times, which a real answer has its own of', () => {
    expect(differences(shown, {...shown, id: '0b6f3e1d-2c4a-4b7e-9f1a-8d3c5e7a9b20', created_at: '2026-12-07T05:00:00.123Z'})).toEqual([]);
  });

  it("ignores a finding's fingerprint, a hash over ids that a new target has its own of, and nothing else of its kind", () => {
    const finding = {fingerprint: '3b1f0c7e9a2d4c6b8e0f1a3c5e7d9b2a4c6e8f0a1b3d5c7e9f2a4b6d8c0e1f3a'};
    expect(differences(finding, {fingerprint: '8d0f2b4d6f8a0c2e4a6c8e0a2c4e6a8c0e2a4c6e8a0c2e4a6c8e0a2c4e6a8c0e'})).toEqual([]);
    expect(differences(finding, {fingerprint: 'not a hash'})).toEqual([`fingerprint: the page shows "${finding.fingerprint}", the answer has "not a hash"`]);
  });

  it('names each field that differs, with both values, one line each', () => {
    const answer = {id: shown.id, status: 'started', scan_profile: {}, labels: ['pci'], created_at: shown.created_at};
    const problems = differences(shown, answer);
    expect(problems).toEqual([
      'status: the page shows "queued", the answer has "started"',
      'scan_profile.name: the page shows "Full", the answer has no such field',
      `labels[1]: the page shows "production", the answer's list ends before it`,
    ]);
    const [step] = tutorialSteps(ORIGINAL, index);
    expect(describeFailure({step, sent: step.request.written, problems}).split('\n')).toEqual([
      `${ORIGINAL}:22: POST /api/v1/targets/ (targets_create, 201 Created)`,
      ...problems.map((problem) => `  - ${problem}`),
    ]);
  });
});
