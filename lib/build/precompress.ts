/**
 * After the build: a gzip copy (`file.gz`, best compression) beside every
 * text file of build/, which nginx's gzip_static serves as it is instead of
 * compressing the file again on each request (the search index and the
 * OpenAPI file are megabytes). Part of `npm run build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import {constants, gzipSync} from 'node:zlib';

const TEXT = /\.(html|js|css|json|yaml|svg|xml|txt|md|map)$/;
/** Below this nginx sends the file uncompressed anyway (gzip_min_length). */
const MIN_BYTES = 1024;

export function precompress(root: string): number {
  let written = 0;
  for (const entry of fs.readdirSync(root, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile() || !TEXT.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.gz`, gzipSync(content, {level: constants.Z_BEST_COMPRESSION}));
    const {mtime} = fs.statSync(file);
    fs.utimesSync(`${file}.gz`, mtime, mtime);
    written++;
  }
  return written;
}
