/**
 * The try-it panel's bundle: faker, which postman-collection requires for
 * Postman's {{$random…}} variables, is replaced by the stub of
 * src/plugins/reference-bundle (see PATCHES.md), so its locale data never
 * reaches a reader.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildDir} from '../../lib/paths';

const scriptsDir = path.join(buildDir, 'assets/js');
const scripts = fs
  .readdirSync(scriptsDir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({name, text: fs.readFileSync(path.join(scriptsDir, name), 'utf8')}));

describe("the try-it panel's scripts", () => {
  it('carry the faker stub', () => {
    // The minifier writes the ellipsis of the stub's message as \u2026.
    const stubMessage = /Postman dynamic variables \(\{\{\$random(…|\\u2026)\}\}\) are not supported/;
    expect(scripts.filter(({text}) => stubMessage.test(text)).map(({name}) => name)).toHaveLength(1);
  });

  it("carry none of faker's English locale (its first names)", () => {
    expect(scripts.filter(({text}) => /\bAaliyah\b/.test(text)).map(({name}) => name)).toEqual([]);
  });
});
