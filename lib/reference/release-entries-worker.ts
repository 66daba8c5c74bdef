/** Started by releaseEntriesInWorker (./release-entries.ts); an error ends the thread with it. */
import path from 'node:path';
import {parentPort} from 'node:worker_threads';
import {readReleaseDocument, readReleases} from '../contract/releases';
import {workerJob} from '../worker-thread';
import {releaseEntries} from './changelog';

void workerJob<{indexFile: string}>().then(({indexFile}) =>
  parentPort!.postMessage(releaseEntries(readReleases(indexFile), (version) => readReleaseDocument(version, path.dirname(indexFile)))),
);
