/** Served at /postman-collection.json. It needs only the bundled contract, so the reference step converts it in a worker thread while writing pages. */
import path from 'node:path';
import {contractOutput, generatedStaticDir, POSTMAN_FILE} from '../paths';
import {workerResult} from '../worker-thread';
import type {CollectionOptions} from './collection';

export const postmanCollectionFile = path.join(generatedStaticDir, POSTMAN_FILE);

export interface CollectionFileJob {
  documentFile: string;
  file: string;
  options: CollectionOptions;
}

/** Resolves to the seconds the conversion took. */
export function writePostmanCollectionInWorker(options: CollectionOptions, documentFile = contractOutput.json, file = postmanCollectionFile): Promise<number> {
  const started = performance.now();
  const job: CollectionFileJob = {documentFile, file, options};
  const written = workerResult(path.join(__dirname, 'collection-file-worker.ts'), job).then(() => (performance.now() - started) / 1000);
  // As workerResult's own: the caller awaits it later.
  written.catch(() => undefined);
  return written;
}

/** `npm run bench` reads from it how long the step waited for the thread. */
export const POSTMAN_DONE_LINE = /^\[postman\] .* in \d+(?:\.\d+)? s on another thread, (\d+(?:\.\d+)?) s of them waited for$/m;

export async function collectionWritten(written: Promise<number>): Promise<void> {
  const waiting = performance.now();
  const seconds = await written;
  const waited = (performance.now() - waiting) / 1000;
  console.log(`[postman] ${POSTMAN_FILE} written in ${seconds.toFixed(2)} s on another thread, ${waited.toFixed(2)} s of them waited for`);
}
