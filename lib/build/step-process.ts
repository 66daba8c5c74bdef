import {spawn} from 'node:child_process';
import {repoRoot} from '../paths';

/** What V8 writes to stderr as it stops a process that outgrew its heap. */
const HEAP_EXHAUSTED = 'JavaScript heap out of memory';
const HEAP_CAP = /^--max-old-space-size=\d+$/;

/**
 * Rejects, naming the step, unless it exits with code 0. A step that ran out of
 * its heap says so, with its cap: V8 only aborts, which alone reads as a crash.
 */
export function runStep(name: string, args: string[]): Promise<void> {
  const child = spawn(process.execPath, args, {cwd: repoRoot, stdio: ['ignore', 'inherit', 'pipe']});
  let stderrTail = '';
  let heapExhausted = false;
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    // The tail carries the message over a chunk's end.
    stderrTail += chunk.toString();
    heapExhausted ||= stderrTail.includes(HEAP_EXHAUSTED);
    stderrTail = stderrTail.slice(-HEAP_EXHAUSTED.length);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    // 'close' comes after stderr is read to its end.
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else if (heapExhausted) {
        const cap = args.find((arg) => HEAP_CAP.test(arg)) ?? "V8's default heap size";
        reject(new Error(`The build's ${name} step ran out of its JavaScript heap (${cap}): raise its cap in lib/build/build.ts.`));
      } else reject(new Error(`The build's ${name} step failed (${signal ?? `exit code ${code}`}).`));
    });
  });
}
