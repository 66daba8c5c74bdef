/** Recording a release: versions only go up, a release is never rewritten, and the contract's version is read and set in place. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {compareVersions, contractVersion, readReleases, recordRelease, setContractVersion} from '../../lib/contract/releases';

let dir: string;
let index: string;
const document = {openapi: '3.0.0', info: {title: 'T', version: '0.0.0'}, paths: {}};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-'));
  index = path.join(dir, 'index.json');
});
afterEach(() => fs.rmSync(dir, {recursive: true, force: true}));

describe('recordRelease', () => {
  it('writes the document with its version and appends it to the index', () => {
    recordRelease({version: '1.0.0', date: '2026-11-25', summary: 'First.'}, document, index);
    recordRelease({version: '1.1.0', date: '2026-11-26', summary: 'Second.'}, document, index);
    expect(readReleases(index).map((release) => release.version)).toEqual(['1.0.0', '1.1.0']);
    expect(JSON.parse(fs.readFileSync(path.join(dir, '1.1.0.json'), 'utf8')).info.version).toBe('1.1.0');
  });

  it('refuses to overwrite a release', () => {
    recordRelease({version: '1.0.0', date: '2026-11-25', summary: 'First.'}, document, index);
    fs.writeFileSync(index, JSON.stringify({releases: []}));
    expect(() => recordRelease({version: '1.0.0', date: '2026-11-26', summary: 'Again.'}, document, index)).toThrow(
      /1\.0\.0\.json exists: release 1\.0\.0 was already cut/,
    );
  });

  it('refuses a version not greater than the latest, and one that is not MAJOR.MINOR.PATCH', () => {
    recordRelease({version: '1.2.0', date: '2026-11-25', summary: 'First.'}, document, index);
    expect(() => recordRelease({version: '1.1.9', date: '2026-11-26', summary: 'Older.'}, document, index)).toThrow(
      'Release 1.1.9 is not greater than the latest release, 1.2.0',
    );
    expect(() => recordRelease({version: 'v2', date: '2026-11-26', summary: 'Bad.'}, document, index)).toThrow('"v2" is not a release version');
  });

  it('compares versions numerically', () => {
    expect(compareVersions('1.10.0', '1.9.0')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0', '10.0.0')).toBeLessThan(0);
  });
});

describe('the contract version', () => {
  it('is read from and written into the @info decorator', () => {
    const entry = path.join(dir, 'main.tsp');
    fs.writeFileSync(entry, '@service(#{ title: "T" })\n@info(#{ version: "1.0.0" })\nnamespace T;\n');
    expect(contractVersion(entry)).toBe('1.0.0');
    setContractVersion('1.1.0', entry);
    expect(fs.readFileSync(entry, 'utf8')).toContain('@info(#{ version: "1.1.0" })');
  });
});
