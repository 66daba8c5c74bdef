/** The thread writeSearchFilesInWorker (./index-files.ts) starts: writes the search files, then posts that it is done. */
import {parentPort, workerData} from 'node:worker_threads';
import {writeSearchFiles, type SearchFilesInput} from './index-files';

writeSearchFiles(workerData as SearchFilesInput);
parentPort!.postMessage(null);
