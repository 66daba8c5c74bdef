/**
 * Work a build step runs on the other core. The thread runs a TypeScript entry
 * with tsx's loader; its error rejects the result as thrown, so the step fails
 * with the same message.
 */
import path from 'node:path';
import {parentPort, Worker} from 'node:worker_threads';
import {repoRoot} from './paths';

const TSX_LOADER = require.resolve('tsx');

/** Never rejects unhandled: the caller may await it later. */
export function workerResult<T>(entry: string, input: unknown): Promise<T> {
  const worker = new Worker(entry, {execArgv: ['--import', TSX_LOADER]});
  const result = new Promise<T>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`${path.relative(repoRoot, entry)} stopped (exit code ${code}) without its result`)));
  });
  // Handled now, so a failure while the caller is busy is not an unhandled rejection.
  result.catch(() => undefined);
  worker.postMessage(input);
  return result;
}

export function workerJob<Input>(): Promise<Input> {
  return new Promise((resolve) => parentPort!.once('message', resolve));
}
