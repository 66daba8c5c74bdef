/** Started by writeSearchFilesInWorker (./index-files.ts). */
import {parentPort} from 'node:worker_threads';
import {workerJob} from '../worker-thread';
import {writeSearchFiles, type SearchFilesInput} from './index-files';

void workerJob<SearchFilesInput>().then((input) => {
  writeSearchFiles(input);
  parentPort!.postMessage(null);
});
