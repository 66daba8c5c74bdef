/**
 * What the releases put on operation pages, in the build: the release that
 * introduced an operation and the last that changed it, checked against the
 * release files themselves, each linking its changelog entry; the changelog's
 * complete list of a release's changes behind its lines for many operations; and the
 * deprecated field of the current contract, with its notice, sunset date and
 * the Deprecation and Sunset headers, on its page and in its twin.
 */
import fs from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {describe, expect, it} from 'vitest';
import {readReleaseDocument, readReleases} from '../../lib/contract/releases';
import {operationsOf} from '../../lib/openapi';
import {buildDir} from '../../lib/paths';
import {pageText, readBuildFile} from './site-files';

const releases = readReleases();
const anchor = (version: string) => {
  const release = releases.find((candidate) => candidate.version === version)!;
  return `${release.version.replace(/\./g, '')}-${release.date}`;
};
/** The first release whose document has the operation, read from the release files. */
function firstRelease(operationId: string): string {
  return releases.find((release) => operationsOf(readReleaseDocument(release.version)).some(({operation}) => operation.operationId === operationId))!.version;
}
const page = (operationId: string) => load(readBuildFile(`api/reference/${operationId.replaceAll('_', '-')}.html`));
const twin = (operationId: string) => readBuildFile(`api/reference/${operationId.replaceAll('_', '-')}.md`);
/** The paragraph of marks under the endpoint line. */
const marks = (operationId: string) => {
  const $ = page(operationId);
  return $('article p').filter((_, node) => /^Introduced in /.test($(node).text()));
};

describe('release marks on operation pages', () => {
  it('name the release that introduced an operation, as the release files show, linked to its changelog entry', () => {
    // One operation of the first release, one of a later one, one of the latest.
    for (const [operationId, expected] of [
      ['targets_list', '0.1.0'],
      ['profile_retrieve', '0.3.0'],
      ['targets_crawl_scope_retrieve', '2.0.0'],
    ]) {
      expect(firstRelease(operationId), `${operationId} in the release files`).toBe(expected);
      const line = marks(operationId);
      expect(line.text(), operationId).toMatch(new RegExp(`^Introduced in ${expected.replace(/\./g, '\\.')}[;.]`));
      expect(line.find('a').first().attr('href'), operationId).toBe(`/api/changelog#${anchor(expected)}`);
      expect(twin(operationId), operationId).toContain(`Introduced in [${expected}](/api/changelog#${anchor(expected)})`);
    }
  });

  it('name the last release that changed an operation: 2.2.0 added the request id to the answers of targets_list', () => {
    const [before, after] = ['2.1.0', '2.2.0'].map((version) =>
      operationsOf(readReleaseDocument(version)).find(({operation}) => operation.operationId === 'targets_list')!,
    );
    expect(JSON.stringify(after.operation)).not.toBe(JSON.stringify(before.operation));
    const line = marks('targets_list');
    expect(line.text()).toBe('Introduced in 0.1.0; last changed in 2.2.0.');
    expect(line.find('a').last().attr('href')).toBe(`/api/changelog#${anchor('2.2.0')}`);
    expect(twin('targets_list')).toContain(`last changed in [2.2.0](/api/changelog#${anchor('2.2.0')})`);
    // An operation no release changed after adding it has no such mark.
    expect(marks('webhooks_secret_rotate').text()).toBe('Introduced in 2.2.0.');
  });

  it('link entries the changelog page has', () => {
    const changelog = load(readBuildFile('api/changelog.html'));
    for (const release of releases) expect(changelog(`[id="${anchor(release.version)}"]`).length, release.version).toBe(1);
  });
});

describe('the changelog’s complete lists', () => {
  it('are linked from each change told across many operations, and hold those changes, as many as the line counts', () => {
    const $ = load(readBuildFile('api/changelog.html'));
    const links = $('article a[href^="/api/releases/"]');
    expect(links.length).toBeGreaterThan(0);
    for (const href of new Set(links.map((_, node) => $(node).attr('href')).get())) {
      expect(href).toMatch(/^\/api\/releases\/(\d+\.\d+\.\d+|unreleased)\.txt$/);
      expect(fs.existsSync(path.join(buildDir, href)), href).toBe(true);
    }
    // The list says how many changes it has, and has them, one a line.
    const [head, ...changes] = readBuildFile('api/releases/2.0.0.txt').trimEnd().split('\n');
    expect(head).toBe(`Release 2.0.0: ${changes.length} change(s)`);
    // 2.0.0 bounded the request values: the line's counts are the list's values and operations.
    const line = links
      .filter((_, node) => $(node).attr('href') === '/api/releases/2.0.0.txt')
      .map((_, node) => $(node).text())
      .get()
      .find((text) => text.startsWith('Bounds added to') && text.includes('request values'));
    const [, values, operations] = /^Bounds added to ([\d,]+) request values in ([\d,]+) operations$/.exec(line ?? '')!;
    const bounded = changes
      .map((change) => /^\w+ (\S+ \S+) \(\w+\) ((?!response)[^:]*) › (maxLength|minLength|maximum|minimum|maxItems|minItems|pattern): \3 added: /.exec(change))
      .filter((match) => match !== null);
    expect(new Set(bounded.map((match) => `${match[1]} ${match[2]}`)).size).toBe(Number(values.replace(/,/g, '')));
    expect(new Set(bounded.map((match) => match[1])).size).toBe(Number(operations.replace(/,/g, '')));
  });
});

describe('the deprecated field avoid_url_patterns', () => {
  it('shows its notice with sunset date and replacement on its pages and twins, with the Deprecation and Sunset headers', () => {
    for (const operationId of ['targets_logout_settings_retrieve', 'targets_logout_settings_update']) {
      const $ = page(operationId);
      const field = $('[data-field="avoid_url_patterns"]').first();
      expect(pageText(field.html()!), operationId).toMatch(/deprecated.*sunset 2027-06-30.*replaced by .*exclude_paths/);
      const text = pageText($('article').html()!);
      for (const header of ['Deprecation', 'Sunset']) expect(text, `${operationId} ${header}`).toContain(header);
      // 2.1.0 deprecated it; 2.2.0, which added the request id to every answer, is the operations' last change.
      expect(pageText($('article').html()!), operationId).toMatch(/last changed in 2\.2\.0\s*\./);
      const markdown = twin(operationId);
      expect(markdown, operationId).toMatch(/- `avoid_url_patterns` \([^)]*deprecated, sunset 2027-06-30, replaced by [^\n]*exclude_paths/);
      expect(markdown, operationId).toMatch(/- `Deprecation` \(`string`, required/);
      expect(markdown, operationId).toMatch(/- `Sunset` \(`string`, required/);
    }
  });
});
