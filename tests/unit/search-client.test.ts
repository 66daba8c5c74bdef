/**
 * The local search client answers the DocSearch UI's multi-query calls in the
 * hosted service's response shape (a response in that shape is the fixture),
 * so the modal and the search page run unchanged on either backend.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {repoRoot} from '../../scripts/paths';
import {buildSearchIndex, type IndexedRecord} from '../../src/search/engine';
import {ANSWER_MEASURE, createLocalSearchClient} from '../../src/search/local-client';
import {MAX_QUERY_LENGTH} from '../../src/search/settings';

const hosted = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tests/fixtures/search/hosted-response.json'), 'utf8'));

const record = (url: string, type: IndexedRecord['type'], lvl1: string, lvl2: string | null, content: string | null, language = 'en'): IndexedRecord => ({
  type,
  url,
  language,
  docusaurus_tag: 'docs-default-current',
  hierarchy: {lvl0: 'API', lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
  content,
});

const records: IndexedRecord[] = [
  record('/api/reference/targets-scans-create', 'lvl1', 'Start a scan', null, null),
  record('/api/reference/targets-scans-create', 'content', 'Start a scan', null, 'Starts a scan of the target and returns it queued.'),
  record('/api/reference/targets-scans-create#request', 'lvl2', 'Start a scan', 'Request', null),
  record('/api/reference/targets-scans-create#request', 'content', 'Start a scan', 'Request', 'scan_profile_id: Scan profile to run with.'),
  record('/concepts/scan-concept', 'lvl1', 'Scans', null, null),
  record('/concepts/scan-concept', 'content', 'Scans', null, 'A scan <script>alert(1)</script> is one run of the scanner over one target.'),
  record('/de/scans', 'lvl1', 'Scans (Deutsch)', null, null, 'de'),
];

const file = buildSearchIndex(records);
const client = () => createLocalSearchClient(async () => JSON.parse(JSON.stringify(file)));
const modalRequest = (query: string, extra: object = {}) => ({
  indexName: 'vigil-docs',
  query,
  attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'content:10'],
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  snippetEllipsisText: '…',
  hitsPerPage: 20,
  facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
  ...extra,
});

/** Keys of an object, nested, as paths ("hits.0._highlightResult.hierarchy.lvl1.value"). */
const shape = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value).flatMap(([key, child]) => [`${prefix}${key}`, ...shape(child, `${prefix}${key}.`)])
    : [];

