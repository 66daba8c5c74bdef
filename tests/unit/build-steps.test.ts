/**
 * The build's steps (lib/build/build-steps.ts), with real processes: a step
 * started before its turn runs its code up to awaitTurn and no further until
 * the driver lets it go; a step started in its turn does not wait; a failed
 * step is named; a waiting step ends with the build that stopped before its
 * turn.
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

/** A step's script: writes `loaded` to its log, awaits its turn, writes `went on`, then exits with `exitCode`. */
function stepScript(name: string, exitCode = 0): {script: string; log: string} {
  const log = path.join(dir, `${name}.log`);
  const script = path.join(dir, `${name}.ts`);
  fs.writeFileSync(
    script,
    `import fs from 'node:fs';
import {awaitTurn} from ${JSON.stringify(path.join(repoRoot, 'lib/build/build-steps'))};
fs.appendFileSync(${JSON.stringify(log)}, 'loaded\\n');
void awaitTurn().then(() => {
  fs.appendFileSync(${JSON.stringify(log)}, 'went on\\n');
  process.exitCode = ${exitCode};
});
`,
  );
  return {script, log};
}

const logOf = (log: string) => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : []);

describe("the build's steps", {timeout: 60_000}, () => {
  it('a step started before its turn loads, waits, and goes on only when let go', async () => {
    const {script, log} = stepScript('early');
    const step = startBuildStep('early', [...TSX, script], {waitsForTurn: true});
    await expect.poll(() => logOf(log), {timeout: 20_000}).toEqual(['loaded']);
    // Still waiting a while later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(logOf(log)).toEqual(['loaded']);
    await step.go();
    await step.finished;
    expect(logOf(log)).toEqual(['loaded', 'went on']);
  });

  it('a step started in its turn does not wait', async () => {
    const {script, log} = stepScript('in-turn');
    await startBuildStep('in-turn', [...TSX, script]).finished;
    expect(logOf(log)).toEqual(['loaded', 'went on']);
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
