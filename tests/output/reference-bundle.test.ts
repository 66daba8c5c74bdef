/**
 * The try-it panel's bundle: faker, which postman-collection requires for
 * Postman's {{$random…}} variables, is replaced by the stub of
 * src/plugins/reference-bundle (see PATCHES.md), so its locale data never
 * reaches a reader; and of postman-code-generators' 37 generators, it carries
 * those of the portal's sample languages only.
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

  it("carry the code generators of the portal's languages, in one script, and no other language's", () => {
    // What the Python http.client and JavaScript XHR generators write; what the C# RestSharp, Java OkHttp and PowerShell ones do.
    const carrying = (pattern: RegExp) => scripts.filter(({text}) => pattern.test(text)).map(({name}) => name);
    expect(carrying(/http\.client\.HTTPSConnection/)).toHaveLength(1);
    expect(carrying(/new XMLHttpRequest\(\)/)).toEqual(carrying(/http\.client\.HTTPSConnection/));
    expect(carrying(/new RestClient\(|OkHttpClient|Invoke-RestMethod/)).toEqual([]);
  });
});
