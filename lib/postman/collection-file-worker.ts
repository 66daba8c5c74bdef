/** The thread writePostmanCollectionInWorker (./collection-file.ts) starts: converts, writes the file, then posts; an error ends the thread with it. */
import fs from 'node:fs';
import {parentPort, workerData} from 'node:worker_threads';
import {postmanCollection} from './collection';
import type {CollectionFileJob} from './collection-file';

const {documentFile, file, options} = workerData as CollectionFileJob;
void postmanCollection(JSON.parse(fs.readFileSync(documentFile, 'utf8')), options).then((collection) => {
  fs.writeFileSync(file, JSON.stringify(collection));
  parentPort!.postMessage(undefined);
});
