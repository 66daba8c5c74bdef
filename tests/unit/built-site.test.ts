/**
 * The record of the built site Docusaurus's process leaves for the step after
 * it (lib/build/built-site.ts): read back as written, and a clear error, naming
 * the file and what writes it, when there is none.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {LoadedVersion} from '@docusaurus/plugin-content-docs';
import {afterAll, describe, expect, it} from 'vitest';
import {readBuiltSite, writeBuiltSite, type BuiltSiteRecord} from '../../lib/build/built-site';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-site-'));
afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

describe('the record of the built site', () => {
  it('is read back as it was written', () => {
    const site: BuiltSiteRecord = {
      outDir: '/site/build',
      siteDir: '/site',
      siteUrl: 'https://docs.acme.test',
      baseUrl: '/',
      title: 'Docs',
      tagline: 'Scan.',
      routesPaths: ['/', '/api/quick-start'],
      docs: {versionName: 'current', docs: [{id: 'quick-start', permalink: '/api/quick-start', frontMatter: {}}], sidebars: {}} as unknown as LoadedVersion,
    };
    const file = path.join(dir, 'generated/built-site.json');
    writeBuiltSite(site, file);
    expect(readBuiltSite(file)).toEqual(site);
  });

  it('missing, stops the step after the build, naming the file and what writes it', () => {
    expect(() => readBuiltSite(path.join(dir, 'none.json'))).toThrow(
      /none\.json is missing: Docusaurus's build writes it \(src\/plugins\/built-site\)\. Run `npm run build`/,
    );
  });
});
