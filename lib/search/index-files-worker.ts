/** The thread writeSearchFilesInWorker (./index-files.ts) starts. */
import {parentPort} from 'node:worker_threads';
import {workerJob} from '../worker-thread';
import {writeSearchFiles, type SearchFilesInput} from './index-files';

void workerJob<SearchFilesInput>().then((input) => {
  writeSearchFiles(input);
  parentPort!.postMessage(null);
});
