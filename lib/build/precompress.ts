/** A gzip copy beside every text file of build/, which nginx's gzip_static serves instead of compressing on each request. */
import fs from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {constants, gzip} from 'node:zlib';

export const COMPRESSED_FILE = /\.(html|js|css|json|yaml|svg|xml|txt|md|map)$/;
/** Below nginx's gzip_min_length a file is sent uncompressed anyway. */
export const MIN_COMPRESSED_BYTES = 1024;
const gzipAsync = promisify(gzip);
/** Enough to keep libuv's threads busy, few enough to hold little in memory. */
const AT_ONCE = 8;

/** `except`: folders under `root` to leave out, such as one another thread is still writing. */
export async function precompress(root: string, {except = []}: {except?: string[]} = {}): Promise<number> {
  const files = fs
    .readdirSync(root, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && COMPRESSED_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !except.some((folder) => file.startsWith(`${folder}${path.sep}`)));
  let next = 0;
  let written = 0;
  const compressNext = async (): Promise<void> => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) {
      const content = await fs.promises.readFile(file);
      if (content.length < MIN_COMPRESSED_BYTES) continue;
      await fs.promises.writeFile(`${file}.gz`, await gzipAsync(content, {level: constants.Z_BEST_COMPRESSION}));
      const {mtime} = await fs.promises.stat(file);
      await fs.promises.utimes(`${file}.gz`, mtime, mtime);
      written++;
    }
  };
  await Promise.all(Array.from({length: AT_ONCE}, compressNext));
  return written;
}
