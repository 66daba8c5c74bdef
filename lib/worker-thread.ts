/**
 * Work a build step hands to a worker thread, so it runs on the other core
 * while the step goes on: the thread runs a TypeScript entry with tsx's
 * loader (as the entry points run), reads its work (workerJob), posts its one
 * result and ends. Its error rejects the result as it was thrown, so the step
 * fails with the same message as if it had run the work itself.
 */
import path from 'node:path';
import {parentPort, Worker} from 'node:worker_threads';
import {repoRoot} from './paths';

const TSX_LOADER = require.resolve('tsx');

/** The result of `entry` given `input`, in a thread started now. Never rejects unhandled: the caller may await it later. */
export function workerResult<T>(entry: string, input: unknown): Promise<T> {
  const worker = new Worker(entry, {execArgv: ['--import', TSX_LOADER]});
  const result = new Promise<T>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`${path.relative(repoRoot, entry)} stopped (exit code ${code}) without its result`)));
  });
  // Handled now, so a failure while the caller is busy is not an unhandled rejection; the caller awaits it.
  result.catch(() => undefined);
  worker.postMessage(input);
  return result;
}

/** In a worker's entry: the work its starter gives it. */
export function workerJob<Input>(): Promise<Input> {
  return new Promise((resolve) => parentPort!.once('message', resolve));
}
