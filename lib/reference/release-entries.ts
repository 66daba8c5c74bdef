/**
 * In a worker thread: they depend only on contract/releases/, so the reference
 * step starts them before compiling the contract and the differ runs on the other
 * core meanwhile.
 */
import path from 'node:path';
import {releasesIndexFile} from '../paths';
import {workerResult} from '../worker-thread';
import type {ChangelogEntry} from './changelog';

/** Rejects with the worker's error: a missing release names its file. */
export function releaseEntriesInWorker(indexFile = releasesIndexFile): Promise<ChangelogEntry[]> {
  return workerResult(path.join(__dirname, 'release-entries-worker.ts'), {indexFile});
}
