/** The thread releaseEntriesInWorker (./release-entries.ts) starts: the releases' entries, posted back; an error ends the thread with it. */
import path from 'node:path';
import {parentPort, workerData} from 'node:worker_threads';
import {readReleaseDocument, readReleases} from '../contract/releases';
import {releaseEntries} from './changelog';

const {indexFile} = workerData as {indexFile: string};
parentPort!.postMessage(releaseEntries(readReleases(indexFile), (version) => readReleaseDocument(version, path.dirname(indexFile))));