describe('the local search client', () => {
  it('answers a multi-query request in the hosted service shape', async () => {
    const {results} = await client().search({requests: [modalRequest('start scan')]});
    const [ours] = results;
    const [theirs] = hosted.results;
    for (const key of ['hits', 'nbHits', 'page', 'nbPages', 'hitsPerPage', 'exhaustiveNbHits', 'query', 'params', 'index', 'processingTimeMS']) {
      expect(ours, key).toHaveProperty(key);
      expect(typeof (ours as any)[key], key).toBe(typeof theirs[key]);
    }
    const hitKeys = (hit: object) => shape(hit).filter((key) => !/\.(lvl[2-6]|fullyHighlighted)(\.|$)/.test(key) && !key.endsWith('.lvl0'));
    const expected = new Set<string>(theirs.hits.flatMap(hitKeys));
    const got = new Set(ours.hits.flatMap(hitKeys));
    for (const key of expected) expect(got.has(key), key).toBe(true);
  });

  it('ranks the page that matches best first, one hit per section, and highlights the query', async () => {
    const {hits} = (await client().search({requests: [modalRequest('start scan')]})).results[0];
    expect(hits[0].url_without_anchor).toBe('/api/reference/targets-scans-create');
    // The heading matches the whole query, so it stands for its section.
    expect(hits[0]).toMatchObject({type: 'lvl1', anchor: null});
    expect(hits[0]._highlightResult.hierarchy.lvl1.value).toBe('<mark>Start</mark> a <mark>scan</mark>');
    const urls = hits.map((hit) => hit.url);
    expect(new Set(urls).size).toBe(urls.length);
    // A section whose text matches more of the query than its heading shows that text.
    const request = (await client().search({requests: [modalRequest('profile run')]})).results[0].hits.find((hit) => hit.anchor === 'request');
    expect(request).toMatchObject({type: 'content', url: '/api/reference/targets-scans-create#request'});
    expect(request!._snippetResult.content!.value).toContain('<mark>profile</mark> to <mark>run</mark>');
  });

  it('finds a field by its whole name, and a word despite a typo', async () => {
    const byName = await client().search({requests: [modalRequest('scan_profile_id')]});
    expect(byName.results[0].hits.map((hit) => hit.url)).toContain('/api/reference/targets-scans-create#request');
    const typo = await client().search({requests: [modalRequest('scanner')]});
    expect(typo.results[0].nbHits).toBeGreaterThan(0);
    const fuzzy = await client().search({requests: [modalRequest('scannr')]});
    expect(fuzzy.results[0].hits.some((hit) => hit.url === '/concepts/scan-concept')).toBe(true);
  });

  it('applies facet filters for language and docs version, and the v4 request form', async () => {
    const english = await client().search([{indexName: 'vigil-docs', params: {query: 'scans', facetFilters: ['language:en']}}]);
    expect(english.results[0].hits.every((hit) => hit.language === 'en')).toBe(true);
    const german = await client().search({requests: [modalRequest('scans', {facetFilters: ['language:de']})]});
    expect(german.results[0].hits.map((hit) => hit.url)).toEqual(['/de/scans']);
  });

  it('shows markup in indexed text and in the query as text', async () => {
    const {results} = await client().search({requests: [modalRequest('<script>alert(1)</script> scan')]});
    const serialized = JSON.stringify(results[0].hits.map((hit) => [hit._highlightResult, hit._snippetResult]));
    expect(serialized).not.toMatch(/<script/i);
    const concept = results[0].hits.find((hit) => hit.type === 'content' && hit.url === '/concepts/scan-concept');
    // The page's text keeps its markup as characters: escaped, with only the highlight tags as tags.
    const value = concept!._highlightResult.content!.value;
    expect(value.replace(/<\/?mark>/g, '')).toBe('A scan &#60;script&#62;alert(1)&#60;/script&#62; is one run of the scanner over one target.');
  });

  it('answers queries of any character set and of any length without error, cut to the maximum length', async () => {
    for (const query of ['検索 スキャン', 'сканирование', '🔍🔍', 'x'.repeat(500), '((((', '\\', '.*+?^${}()|[]']) {
      const {results} = await client().search({requests: [modalRequest(query)]});
      expect(results[0].query.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    }
  });

  it('loads the index on the first query only, and tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(JSON.parse(JSON.stringify(file)));
    const local = createLocalSearchClient(load);
    expect(load).not.toHaveBeenCalled();
    await expect(local.search({requests: [modalRequest('scan')]})).rejects.toThrow('offline');
    await local.search({requests: [modalRequest('scan')]});
    await local.search({requests: [modalRequest('target')]});
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("times each answer without the index's download, as a performance measure observers see", async () => {
    const LOAD_MS = 200;
    const slow = createLocalSearchClient(() => new Promise((resolve) => setTimeout(() => resolve(JSON.parse(JSON.stringify(file))), LOAD_MS)));
    const measured = new Promise<PerformanceEntry[]>((resolve) => {
      const observer = new PerformanceObserver((list) => {
        const entries = list.getEntriesByName(ANSWER_MEASURE);
        if (entries.length === 0) return;
        observer.disconnect();
        resolve(entries);
      });
      observer.observe({entryTypes: ['measure']});
    });
    const [response] = (await slow.search({requests: [modalRequest('start scan')]})).results;
    const [entry] = await measured;
    expect(entry.duration).toBeLessThan(LOAD_MS);
    expect(response.processingTimeMS).toBe(Math.round(entry.duration));
    // The timeline keeps none: one entry per keystroke would pile up in a long session.
    expect(performance.getEntriesByName(ANSWER_MEASURE)).toEqual([]);
  });

  it('pages through hits', async () => {
    const all = (await client().search({requests: [modalRequest('scan', {hitsPerPage: 100})]})).results[0];
    const second = (await client().search({requests: [modalRequest('scan', {hitsPerPage: 2, page: 1})]})).results[0];
    expect(second.nbPages).toBe(Math.ceil(all.nbHits / 2));
    expect(second.hits.map((hit) => hit.objectID)).toEqual(all.hits.slice(2, 4).map((hit) => hit.objectID));
  });
});
