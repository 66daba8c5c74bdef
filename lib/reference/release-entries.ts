/**
 * The releases' entries of the changelog (releaseEntries), computed in a
 * worker thread: they depend only on contract/releases/, never on the
 * contract being built, so the reference step starts them before it compiles
 * the contract and the differ runs on the other core meanwhile.
 */
import path from 'node:path';
import {releasesIndexFile} from '../paths';
import {workerResult} from '../worker-thread';
import type {ChangelogEntry} from './changelog';

/** Resolves to releaseEntries() of the releases `indexFile` lists; rejects with the worker's error (a missing release names its file). */
export function releaseEntriesInWorker(indexFile = releasesIndexFile): Promise<ChangelogEntry[]> {
  return workerResult(path.join(__dirname, 'release-entries-worker.ts'), {indexFile});
}
