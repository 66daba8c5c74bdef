/**
 * The API changelog as built: its page with every release dated, newest
 * first, each operation link reaching a built reference page; its Markdown
 * twin and its line in llms.txt; its Atom feed with one entry per release;
 * and the links to it from the footer, the overview and the versioning page.
 */
import fs from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {describe, expect, it} from 'vitest';
import {readReleases} from '../../lib/contract/releases';
import {buildDir} from '../../lib/paths';
import {readBuildFile} from './site-files';

const releases = readReleases();

describe('the built API changelog', () => {
  const $ = load(readBuildFile('api/changelog.html'));

  it('has a dated section per release, newest first', () => {
    const headings = $('article h2')
      .map((_, node) =>
        $(node)
          .text()
          .replace(/\u200b/g, '')
          .trim(),
      )
      .get()
      .filter((text) => /^\d/.test(text));
    expect(headings).toEqual(releases.map((release) => `${release.version} (${release.date})`).reverse());
  });

  it('links each operation to a reference page the build has', () => {
    const links = $('article a[href^="/api/reference/"]')
      .map((_, node) => $(node).attr('href'))
      .get();
    expect(links.length).toBeGreaterThan(300);
    for (const href of new Set(links)) expect(fs.existsSync(path.join(buildDir, `${href}.html`)), href).toBe(true);
  });

  it('has a Markdown twin, listed in llms.txt', () => {
    expect(readBuildFile('api/changelog.md')).toContain(`## ${releases.at(-1)!.version} (${releases.at(-1)!.date})`);
    expect(readBuildFile('llms.txt')).toMatch(/\[API changelog\]\(\S+\/api\/changelog\.md\)/);
  });

  it('has an Atom feed with one entry per release', () => {
    const feed = load(readBuildFile('api/changelog.atom'), {xml: true});
    expect(
      feed('feed > entry > title')
        .map((_, node) => feed(node).text())
        .get(),
    ).toEqual(releases.map((release) => `Vigil API ${release.version}`).reverse());
  });

  it('is linked from the footer, the API overview and the versioning page', () => {
    for (const page of ['api/overview-api-documentation.html', 'api/versioning.html']) {
      expect(load(readBuildFile(page))('article a[href="/api/changelog"]').length, page).toBeGreaterThan(0);
    }
    expect($('footer a[href="/api/changelog"]').length).toBe(1);
  });
});
