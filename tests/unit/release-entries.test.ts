/** The changelog's release entries diffed in a worker thread: the same entries as in this thread, and its failure is the step's, naming the release file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';

// A worker thread loads tsx and the modules it runs: seconds on a loaded machine, more than the default 5 s.
const WORKER_TIMEOUT = 30_000;
import {readReleaseDocument, readReleases, recordRelease} from '../../lib/contract/releases';
import {releaseEntries} from '../../lib/reference/changelog';
import {releaseEntriesInWorker} from '../../lib/reference/release-entries';

let dir: string;
let index: string;
const operation = (summary: string) => ({operationId: 'getScan', summary, responses: {'200': {description: 'OK'}}});
const document = {openapi: '3.0.0', info: {title: 'T', version: '0.0.0'}, paths: {'/scans/{id}': {get: operation('Get a scan')}}};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-entries-'));
  index = path.join(dir, 'index.json');
  recordRelease({version: '1.0.0', date: '2026-11-25', summary: 'First.'}, document, index);
  recordRelease(
    {version: '1.1.0', date: '2026-11-26', summary: 'Second.'},
    {...document, paths: {...document.paths, '/scans/': {post: {...operation('Start a scan'), operationId: 'createScan'}}}},
    index,
  );
});
afterEach(() => fs.rmSync(dir, {recursive: true, force: true}));

describe('releaseEntriesInWorker', () => {
  it('gives the entries releaseEntries gives in this thread', {timeout: WORKER_TIMEOUT}, async () => {
    const entries = await releaseEntriesInWorker(index);
    expect(entries.map((entry) => [entry.release?.version, entry.changes.map((change) => `${change.operation?.operationId} ${change.what}`)])).toEqual([
      ['1.0.0', ['getScan operation added']],
      ['1.1.0', ['createScan operation added']],
    ]);
    expect(entries).toEqual(releaseEntries(readReleases(index), (version) => readReleaseDocument(version, dir)));
  });

  it('rejects with the error naming the missing release file', {timeout: WORKER_TIMEOUT}, async () => {
    fs.rmSync(path.join(dir, '1.1.0.json'));
    await expect(releaseEntriesInWorker(index)).rejects.toThrow(
      /release-entries-[^/]+\/1\.1\.0\.json: no release 1\.1\.0 \(contract\/releases\/index\.json lists 1\.0\.0, 1\.1\.0\)/,
    );
  });
});
