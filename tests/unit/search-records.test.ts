/** Search records from a built page, in DocSearch's record format, content only. */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {repoRoot} from '../../lib/paths';
import {headingsOnlyRoutes} from '../../lib/search/headings-only';
import {readPage} from '../../lib/search/records';

const html = fs.readFileSync(path.join(repoRoot, 'tests/fixtures/search/page.html'), 'utf8');
const {records, links} = readPage(html, '/api/reference/targets-scans-create');
const contents = records.map((record) => record.content).filter(Boolean);

describe('search records', () => {
  it('make one record per heading and per block of text, with the hierarchy above it', () => {
    expect(records.map((record) => [record.type, record.anchor])).toEqual([
      ['lvl1', null],
      ['content', null],
      ['content', null],
      ['content', null],
      ['lvl2', 'request'],
      ['lvl3', 'body'],
      ['content', 'body'],
      ['content', 'body'],
      ['content', 'body'],
      ['lvl2', 'notes'],
      ['content', 'notes'],
      ['content', 'notes'],
      ['content', 'notes'],
    ]);
    expect(records[6].hierarchy).toEqual({lvl0: 'API', lvl1: 'Start a scan', lvl2: 'Request', lvl3: 'Body', lvl4: null, lvl5: null, lvl6: null});
    expect(records[9].hierarchy.lvl3).toBeNull();
    expect(records[6].url).toBe('/api/reference/targets-scans-create#body');
    expect(records[6].url_without_anchor).toBe('/api/reference/targets-scans-create');
  });

  it('read the head and the main element only: an article in the chrome around them is not read', () => {
    const withChromeArticle = html.replace(
      '<main>',
      '<aside><article><div class="theme-doc-markdown"><h1>Chrome</h1><p>Not content <a href="/elsewhere">here</a>.</p></div></article></aside><main>',
    );
    expect(withChromeArticle).not.toBe(html);
    expect(readPage(withChromeArticle, '/api/reference/targets-scans-create')).toEqual({records, links});
  });

  it("come with the site pages the page's content links to, each once, without anchors or chrome", () => {
    expect(links).toEqual(['/concepts/scan-concept']);
  });

  it('carry the language and version tags and a unique id', () => {
    expect(records[0]).toMatchObject({language: 'en', version: ['current'], docusaurus_tag: 'docs-default-current'});
    expect(new Set(records.map((record) => record.objectID)).size).toBe(records.length);
  });

  it('read each field of an operation as "name: description", nested fields by their path', () => {
    expect(contents).toContain('scan_profile_id: Scan profile to run with.');
    expect(contents).toContain('target: The target scanned.');
    expect(contents).toContain('target.id: Identifier of the target.');
  });

  it('separate words at element boundaries but not inside inline markup', () => {
    expect(contents).toContain('POST /api/v1/targets/{target_id}/scans/');
    expect(contents).toContain('Starts a scan of the target and returns it queued.');
    expect(contents).toContain('First point with bold text.');
    expect(contents).toContain('Second point nested');
  });

  it('leave out navigation chrome, buttons and heading anchors, and keep markup in text as text', () => {
    const all = JSON.stringify(records);
    for (const chrome of ['Help centre', 'Sidebar entry', 'Home', 'Try it', 'Search', '#']) {
      expect(
        contents.some((content) => content!.includes(chrome)),
        chrome,
      ).toBe(false);
    }
    expect(all).not.toContain('hash-link');
    expect(contents).toContain('409 A scan is already running <script>alert(1)</script>.');
  });

  it("read a table's row whole, so the name in its first cell finds it", () => {
    expect(contents.filter((content) => content!.includes('already running'))).toEqual(['409 A scan is already running <script>alert(1)</script>.']);
  });

  it('read only the headings of a page that asks for it in its front matter', () => {
    const headingsOnly = readPage(html, '/api/changelog', {headingsOnly: true}).records;
    expect(headingsOnly.map((record) => record.type)).not.toContain('content');
    expect(headingsOnly.map((record) => record.hierarchy.lvl2)).toContain('Notes');
    const pages = [
      {permalink: '/api/changelog', source: '@site/docs/api/changelog.md', frontMatter: {search: 'headings-only'}},
      {permalink: '/api/versioning', source: '@site/docs/api/versioning.md', frontMatter: {}},
    ];
    expect([...headingsOnlyRoutes(pages)]).toEqual(['/api/changelog']);
    expect(() => headingsOnlyRoutes([{permalink: '/a', source: '@site/docs/a.md', frontMatter: {search: 'none'}}])).toThrow(
      '@site/docs/a.md:1: front matter "search: none" is not known',
    );
  });
});
