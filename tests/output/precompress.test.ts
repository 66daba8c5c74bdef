import fs from 'node:fs';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {expect, it} from 'vitest';
import {COMPRESSED_FILE, MIN_COMPRESSED_BYTES} from '../../lib/build/precompress';
import {buildDir} from '../../lib/paths';

it('the build carries a gzip copy of each large text file, with the same content, for nginx to serve as it is', () => {
  const main = fs.readdirSync(path.join(buildDir, 'assets/js')).find((name) => /^main\.[0-9a-f]+\.js$/.test(name))!;
  for (const file of ['index.html', 'api/quick-start.html', 'api/quick-start.md', 'llms-full.txt', 'search/index.json', 'openapi.yaml', `assets/js/${main}`]) {
    const original = fs.readFileSync(path.join(buildDir, file));
    expect(gunzipSync(fs.readFileSync(path.join(buildDir, `${file}.gz`))).equals(original), file).toBe(true);
  }
});

// The search files are compressed once their thread has written them, the rest of the site meanwhile (lib/build/site-outputs.ts).
it('every text file of the build, the search files among them, has its copy, with the same content', () => {
  const files = fs
    .readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
    .filter((file) => COMPRESSED_FILE.test(file) && fs.statSync(path.join(buildDir, file)).size >= MIN_COMPRESSED_BYTES);
  const stale = files.filter((file) => {
    const copy = path.join(buildDir, `${file}.gz`);
    return !fs.existsSync(copy) || !gunzipSync(fs.readFileSync(copy)).equals(fs.readFileSync(path.join(buildDir, file)));
  });
  expect(files.filter((file) => file.startsWith('search/')).length).toBeGreaterThan(100);
  expect(stale).toEqual([]);
});
