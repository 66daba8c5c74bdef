import fs from 'node:fs';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {expect, it} from 'vitest';
import {buildDir} from '../../lib/paths';

it('the build carries a gzip copy of each large text file, with the same content, for nginx to serve as it is', () => {
  const main = fs.readdirSync(path.join(buildDir, 'assets/js')).find((name) => /^main\.[0-9a-f]+\.js$/.test(name))!;
  for (const file of ['index.html', 'api/quick-start.html', 'api/quick-start.md', 'llms-full.txt', 'search/index.json', 'openapi.yaml', `assets/js/${main}`]) {
    const original = fs.readFileSync(path.join(buildDir, file));
    expect(gunzipSync(fs.readFileSync(path.join(buildDir, `${file}.gz`))).equals(original), file).toBe(true);
  }
});
