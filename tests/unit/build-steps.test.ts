/**
 * The build's steps (lib/build/build-steps.ts), with real processes: a step
 * started before its turn runs its code up to awaitTurn and no further until
 * the driver lets it go, and dates its turn from then; a step started in its
 * turn does not wait, and dates its turn from its start; a failed step is
 * named; a waiting step ends with the build that stopped before its turn.
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
});
