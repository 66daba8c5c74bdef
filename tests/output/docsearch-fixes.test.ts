/**
 * The DocSearch modal fixes (src/plugins/docsearch-fixes) reach the site: the
 * built chunk that holds the modal carries what each replacement leaves after
 * minification. The unit test shows each pinned text stands in the installed
 * bundle; this one shows the loader really ran on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {docSearchFixes} from '../../src/plugins/docsearch-fixes';

const scriptsDir = path.join(__dirname, '../../build/assets/js');
// The modal's chunk: the one script that holds its root class name.
const modalChunks = fs
  .readdirSync(scriptsDir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => fs.readFileSync(path.join(scriptsDir, name), 'utf8'))
  .filter((text) => text.includes('DocSearch-Modal'));

describe('the DocSearch modal fixes in the build', () => {
  it('finds the modal in one chunk', () => {
    expect(modalChunks).toHaveLength(1);
  });

  it.each(docSearchFixes.map((fix) => [fix.inBuild.source.slice(0, 40), fix]))('%s… stands in the modal chunk', (_, fix) => {
    // A boolean, not toMatch: a failure would print the whole 450 KB chunk.
    expect(fix.inBuild.test(modalChunks[0]), String(fix.inBuild)).toBe(true);
  });
});
