/**
 * The build's steps (lib/build/build-steps.ts), with real processes: a step
 * started before its turn runs its code up to awaitTurn and no further until
 * the driver lets it go, and dates its turn from then; a step started in its
 * turn does not wait, and dates its turn from its start; a failed step is
 * named; a waiting step ends with the build that stopped before its turn; the
 * driver waits for a step's milestone rather than its end; a step waits for
 * the driver's signal, which it does not miss when sent while it is busy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {startBuildStep} from '../../lib/build/build-steps';
import {repoRoot} from '../../lib/paths';

const TSX = ['--import', require.resolve('tsx')];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-steps-'));
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

/**
 * A step's script: writes `loaded` to its log, awaits its turn, writes `went on`, then exits with `exitCode`. Into
 * `times` it writes when it loaded and when it says its turn came (turnCameMs), in ms since the epoch.
 */
function stepScript(name: string, exitCode = 0): {script: string; log: string; times: string} {
  const log = path.join(dir, `${name}.log`);
  const times = path.join(dir, `${name}.times.json`);
  const script = path.join(dir, `${name}.ts`);
  fs.writeFileSync(
    script,
    `import fs from 'node:fs';
import {awaitTurn, turnCameMs} from ${JSON.stringify(path.join(repoRoot, 'lib/build/build-steps'))};
const loaded = Date.now();
fs.appendFileSync(${JSON.stringify(log)}, 'loaded\\n');
void awaitTurn().then(() => {
  fs.writeFileSync(${JSON.stringify(times)}, JSON.stringify({loaded, turnCame: turnCameMs()}));
  fs.appendFileSync(${JSON.stringify(log)}, 'went on\\n');
  process.exitCode = ${exitCode};
});
`,
  );
  return {script, log, times};
}

/** A step's script that writes each of `lines` to its log, running the code between them (the build steps' functions in scope). */
function scriptOf(name: string, parts: (string | {code: string})[]): {script: string; log: string} {
  const log = path.join(dir, `${name}.log`);
  const script = path.join(dir, `${name}.ts`);
  const body = parts.map((part) => (typeof part === 'string' ? `fs.appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(`${part}\n`)});` : part.code));
  fs.writeFileSync(
    script,
    `import fs from 'node:fs';
import {awaitTurn, expectSignal, reportMilestone} from ${JSON.stringify(path.join(repoRoot, 'lib/build/build-steps'))};
void (async () => {
${body.join('\n')}
})();
`,
  );
  return {script, log};
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Code that keeps the step's thread busy, so that a message sent meanwhile arrives before anyone listens for it in that time. */
const BUSY = {code: 'const until = Date.now() + 700; while (Date.now() < until);'};

const timesOf = (times: string): {loaded: number; turnCame: number} => JSON.parse(fs.readFileSync(times, 'utf8'));

const logOf = (log: string) => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : []);

describe("the build's steps", {timeout: 60_000}, () => {
  it('a step started before its turn loads, waits, and goes on only when let go, its turn dated from then', async () => {
    const {script, log, times} = stepScript('early');
    const step = startBuildStep('early', [...TSX, script], {waitsForTurn: true});
    await expect.poll(() => logOf(log), {timeout: 20_000}).toEqual(['loaded']);
    // Still waiting a while later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(logOf(log)).toEqual(['loaded']);
    const letGo = Date.now();
    await step.go();
    await step.finished;
    expect(logOf(log)).toEqual(['loaded', 'went on']);
    // What the rendering step's check of the client manifest compares with (lib/build/docusaurus-build-steps.ts).
    expect(timesOf(times).turnCame).toBeGreaterThanOrEqual(letGo);
  });

  it('a step started in its turn does not wait, its turn dated from its start', async () => {
    const {script, log, times} = stepScript('in-turn');
    await startBuildStep('in-turn', [...TSX, script]).finished;
    expect(logOf(log)).toEqual(['loaded', 'went on']);
    const {loaded, turnCame} = timesOf(times);
    expect(turnCame).toBeLessThanOrEqual(loaded);
  });

  it('a failed step is named', async () => {
    const {script} = stepScript('failing', 3);
    await expect(startBuildStep('rendering', [...TSX, script]).finished).rejects.toThrow("The build's rendering step failed (exit code 3).");
  });

  it('a waiting step ends, without going on, when the build stops before its turn', async () => {
    const {script, log} = stepScript('stopped');
    const step = startBuildStep('stopped', [...TSX, script], {waitsForTurn: true});
    await expect.poll(() => logOf(log), {timeout: 20_000}).toEqual(['loaded']);
    step.stop();
    await expect(step.finished).rejects.toThrow("The build's stopped step failed");
    expect(logOf(log)).toEqual(['loaded']);
  });

  it("the driver waits for a step's milestone, which comes before the step's end", async () => {
    const {script, log} = scriptOf('milestone', [
      {code: 'await awaitTurn();'},
      'reported',
      {code: "reportMilestone('pages'); await new Promise((r) => setTimeout(r, 1500));"},
      'ended',
    ]);
    const step = startBuildStep('milestone', [...TSX, script], {waitsForTurn: true});
    await step.go();
    await step.reached('pages');
    expect(logOf(log)).toEqual(['reported']);
    await step.finished;
    expect(logOf(log)).toEqual(['reported', 'ended']);
  });

  it('a milestone never reported is reached when the step ends, and fails with it', async () => {
    const ending = scriptOf('no-milestone', ['ended']);
    await startBuildStep('no-milestone', [...TSX, ending.script]).reached('pages');
    expect(logOf(ending.log)).toEqual(['ended']);
    const failing = scriptOf('failing-before', [{code: 'process.exit(4);'}]);
    await expect(startBuildStep('rendering', [...TSX, failing.script]).reached('pages')).rejects.toThrow("The build's rendering step failed (exit code 4).");
  });

  it("a step waits for the driver's signal, and keeps one sent while it was busy", async () => {
    const waiting = scriptOf('signal-awaited', [
      {code: "const signalled = expectSignal('done'); await awaitTurn();"},
      'went on',
      {code: 'await signalled;'},
      'signalled',
    ]);
    const step = startBuildStep('signal-awaited', [...TSX, waiting.script], {waitsForTurn: true});
    await step.go();
    await pause(1000);
    expect(logOf(waiting.log)).toEqual(['went on']);
    step.signal('done');
    await step.finished;
    expect(logOf(waiting.log)).toEqual(['went on', 'signalled']);

    const busy = scriptOf('signal-while-busy', [
      {code: "const signalled = expectSignal('done'); await awaitTurn();"},
      BUSY,
      'busy',
      {code: 'await signalled;'},
      'signalled',
    ]);
    const busyStep = startBuildStep('signal-while-busy', [...TSX, busy.script], {waitsForTurn: true});
    await busyStep.go();
    busyStep.signal('done');
    await busyStep.finished;
    expect(logOf(busy.log)).toEqual(['busy', 'signalled']);
  });

  it('a step no driver started with a channel reports into nothing and waits for no signal', async () => {
    const {script, log} = scriptOf('alone', [{code: "await awaitTurn(); reportMilestone('pages'); await expectSignal('done');"}, 'ended']);
    await startBuildStep('alone', [...TSX, script]).finished;
    expect(logOf(log)).toEqual(['ended']);
  });
});
