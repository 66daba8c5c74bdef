/**
 * After the build: the records (search/records.json, for `npm run search:push`)
 * and the local index with its term and record shards
 * (../../src/shared/search/index-file.ts). A shard's name carries a hash of its
 * content, so an index never meets shards of another build.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {buildSearchIndex} from '../../src/shared/search/build-index';
import type {PageOperation} from '../../src/shared/search/index-file';
import {LOCAL_INDEX_PATH} from '../../src/shared/search/settings';
import {OperationIndex} from '../contract/operations';
import {SEARCH_RECORDS_FILE} from '../paths';
import {workerResult} from '../worker-thread';
import {readPage, withPageRank} from './records';

/** What names the page besides its title. */
export function pageOperations(baseUrl: string): Map<string, PageOperation> {
  return new Map(
    OperationIndex.load().operations.map(({referencePath, method, path: template}) => [`${baseUrl}${referencePath.slice(1)}`, {method, path: template}]),
  );
}

/** `routesPaths` include the base URL, as Docusaurus lists them. */
export interface SearchFilesInput {
  outDir: string;
  routesPaths: string[];
  baseUrl: string;
  headingsOnly?: Set<string>;
}

export function writeSearchFiles({outDir, routesPaths, baseUrl, headingsOnly = new Set()}: SearchFilesInput): void {
  const pages = routesPaths
    .filter((route) => route !== `${baseUrl}404.html`)
    .flatMap((route) => {
      const relative = route.slice(baseUrl.length);
      const file = path.join(outDir, relative === '' ? 'index.html' : `${relative}.html`);
      const fallback = path.join(outDir, relative, 'index.html');
      const html = fs.existsSync(file) ? file : fs.existsSync(fallback) ? fallback : undefined;
      return html ? [{route, html: fs.readFileSync(html, 'utf8')}] : [];
    });
  const read = pages.map(({route, html}) => ({route, ...readPage(html, route, {headingsOnly: headingsOnly.has(route)})}));
  const records = withPageRank(
    read.flatMap((page) => page.records),
    new Map(read.map(({route, links}) => [route, links])),
  );
  fs.mkdirSync(path.join(outDir, path.dirname(SEARCH_RECORDS_FILE)), {recursive: true});
  fs.writeFileSync(path.join(outDir, SEARCH_RECORDS_FILE), JSON.stringify(records));
  const {file, shards} = buildSearchIndex(
    records,
    (kind, shard, content) => `${path.posix.dirname(LOCAL_INDEX_PATH)}/${kind}-${shard}-${createHash('sha256').update(content).digest('hex').slice(0, 8)}.json`,
    {operations: pageOperations(baseUrl)},
  );
  fs.writeFileSync(path.join(outDir, LOCAL_INDEX_PATH), JSON.stringify(file));
  for (const [name, content] of shards) fs.writeFileSync(path.join(outDir, name), content);
  console.log(
    `[search] ${records.length} records from ${routesPaths.length} routes, indexed, in ${file.termShards.length} term shards and ${file.shards.length} record shards`,
  );
}

/** It reads every built page, CPU-bound, while the outputs for tools are written on this thread. */
export function writeSearchFilesInWorker(input: SearchFilesInput): Promise<void> {
  return workerResult(path.join(__dirname, 'index-files-worker.ts'), input);
}
