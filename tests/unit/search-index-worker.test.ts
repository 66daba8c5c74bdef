/** The search files written in a worker thread: its failure fails the step after the build with the message the work throws in this thread. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, expect, it} from 'vitest';

// A worker thread loads tsx and the modules it runs: seconds on a loaded machine, more than the default 5 s.
const WORKER_TIMEOUT = 30_000;
import {writeSearchFiles, writeSearchFilesInWorker, type SearchFilesInput} from '../../lib/search/index-files';

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-index-worker-'))));
afterEach(() => fs.rmSync(dir, {recursive: true, force: true}));

it('rejects with the error the work throws, naming the path it could not write', {timeout: WORKER_TIMEOUT}, async () => {
  // An output "directory" that is a file: the search folder cannot be made in it.
  const outDir = path.join(dir, 'build');
  fs.writeFileSync(outDir, '');
  const input: SearchFilesInput = {outDir, routesPaths: ['/'], baseUrl: '/'};
  const thrown = (() => {
    try {
      writeSearchFiles(input);
    } catch (error) {
      return (error as Error).message;
    }
  })();
  expect(thrown).toContain(path.join(outDir, 'search'));
  await expect(writeSearchFilesInWorker(input)).rejects.toThrow(thrown);
});
