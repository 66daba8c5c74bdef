/**
 * Work a build step hands to a worker thread, so it runs on the other core
 * while the step goes on: the thread runs a TypeScript entry with tsx's
 * loader (as the entry points run), posts its one result and ends. Its error
 * rejects the result as it was thrown, so the step fails with the same
 * message as if it had run the work itself.
 */
import path from 'node:path';
import {parentPort, Worker} from 'node:worker_threads';
import {repoRoot} from './paths';

const TSX_LOADER = require.resolve('tsx');

/** The one result `worker` posts, or its error. Never rejects unhandled: the caller may await it later. */
function firstResult<T>(worker: Worker, entry: string): Promise<T> {
  const result = new Promise<T>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`${path.relative(repoRoot, entry)} stopped (exit code ${code}) without its result`)));
  });
  // Handled now, so a failure while the caller is busy is not an unhandled rejection; the caller awaits it.
  result.catch(() => undefined);
  return result;
}

/** The result `entry` posts; `workerData` is what it reads from node:worker_threads. */
export function workerResult<T>(entry: string, workerData: unknown): Promise<T> {
  const worker = new Worker(entry, {workerData, execArgv: ['--import', TSX_LOADER]});
  return firstResult(worker, entry);
}

/**
 * A thread started before its work is known: it loads `entry` and the modules it imports at once, while this thread
 * goes on, and does the work `run` gives it (workerJob), resolving to its result.
 */
export function startedWorker<Input, T>(entry: string): {run(input: Input): Promise<T>} {
  const worker = new Worker(entry, {execArgv: ['--import', TSX_LOADER]});
  const result = firstResult<T>(worker, entry);
  return {
    run(input) {
      worker.postMessage(input);
      return result;
    },
  };
}

/** In the entry of a startedWorker thread: the work `run` gives it. */
export function workerJob<Input>(): Promise<Input> {
  return new Promise((resolve) => parentPort!.once('message', resolve));
}
