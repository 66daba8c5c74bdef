/** The thread writeSearchFilesInWorker (./index-files.ts) starts: once given its input, writes the search files, then posts that it is done. */
import {parentPort} from 'node:worker_threads';
import {workerJob} from '../worker-thread';
import {writeSearchFiles, type SearchFilesInput} from './index-files';

void workerJob<SearchFilesInput>().then((input) => {
  writeSearchFiles(input);
  parentPort!.postMessage(null);
});
