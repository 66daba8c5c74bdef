/**
 * The postings of the index's words live in term shards: a query fetches the
 * shards of the words it can match (as typed, as a prefix, with typos, two
 * letters swapped, synonyms, split or joined), once each, and ranks as if the
 * whole index were there.
 */
import MiniSearch from 'minisearch';
import {describe, expect, it, vi} from 'vitest';
import {buildSearchIndex} from '../../src/shared/search/build-index';
import type {IndexedRecord, TermShard} from '../../src/shared/search/index-file';
import {loadSearchIndex, type LoadedIndex} from '../../src/shared/search/load-index';
import {createLocalSearchClient} from '../../src/shared/search/local-client';
import {indexOptions, searchOptions} from '../../src/shared/search/minisearch-options';
import {decodePostings} from '../../src/shared/search/postings';
import {queryGroups} from '../../src/shared/search/query-groups';
import {termIndex} from '../../src/shared/search/term-index';
import {LOCAL_INDEX_PATH} from '../../src/shared/search/settings';

const page = (url: string, title: string, heading: string | null, content: string): IndexedRecord => ({
  type: 'content',
  url,
  language: 'en',
  docusaurus_tag: 'docs-default-current',
  hierarchy: {lvl0: 'Guides', lvl1: title, lvl2: heading, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
  content,
});

const records: IndexedRecord[] = [
  page('/scans', 'Start a scan', null, 'Starts a scan of the target and returns it queued. scan_profile_id: Scan profile to run with.'),
  page('/scans#status', 'Start a scan', 'Scan status', 'A scan is queued, running, paused, completed or failed; its lifecycle has these states.'),
  page('/profiles', 'Scan profiles', null, 'A scan profile sets the checks, the crawl depth and the login sequence a scan runs with.'),
  page('/webhooks', 'Webhooks', null, 'A webhook posts each event to your URL, signed with its secret; deliveries are retried.'),
  page('/webhooks#signature', 'Webhooks', 'Verify the signature', 'Compare the X-Vigil-Signature header with the HMAC of the body.'),
  page('/keys', 'Rotate an API key', null, 'Rotating a key revokes the old one after a grace period; tokens stay valid until then.'),
  page('/findings', 'Findings', null, 'A finding is a vulnerability found by a scan: its severity, evidence, CWE and fix.'),
  page('/schedules', 'Schedule recurring scans', null, 'Schedules start scans daily, weekly or monthly, in the time zone of the team.'),
  page('/pagination', 'Pagination', null, 'Lists return pages: page_size sets the size of a page, the cursor the next one.'),
  page('/cli', 'vigil scans', null, '--wait Waits until the scan ends. --fail-on <severity> Exits with code 10 on findings.'),
];

const QUERIES = [
  'scan status',
  'webhook signature',
  'rotate api key',
  'schedulde scans',
  'scna',
  'lifecycle',
  'loginsequence',
  'page_size',
  '--fail-on',
  'vuln',
];
const PREFIXES = QUERIES.flatMap((query) => Array.from({length: query.length}, (_, length) => query.slice(0, length + 1)));

/** The index cut in term shards of a few words each, its files by name, and a loader of them that records what it fetched. */
function sharded(termShardBytes: number) {
  const {file, shards} = buildSearchIndex(records, (kind, shard) => `search/${kind}-${shard}.json`, {termShardBytes});
  const files = new Map([[LOCAL_INDEX_PATH, JSON.stringify(file)], ...shards]);
  const load = vi.fn(async (path: string) => JSON.parse(files.get(path)!));
  return {file, load};
}

describe('term shards', () => {
  it('cut the vocabulary in many shards, each word in one', () => {
    const {file} = sharded(40);
    expect(file.termShards.length).toBeGreaterThan(10);
    expect(file.termShards[0].first).toBe(0);
    expect(file.termShards.map(({first}) => first)).toEqual([...file.termShards.map(({first}) => first)].sort((a, b) => a - b));
  });

  it('are fetched for the words a query can match only, once each', async () => {
    const {file, load} = sharded(40);
    const index = loadSearchIndex(file, load);
    const fetchedTermShards = () => load.mock.calls.map(([path]) => path).filter((path) => path.startsWith('search/terms-'));
    await index.load('webhook');
    // "webhook" as typed and as a prefix: the shards of the words that begin with it, and no other.
    const shardOf = (term: string) => {
      const position = file.terms.indexOf(term);
      return [...file.termShards].reverse().find(({first}) => first <= position)!.file;
    };
    const expected = new Set(file.terms.filter((term) => term.startsWith('webhook')).map(shardOf));
    expect(expected.size).toBeGreaterThan(0);
    expect(new Set(fetchedTermShards())).toEqual(expected);
    expect(fetchedTermShards()).toHaveLength(expected.size);
    await index.load('webhook');
    expect(fetchedTermShards()).toHaveLength(expected.size);
    // A typo's words, and a synonym's ("vuln" is "vulnerability" and "finding"), are fetched too.
    await index.load('schedulde');
    expect(fetchedTermShards()).toContain(shardOf('schedule'));
    await index.load('vuln');
    expect(fetchedTermShards()).toContain(shardOf('finding'));
    expect(new Set(fetchedTermShards()).size).toBeLessThan(file.termShards.length);
  });

  it('are fetched again after a failed fetch', async () => {
    const {file, load} = sharded(40);
    const index = loadSearchIndex(file, load);
    load.mockRejectedValueOnce(new Error('offline'));
    await expect(index.load('webhook')).rejects.toThrow('offline');
    expect(() => index.search('webhook')).toThrow('the postings of "webhook" are not loaded yet');
    await index.load('webhook');
    expect(index.search('webhook').length).toBeGreaterThan(0);
    const client = createLocalSearchClient(load);
    load.mockImplementationOnce(load.getMockImplementation()!).mockRejectedValueOnce(new Error('offline'));
    await expect(client.search({requests: [{indexName: 'docs', query: 'webhook'}]})).rejects.toThrow('offline');
    expect((await client.search({requests: [{indexName: 'docs', query: 'webhook'}]})).results[0].hits.length).toBeGreaterThan(0);
  });

  it('evaluate each group over the index of its words alone as MiniSearch does over the whole index', async () => {
    const {file, load} = sharded(40);
    const terms = termIndex(file, load);
    // The whole index as MiniSearch loads it, every word with its postings.
    const postings = (await Promise.all(file.termShards.map(async ({file: shard}) => (await load(shard)) as TermShard))).flat().map(decodePostings);
    const whole = MiniSearch.loadJS(
      {
        ...file.index,
        documentIds: Object.fromEntries(file.sections.map((_, section) => [section, section])),
        index: file.terms.map((term, position) => [term, postings[position]]),
      },
      indexOptions,
    );
    const options = {...searchOptions, boostDocument: (id: unknown) => file.boosts[id as number], combineWith: 'AND'} as const;
    let evaluations = 0;
    for (const query of PREFIXES) {
      for (const {query: groupQuery} of queryGroups(query, terms.has, terms.sameStem)) {
        const words = terms.wordsOf(groupQuery);
        await Promise.all(words.termShards.map((shard) => terms.loadShard(shard)));
        const evaluated = terms.evaluate(groupQuery, words, options);
        const expected = whole.search(groupQuery, options);
        expect([...evaluated.keys()], query).toEqual(expected.map(({id}) => id));
        for (const {id, score, queryTerms, match} of expected) {
          const section = evaluated.get(id)!;
          expect({terms: section.terms, match: section.match}, query).toEqual({terms: queryTerms, match});
          expect(Math.abs(section.score * (queryTerms.length || 1) - score) / score, query).toBeLessThan(1e-12);
        }
        evaluations += expected.length;
      }
    }
    expect(evaluations).toBeGreaterThan(100);
  });

  it('rank every prefix of a query as the whole index does, each from a fresh start', async () => {
    const whole = sharded(Infinity);
    expect(whole.file.termShards).toHaveLength(1);
    const wholeIndex = loadSearchIndex(whole.file, whole.load);
    const {file, load} = sharded(40);
    const searchFresh = async (index: LoadedIndex, query: string) => {
      await index.load(query);
      return index.search(query);
    };
    for (const query of PREFIXES) {
      const expected = await searchFresh(wholeIndex, query);
      expect(await searchFresh(loadSearchIndex(file, load), query), query).toEqual(expected);
    }
    expect((await searchFresh(wholeIndex, 'scan status')).length).toBeGreaterThan(1);
  });

  it('rank every keystroke of a reader typing in one index as a fresh index does, though each keystroke reuses what the last evaluated', async () => {
    const {file, load} = sharded(40);
    const typing = loadSearchIndex(file, load);
    // Keystrokes whose earlier words stay (reused) while more shards load, a short word finished ("sca " is not a prefix), and two words read as one ("life cycle").
    const keystrokes = [
      ...PREFIXES,
      ...['sca webhooks', 'life cycle', 'scan status schedulde'].flatMap((query) =>
        Array.from({length: query.length}, (_, length) => query.slice(0, length + 1)),
      ),
    ];
    for (const query of keystrokes) {
      const fresh = loadSearchIndex(file, load);
      await fresh.load(query);
      await typing.load(query);
      expect(typing.search(query), query).toEqual(fresh.search(query));
    }
  });
});
