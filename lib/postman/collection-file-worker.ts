/** Started by writePostmanCollectionInWorker (./collection-file.ts); an error ends the thread with it. */
import fs from 'node:fs';
import {parentPort} from 'node:worker_threads';
import {workerJob} from '../worker-thread';
import {postmanCollection} from './collection';
import type {CollectionFileJob} from './collection-file';

void workerJob<CollectionFileJob>().then(async ({documentFile, file, options}) => {
  const collection = await postmanCollection(JSON.parse(fs.readFileSync(documentFile, 'utf8')), options);
  fs.writeFileSync(file, JSON.stringify(collection));
  parentPort!.postMessage(undefined);
});
