/**
 * The local search client answers the DocSearch UI's multi-query calls in the
 * hosted service's response shape (a response in that shape is the fixture),
 * so the modal and the search page run unchanged on either backend.
 */
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, it, vi} from 'vitest';
import {repoRoot} from '../../lib/paths';
import {buildSearchIndex} from '../../src/shared/search/build-index';
import type {IndexedRecord} from '../../src/shared/search/index-file';
import {withEscapedText} from '../../src/shared/search/html-text';
import {ANSWER_MEASURE, createLocalSearchClient} from '../../src/shared/search/local-client';
import {isOvertaken} from '../../src/shared/search/overtaken';
import {oneCallerClient} from '../../src/search/search-client';
import {LOCAL_INDEX_PATH, MAX_QUERY_LENGTH, RECORD_SHARDS_PER_BATCH} from '../../src/shared/search/settings';

const hosted = JSON.parse(fs.readFileSync(path.join(repoRoot, 'tests/fixtures/search/hosted-response.json'), 'utf8'));

const record = (url: string, type: IndexedRecord['type'], lvl1: string, lvl2: string | null, content: string | null, language = 'en'): IndexedRecord => ({
  type,
  url,
  language,
  docusaurus_tag: 'docs-default-current',
  hierarchy: {lvl0: 'API', lvl1, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
  content,
});

/** A guide page of the many a test needs to fill several shards: its title, then one paragraph. */
const guidePage = (page: number, content: string): IndexedRecord[] => [
  record(`/guides/page-${page}`, 'lvl1', `Guide ${page}`, null, null),
  record(`/guides/page-${page}`, 'content', `Guide ${page}`, null, content),
];

const records: IndexedRecord[] = [
  record('/api/reference/targets-scans-create', 'lvl1', 'Start a scan', null, null),
  record('/api/reference/targets-scans-create', 'content', 'Start a scan', null, 'Starts a scan of the target and returns it queued.'),
  record('/api/reference/targets-scans-create#request', 'lvl2', 'Start a scan', 'Request', null),
  record('/api/reference/targets-scans-create#request', 'content', 'Start a scan', 'Request', 'scan_profile_id: Scan profile to run with.'),
  record('/concepts/scan-concept', 'lvl1', 'Scans', null, null),
  record('/concepts/scan-concept', 'content', 'Scans', null, 'A scan <script>alert(1)</script> is one run of the scanner over one target.'),
  record('/de/scans', 'lvl1', 'Scans (Deutsch)', null, null, 'de'),
];

const {file, shards} = buildSearchIndex(records, (kind, shard) => `search/${kind}-${shard}.json`);
const files = new Map([[LOCAL_INDEX_PATH, JSON.stringify(file)], ...shards]);
const client = () => createLocalSearchClient(async (path) => JSON.parse(files.get(path)!));
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

  it('opens a snippet three words before the first word the query matches, a word that begins with punctuation included', async () => {
    const words =
      'one two three four five six seven eight nine ten eleven twelve (retries) thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty';
    const own = buildSearchIndex([record('/api/deliveries', 'content', 'Deliveries', null, words)], (kind, shard) => `search/${kind}-${shard}.json`);
    const ownFiles = new Map([[LOCAL_INDEX_PATH, JSON.stringify(own.file)], ...own.shards]);
    const {hits} = (await createLocalSearchClient(async (path) => JSON.parse(ownFiles.get(path)!)).search({requests: [modalRequest('retry')]})).results[0];
    expect(hits[0]._snippetResult.content!.value).toBe('…ten eleven twelve (<mark>retries</mark>) thirteen fourteen fifteen sixteen seventeen eighteen…');
  });

  it("highlights each hit's site section, as the modal groups hits and suggests searches by it", async () => {
    const section = (hit: {_highlightResult: {hierarchy: Record<string, {value: string}>}}) =>
      hit._highlightResult.hierarchy.lvl0?.value.replace(/<\/?mark>/g, '');
    expect(hosted.results[0].hits.map(section)).toEqual(hosted.results[0].hits.map((hit: {hierarchy: {lvl0: string}}) => hit.hierarchy.lvl0));
    const {hits} = (await client().search({requests: [modalRequest('scan')]})).results[0];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.map(section)).toEqual(hits.map((hit) => hit.hierarchy.lvl0));
  });

  it('finds a field by its whole name, and a word despite a typo', async () => {
    const byName = await client().search({requests: [modalRequest('scan_profile_id')]});
    expect(byName.results[0].hits.map((hit) => hit.url)).toContain('/api/reference/targets-scans-create#request');
    const typo = await client().search({requests: [modalRequest('scanner')]});
    expect(typo.results[0].nbHits).toBeGreaterThan(0);
    const fuzzy = await client().search({requests: [modalRequest('scannr')]});
    expect(fuzzy.results[0].hits.some((hit) => hit.url === '/concepts/scan-concept')).toBe(true);
  });

  it('takes a plural for its singular and two swapped letters for one typo, and highlights the word as written', async () => {
    const plural = (await client().search({requests: [modalRequest('targets')]})).results[0].hits;
    expect(plural.map((hit) => hit.url)).toContain('/api/reference/targets-scans-create');
    const starts = plural.find((hit) => hit.type === 'content' && hit.url === '/api/reference/targets-scans-create')!;
    expect(starts._highlightResult.content!.value).toContain('<mark>target</mark>');
    const start = (await client().search({requests: [modalRequest('start queued')]})).results[0].hits;
    expect(start.map((hit) => hit._highlightResult.content?.value)).toContain('<mark>Starts</mark> a scan of the target and returns it <mark>queued</mark>.');
    const singular = (await client().search({requests: [modalRequest('profiles')]})).results[0].hits;
    expect(singular.some((hit) => hit._highlightResult.content?.value.includes('<mark>profile</mark>'))).toBe(true);
    // "tagret" is two edits from "target" but one swap.
    const swapped = (await client().search({requests: [modalRequest('tagret')]})).results[0].hits;
    expect(swapped.map((hit) => hit.url)).toContain('/api/reference/targets-scans-create');
    const runs = (await client().search({requests: [modalRequest('runs')]})).results[0].hits;
    expect(runs.map((hit) => hit._highlightResult.content?.value)).toContain(
      'A scan &lt;script&gt;alert(1)&lt;/script&gt; is one <mark>run</mark> of the scanner over one target.',
    );
  });

  it("finds a page by the part of the site it sits in, as the modal's suggestions name it", async () => {
    const {hits} = (await client().search({requests: [modalRequest('API')]})).results[0];
    // The top of each page, not every section under it.
    expect(hits.map((hit) => hit.url)).toEqual(['/api/reference/targets-scans-create', '/concepts/scan-concept']);
  });

  it('applies facet filters for language and docs version, and the v4 request form', async () => {
    const english = await client().search([{indexName: 'vigil-docs', params: {query: 'scans', facetFilters: ['language:en']}}]);
    expect(english.results[0].hits.every((hit) => hit.language === 'en')).toBe(true);
    const german = await client().search({requests: [modalRequest('scans', {facetFilters: ['language:de']})]});
    expect(german.results[0].hits.map((hit) => hit.url)).toEqual(['/de/scans']);
  });

  it('shows markup in indexed text and in the query as text', async () => {
    const {results} = await client().search({requests: [modalRequest('<script>alert(1)</script> scan')]});
    // Recent searches keep a hit without its highlights, and the modal shows its text as HTML: that text is escaped too.
    const serialized = JSON.stringify(results[0].hits);
    expect(serialized).not.toMatch(/<script/i);
    const concept = results[0].hits.find((hit) => hit.type === 'content' && hit.url === '/concepts/scan-concept');
    // The page's text keeps its markup as characters: escaped, with only the highlight tags as tags.
    const value = concept!._highlightResult.content!.value;
    expect(value.replace(/<\/?mark>/g, '')).toBe('A scan &lt;script&gt;alert(1)&lt;/script&gt; is one run of the scanner over one target.');
    // The hit's text is the record's, escaped as search:push sends it to the hosted index, which answers with it.
    const indexed = records.find((record) => record.url === concept!.url && record.type === 'content')!;
    expect({hierarchy: concept!.hierarchy, content: concept!.content}).toEqual(withEscapedText({hierarchy: indexed.hierarchy, content: indexed.content}));
    expect(concept!.content).toBe('A scan &lt;script&gt;alert(1)&lt;/script&gt; is one run of the scanner over one target.');
  });

  it('answers queries of any character set and of any length without error, cut to the maximum length', async () => {
    for (const query of ['検索 スキャン', 'сканирование', '🔍🔍', 'x'.repeat(500), '((((', '\\', '.*+?^${}()|[]']) {
      const {results} = await client().search({requests: [modalRequest(query)]});
      expect(results[0].query.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    }
  });

  it('loads the index on the first query only, and tries again after a failed load', async () => {
    const load = vi.fn(async (path: string) => JSON.parse(files.get(path)!)).mockRejectedValueOnce(new Error('offline'));
    const local = createLocalSearchClient(load);
    expect(load).not.toHaveBeenCalled();
    await expect(local.search({requests: [modalRequest('scan')]})).rejects.toThrow('offline');
    await local.search({requests: [modalRequest('scan')]});
    await local.search({requests: [modalRequest('target')]});
    expect(load.mock.calls.filter(([path]) => path === LOCAL_INDEX_PATH)).toHaveLength(2);
  });

  it('fetches the record shards of the hits it shows only, once each, and again after a failed fetch', async () => {
    // Sixty pages of a few hundred characters each: several shards of whole pages.
    const many = Array.from({length: 60}, (_, page) => [
      ...guidePage(page, `${page % 2 ? 'Webhooks' : 'Schedules'} for page ${page}. ${'Filler text about scanning. '.repeat(6)}`),
      record(`/guides/page-${page}#more`, 'lvl2', `Guide ${page}`, 'More', null),
      record(`/guides/page-${page}#more`, 'content', `Guide ${page}`, 'More', 'Filler text about scanning. '.repeat(6)),
    ]).flat();
    const built = buildSearchIndex(many, (kind, shard) => `search/${kind}-${shard}.json`);
    const store = new Map([[LOCAL_INDEX_PATH, JSON.stringify(built.file)], ...built.shards]);
    expect(built.file.shards.length).toBeGreaterThan(2);
    // A shard starts at the top of a page: a page's sections never straddle two shards.
    const starts = built.file.shards.map(({first}) => built.file.strings[built.file.sections[first][0]]);
    expect(starts.every((url) => !url.includes('#'))).toBe(true);
    const load = vi.fn(async (path: string) => JSON.parse(store.get(path)!));
    const local = createLocalSearchClient(load);
    const {hits, nbHits} = (await local.search({requests: [modalRequest('webhooks', {hitsPerPage: 3})]})).results[0];
    expect(nbHits).toBe(30);
    expect(hits.map((hit) => hit.content)).toEqual(hits.map((hit) => expect.stringContaining(`page ${hit.url_without_anchor.split('-').pop()}.`)));
    const fetchedShards = () => load.mock.calls.map(([path]) => path).filter((path) => path.startsWith('search/records-'));
    const needed = new Set(hits.map((hit) => [...built.file.shards].reverse().find(({first}) => first <= Number(hit.objectID))!.file));
    expect(new Set(fetchedShards())).toEqual(needed);
    expect(needed.size).toBeLessThan(built.file.shards.length);
    await local.search({requests: [modalRequest('webhooks', {hitsPerPage: 3})]});
    expect(fetchedShards()).toHaveLength(needed.size);

    const flaky = vi.fn(async (path: string) => JSON.parse(store.get(path)!));
    const retrying = createLocalSearchClient(flaky);
    flaky.mockImplementationOnce(async (path: string) => JSON.parse(store.get(path)!)).mockRejectedValueOnce(new Error('offline'));
    await expect(retrying.search({requests: [modalRequest('webhooks', {hitsPerPage: 1})]})).rejects.toThrow('offline');
    expect((await retrying.search({requests: [modalRequest('webhooks', {hitsPerPage: 1})]})).results[0].hits).toHaveLength(1);
  });

  it('times each answer without the downloads of the index and its shards, as a performance measure observers see', async () => {
    const LOAD_MS = 200;
    const slow = createLocalSearchClient((path) => new Promise((resolve) => setTimeout(() => resolve(JSON.parse(files.get(path)!)), LOAD_MS)));
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

describe('overtaken searches', () => {
  // Sixty pages in several record shards: "webhooks" is said on the first ten, "schedules" on the last ten.
  const pages = Array.from({length: 60}, (_, page) =>
    guidePage(page, `${page < 10 ? 'Webhooks' : page < 50 ? 'Scanning' : 'Schedules'} for page ${page}. ${'Filler text. '.repeat(12)}`),
  ).flat();
  const built = buildSearchIndex(pages, (kind, shard) => `search/${kind}-${shard}.json`);
  const store = new Map([[LOCAL_INDEX_PATH, JSON.stringify(built.file)], ...built.shards]);
  const loader = () => vi.fn(async (path: string) => JSON.parse(store.get(path)!));
  const fetched = (load: ReturnType<typeof loader>, kind: string) =>
    new Set(load.mock.calls.map(([path]) => path).filter((path) => path.startsWith(`search/${kind}-`)));
  const shardOf = (section: string) => [...built.file.shards].reverse().find(({first}) => first <= Number(section))!.file;
  const ask = (query: string) => ({requests: [modalRequest(query, {hitsPerPage: 3})]});

  it('an answer overtaken before it needs shards fetches none, and rejects as overtaken', async () => {
    const load = loader();
    const local = createLocalSearchClient(load);
    await expect(local.search(ask('webhooks'), {signal: AbortSignal.abort()})).rejects.toSatisfy(isOvertaken);
    expect(load.mock.calls.map(([path]) => path)).toEqual([LOCAL_INDEX_PATH]);
    // Overtaken while its postings load: the records of its hits are not fetched.
    const onPostings = new AbortController();
    const overtakenOnPostings = createLocalSearchClient(async (path, signal) => {
      const file = await load(path);
      if (path.startsWith('search/terms-')) onPostings.abort();
      signal?.throwIfAborted();
      return file;
    });
    await expect(overtakenOnPostings.search(ask('schedules'), {signal: onPostings.signal})).rejects.toSatisfy(isOvertaken);
    expect(fetched(load, 'terms').size).toBeGreaterThan(0);
    expect(fetched(load, 'records')).toEqual(new Set());
    // The caller that still wants it gets it, records and all.
    const {hits} = (await local.search(ask('schedules'), {signal: new AbortController().signal})).results[0];
    expect(hits).toHaveLength(3);
    expect(fetched(load, 'records')).toEqual(new Set(hits.map((hit) => shardOf(hit.objectID))));
  });

  it("a caller's overtaken search fetches no records and answers with the caller's newest search", async () => {
    // What each query alone fetches: the two need different record shards.
    const alone = async (query: string) => {
      const load = loader();
      const {hits} = (await createLocalSearchClient(load).search(ask(query))).results[0];
      return {hits, shards: fetched(load, 'records')};
    };
    const [schedules, webhooks] = [await alone('schedules'), await alone('webhooks')];
    expect([...schedules.shards].some((shard) => !webhooks.shards.has(shard))).toBe(true);

    const load = loader();
    const modal = oneCallerClient(createLocalSearchClient(load));
    const [overtaken, newest] = await Promise.all([modal.search(ask('schedules')), modal.search(ask('webhooks'))]);
    expect(fetched(load, 'records')).toEqual(webhooks.shards);
    expect(newest.results[0].hits.map((hit) => hit.url)).toEqual(webhooks.hits.map((hit) => hit.url));
    // The overtaken search shows what the newest does, never a screen of its own without records.
    expect(overtaken).toBe(newest);
  });

  it("a caller's overtaken search fails as its newest does", async () => {
    const load = loader();
    const modal = oneCallerClient(createLocalSearchClient(load));
    load.mockImplementation(async (path: string) => {
      if (path.startsWith('search/records-')) throw new Error('offline');
      return JSON.parse(store.get(path)!);
    });
    const [overtaken, newest] = await Promise.allSettled([modal.search(ask('schedules')), modal.search(ask('webhooks'))]);
    expect(newest).toMatchObject({status: 'rejected', reason: new Error('offline')});
    expect(overtaken).toEqual(newest);
  });

  /**
   * A loader over `files` whose record shard fetches wait, and stop as fetch
   * does when their signal aborts: `releaseWaiting` lets those waiting come,
   * `release` every one from then on. Which started, and which were aborted.
   */
  const heldRecords = (files = store) => {
    const started: string[] = [];
    const aborted: string[] = [];
    const waiting = new Set<() => void>();
    let open = false;
    const releaseWaiting = () => {
      for (const come of waiting) come();
      waiting.clear();
    };
    const load = vi.fn(async (path: string, signal?: AbortSignal) => {
      if (path.startsWith('search/records-')) {
        started.push(path);
        if (!open)
          await new Promise<void>((resolve, reject) => {
            waiting.add(resolve);
            signal?.addEventListener(
              'abort',
              () => {
                waiting.delete(resolve);
                aborted.push(path);
                reject(signal.reason);
              },
              {once: true},
            );
          });
      }
      return JSON.parse(files.get(path)!);
    });
    const release = () => {
      open = true;
      releaseWaiting();
    };
    return {load, started, aborted, releaseWaiting, release};
  };
  /** The hits of a query asked alone, with nothing overtaking it. */
  const hitsAlone = async (query: string) => (await createLocalSearchClient(loader()).search(ask(query))).results[0].hits;

  it("fetches the record shards of the hits a batch at a time, the first hits' first, and no further batch once overtaken", async () => {
    // Thirty pages each longer than a record shard: a query's twenty hits need more shards than two batches.
    const long = Array.from({length: 30}, (_, page) => guidePage(page, `Scanning for page ${page}. ${'Filler text. '.repeat(700)}`)).flat();
    const own = buildSearchIndex(long, (kind, shard) => `search/${kind}-${shard}.json`);
    const ownFiles = new Map([[LOCAL_INDEX_PATH, JSON.stringify(own.file)], ...own.shards]);
    const request = {requests: [modalRequest('scanning')]};
    const alone = (await createLocalSearchClient(async (path) => JSON.parse(ownFiles.get(path)!)).search(request)).results[0].hits;
    const shardsInHitOrder = [...new Set(alone.map((hit) => [...own.file.shards].reverse().find(({first}) => first <= Number(hit.objectID))!.file))];
    expect(shardsInHitOrder.length).toBeGreaterThan(2 * RECORD_SHARDS_PER_BATCH);
    const batches = [0, 1].map((batch) => shardsInHitOrder.slice(batch * RECORD_SHARDS_PER_BATCH, (batch + 1) * RECORD_SHARDS_PER_BATCH));

    const held = heldRecords(ownFiles);
    const caller = new AbortController();
    const overtaken = createLocalSearchClient(held.load).search(request, {signal: caller.signal});
    await vi.waitFor(() => expect(held.started.length).toBeGreaterThan(0));
    expect(held.started).toEqual(batches[0]);
    held.releaseWaiting();
    await vi.waitFor(() => expect(held.started.length).toBeGreaterThan(batches[0].length));
    expect(held.started).toEqual(batches.flat());
    caller.abort();
    held.release();
    await expect(overtaken).rejects.toSatisfy(isOvertaken);
    expect(held.started).toEqual(batches.flat());

    // Not overtaken, the answer fetches every batch and shows the hits of the query asked alone.
    const wanted = heldRecords(ownFiles);
    wanted.release();
    const {hits} = (await createLocalSearchClient(wanted.load).search(request, {signal: new AbortController().signal})).results[0];
    expect(hits).toEqual(alone);
    expect(wanted.started).toEqual(shardsInHitOrder);
  });

  it("a search overtaken while its record shards come aborts their fetches, and settles with the newest search's hits", async () => {
    const held = heldRecords();
    const modal = oneCallerClient(createLocalSearchClient(held.load));
    const overtaken = modal.search(ask('schedules'));
    await vi.waitFor(() => expect(held.started.length).toBeGreaterThan(0));
    const scheduleShards = [...held.started];
    const newest = modal.search(ask('webhooks'));
    // Aborted as the next search is asked, before any byte of theirs came.
    expect(held.aborted).toEqual(scheduleShards);
    held.release();
    const [first, last] = await Promise.all([overtaken, newest]);
    expect(first).toBe(last);
    expect(last.results[0].hits).toEqual(await hitsAlone('webhooks'));
  });

  it('fetches a shard again after its fetch was aborted, and answers with the same hits', async () => {
    const held = heldRecords();
    const modal = oneCallerClient(createLocalSearchClient(held.load));
    const overtaken = modal.search(ask('schedules'));
    await vi.waitFor(() => expect(held.started.length).toBeGreaterThan(0));
    const newest = modal.search(ask('webhooks'));
    held.release();
    await Promise.all([overtaken, newest]);
    expect(held.aborted.length).toBeGreaterThan(0);
    // The aborted shards are not kept as failed: asked again, they are fetched again, and the hits are those of the query alone.
    const again = await modal.search(ask('schedules'));
    expect(again.results[0].hits).toEqual(await hitsAlone('schedules'));
    for (const shard of held.aborted) expect(held.started.filter((path) => path === shard)).toHaveLength(2);
  });

  it("keeps fetching a shard another caller's search still waits for", async () => {
    const held = heldRecords();
    const local = createLocalSearchClient(held.load);
    const [modal, searchPage] = [oneCallerClient(local), oneCallerClient(local)];
    const pageSearch = searchPage.search(ask('schedules'));
    const modalSearch = modal.search(ask('schedules'));
    await vi.waitFor(() => expect(held.started.length).toBeGreaterThan(0));
    // The modal's next keystroke overtakes its own search, not the page's, which waits for the same shards.
    const modalNewest = modal.search(ask('webhooks'));
    expect(held.aborted).toEqual([]);
    held.release();
    const [page, first, last] = await Promise.all([pageSearch, modalSearch, modalNewest]);
    expect(page.results[0].hits).toEqual(await hitsAlone('schedules'));
    expect(first).toBe(last);
    expect(last.results[0].hits).toEqual(await hitsAlone('webhooks'));
  });

  it("one caller's searches overtake none of another's on the same client", async () => {
    const load = loader();
    const local = createLocalSearchClient(load);
    const [modal, searchPage] = [oneCallerClient(local), oneCallerClient(local)];
    const [first, second] = await Promise.all([modal.search(ask('schedules')), searchPage.search(ask('webhooks'))]);
    expect(first.results[0].hits.map((hit) => hit.url)).toEqual(Array(3).fill(expect.stringMatching(/page-5\d$/)));
    expect(second.results[0].hits.map((hit) => hit.url)).toEqual(Array(3).fill(expect.stringMatching(/page-\d$/)));
    expect(fetched(load, 'records')).toEqual(new Set([...first.results[0].hits, ...second.results[0].hits].map((hit) => shardOf(hit.objectID))));
  });
});
