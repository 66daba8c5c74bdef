/**
 * The releases' entries of the changelog (releaseEntries), computed in a
 * worker thread: they depend only on contract/releases/, never on the
 * contract being built, so the reference step starts them before it compiles
 * the contract and the differ runs on the other core meanwhile.
 */
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import {releasesIndexFile} from '../paths';
import type {ChangelogEntry} from './changelog';

/** The worker runs TypeScript as the entry points do, with tsx's loader. */
const TSX_LOADER = require.resolve('tsx');

/** Resolves to releaseEntries() of the releases `indexFile` lists; rejects with the worker's error (a missing release names its file). */
export function releaseEntriesInWorker(indexFile = releasesIndexFile): Promise<ChangelogEntry[]> {
  const worker = new Worker(path.join(__dirname, 'release-entries-worker.ts'), {workerData: {indexFile}, execArgv: ['--import', TSX_LOADER]});
  const entries = new Promise<ChangelogEntry[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`The worker diffing the releases of ${path.basename(indexFile)} stopped (exit code ${code}) without its entries`)),
    );
  });
  // Handled now, so a failure while the caller is busy compiling is not an unhandled rejection; the caller awaits it.
  entries.catch(() => undefined);
  return entries;
}
