/**
 * The API changelog as built: its page with every release dated, newest
 * first, each with its summary and its changes in plain words, a change of
 * many operations told once, each operation link reaching a built reference
 * page; its Markdown twin and its line in llms.txt; its Atom feed with one
 * entry per release; and the links to it from the footer, the overview and
 * the versioning page.
 */
import fs from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {describe, expect, it} from 'vitest';
import {readReleases} from '../../lib/contract/releases';
import {buildDir} from '../../lib/paths';
import {MANY_OPERATIONS} from '../../lib/reference/changelog';
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

  it("gives each release its summary from the release's own metadata", () => {
    const summaries = $('article h2')
      .filter((_, node) =>
        /^\d/.test(
          $(node)
            .text()
            .replace(/\u200b/g, '')
            .trim(),
        ),
      )
      .map((_, node) => $(node).next('p').text())
      .get();
    expect(summaries).toEqual(releases.map((release) => release.summary).reverse());
  });

  it("tells changes in plain words, not the differ's text", () => {
    const text = $('article').text();
    for (const raw of ['added: true', 'deprecated: deprecated', '›', 'maxLength added:']) expect(text, raw).not.toContain(raw);
  });

  it(`tells a change that ${MANY_OPERATIONS} operations or more of a release have once, linking the release's complete list`, () => {
    // From the twin: each release's operations, and the changes told under each ("- [Title](…) `GET /x`: change", or nested lines).
    const twin = readBuildFile('api/changelog.md');
    for (const section of twin.split(/\n## /).filter((part) => /^\d/.test(part))) {
      const operations = new Map<string, number>();
      let notes: string[] = [];
      const count = () => {
        for (const note of new Set(notes)) operations.set(note, (operations.get(note) ?? 0) + 1);
        notes = [];
      };
      for (const line of section.slice(section.indexOf('### By operation')).split('\n')) {
        if (line.startsWith('- ')) {
          count();
          const single = /`[A-Z]+ [^`]+`: (.*)$/.exec(line);
          if (single) notes.push(single[1]);
        } else if (line.startsWith('  - ')) notes.push(line.slice(4));
      }
      count();
      const many = [...operations].filter(([note, times]) => times >= MANY_OPERATIONS && note !== 'New operation');
      expect(many, section.split('\n')[0]).toEqual([]);
    }
    const lists = $('article a[href^="/api/releases/"]')
      .map((_, node) => $(node).attr('href'))
      .get();
    expect(lists.length).toBeGreaterThan(0);
    for (const href of new Set(lists)) expect(fs.existsSync(path.join(buildDir, href)), href).toBe(true);
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
