/**
 * What a security engineer needs from a finding and a scan, as the built
 * reference shows it: the operation pages of a finding, a scan and a target's
 * crawl scope, in HTML (before any JavaScript runs) and in their Markdown
 * twins, name each field with its bounds. The fields are listed here, not
 * read from the contract, so that a field dropped from the contract, or a
 * bound dropped from a field, fails this test.
 */
import * as cheerio from 'cheerio';
import {describe, expect, it} from 'vitest';
import {twinPath} from '../../src/shared/twin-paths';
import {builtPages, readBuildFile} from './site-files';

const pages = builtPages();

/** Each field the pages must show, with the constraints shown beside it (in any order, among others). */
type ExpectedFields = Record<string, string[]>;

const FINDING_FIELDS: ExpectedFields = {
  cwe_id: ['≥ 1', '≤ 9999', 'nullable'],
  owasp_category: [],
  first_found_scan_id: [],
  last_found_scan_id: [],
  parameter: ['at most 1000 characters', 'nullable'],
  parameter_location: [],
  evidence: ['at least 1 items', 'at most 10 items'],
  request: [],
  response: [],
  status_code: ['≥ 100', '≤ 599'],
  header_fields: ['at most 50 items'],
  body: ['at most 4096 characters'],
  body_truncated: [],
  markers: ['at least 1 items', 'at most 10 items'],
  part: [],
  offset: ['≥ 0', '≤ 8192'],
  length: ['≥ 1', '≤ 8192'],
  text: ['at most 8192 characters'],
  severity_source: [],
  cvss_version: [],
  cvss_vector: ['at most 200 characters', 'pattern ^CVSS:(3\\.1|4\\.0)/[A-Z]{1,3}:[A-Z](/[A-Z]{1,3}:[A-Z])*$', 'nullable'],
  cvss_score: ['≥ 0', '≤ 10', 'nullable'],
  accepted_until: ['at most 10 characters', 'nullable'],
  fingerprint: ['at most 64 characters', 'pattern ^[0-9a-f]{64}$'],
  first_found_at: [],
  last_found_at: [],
};

const SCAN_FIELDS: ExpectedFields = {
  coverage: [],
  complete: [],
  gaps: ['at most 6 items'],
  login: [],
  crawl_limit_reached: [],
  pages_crawled: ['≥ 0', '≤ 10000000'],
  requests_sent: ['≥ 0', '≤ 1000000000'],
  endpoints_tested: ['≥ 0', '≤ 10000000'],
  duration_seconds: ['≥ 0', '≤ 2592000'],
};

const CRAWL_SCOPE_FIELDS: ExpectedFields = {
  include_paths: ['at most 100 items'],
  exclude_paths: ['at most 100 items'],
};

const PAGES: [string, ExpectedFields][] = [
  ['/api/reference/targets-findings-retrieve', FINDING_FIELDS],
  ['/api/reference/findings-retrieve', FINDING_FIELDS],
  ['/api/reference/targets-findings-list', FINDING_FIELDS],
  ['/api/reference/targets-scans-retrieve', SCAN_FIELDS],
  ['/api/reference/scans-retrieve', SCAN_FIELDS],
  ['/api/reference/targets-crawl-scope-update', CRAWL_SCOPE_FIELDS],
];

/** The head of each rendered field (name, type, "required", constraints), by field name, over every nesting level. */
function htmlFieldHeads(html: string): Map<string, string[]> {
  const $ = cheerio.load(html);
  const heads = new Map<string, string[]>();
  $('[data-field]').each((_, element) => {
    const name = $(element).attr('data-field')!;
    heads.set(name, [...(heads.get(name) ?? []), $(element).children('p').first().text()]);
  });
  return heads;
}

/** The lead of each field's list item in a twin, "`name` (`type`, required, constraints…)", by field name. */
function twinFieldHeads(markdown: string): Map<string, string[]> {
  const heads = new Map<string, string[]>();
  for (const [, name, head] of markdown.matchAll(/^\s*- `([a-z_]+)` \((.*?)\): /gm)) heads.set(name, [...(heads.get(name) ?? []), head]);
  return heads;
}

describe('the reference shows what a finding, a scan and a crawl scope carry, with their bounds', () => {
  for (const [route, fields] of PAGES) {
    it(`${route}: every field with its constraints, in the HTML`, () => {
      const html = pages.get(route);
      expect(html, route).toBeDefined();
      const heads = htmlFieldHeads(html!);
      for (const [name, constraints] of Object.entries(fields)) {
        const shown = heads.get(name) ?? [];
        expect(shown.length, `${route}: field ${name}`).toBeGreaterThan(0);
        for (const constraint of constraints)
          expect(
            shown.some((head) => head.includes(constraint)),
            `${route}: ${name} shows "${constraint}" (shown: ${shown.join(' | ')})`,
          ).toBe(true);
      }
    });

    it(`${route}: every field with its constraints, in the Markdown twin`, () => {
      const heads = twinFieldHeads(readBuildFile(twinPath(route).slice(1)));
      for (const [name, constraints] of Object.entries(fields)) {
        const shown = heads.get(name) ?? [];
        expect(shown.length, `${route}.md: field ${name}`).toBeGreaterThan(0);
        for (const constraint of constraints)
          expect(
            shown.some((head) => head.includes(constraint)),
            `${route}.md: ${name} shows "${constraint}" (shown: ${shown.join(' | ')})`,
          ).toBe(true);
      }
    });
  }
});
