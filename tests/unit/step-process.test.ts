/** A step of `npm run build` in a process of its own (lib/build/step-process.ts): a failure names the step, and its heap cap when it outgrew it. */
import {describe, expect, it} from 'vitest';
import {runStep} from '../../lib/build/step-process';

describe('a build step in a process of its own', () => {
  it('names the step that failed, and how', async () => {
    await expect(runStep('reference', ['-e', 'process.exit(0)'])).resolves.toBeUndefined();
    await expect(runStep('reference', ['-e', 'process.exit(3)'])).rejects.toThrow("The build's reference step failed (exit code 3).");
    await expect(runStep('rendering', ['-e', "process.kill(process.pid, 'SIGTERM')"])).rejects.toThrow("The build's rendering step failed (SIGTERM).");
  });

  it('says a step ran out of its heap, naming its cap', async () => {
    const outgrow = 'const held = []; for (;;) held.push(new Array(100_000).fill(held.length));';
    await expect(runStep('docusaurus', ['--max-old-space-size=16', '-e', outgrow])).rejects.toThrow(
      "The build's docusaurus step ran out of its JavaScript heap (--max-old-space-size=16): raise its cap in lib/build/build.ts.",
    );
  });
});
