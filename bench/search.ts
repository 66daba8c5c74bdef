/**
 * `npm run bench:search`: the portal's search against the anchor
 * (`@easyops-cn/docusaurus-search-local` on the same site, bench/search/anchor.ts)
 * in Chromium as a reader meets it, and candidate engines in Node on the
 * production build's records. Engines run with their documented options, none
 * tuned to the query set. `-- --no-anchor`, `-- --no-browser` and `-- <name>`
 * narrow the run. Exits non-zero on errors only, never on a missed budget; writes
 * bench/results/search.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {parse} from 'yaml';
import type {Browser} from '@playwright/test';
import {ensureBuild} from '../lib/build/ensure-build';
import {startBenchNginx} from './nginx';
import {main} from '../lib/main';
import {buildDir, repoRoot, SEARCH_RECORDS_FILE} from '../lib/paths';
import {pageOperations} from '../lib/search/index-files';
import type {SearchRecord} from '../lib/search/records';
import {portalConfig} from '../portal.config';
import {buildSearchIndex} from '../src/shared/search/build-index';
import type {IndexedRecord} from '../src/shared/search/index-file';
import {loadSearchIndex} from '../src/shared/search/load-index';
import {budgets} from './budgets';
import {anchorBuildDir, anchorVersion, ANCHOR_PACKAGE, ensureAnchorBuild} from './search/anchor';
import {coldRun, launchBrowser, typeQueries, type ColdRun, type SearchUi} from './search/browser';
import {formatHitRate, percentile, relevance, type Query, type Relevance} from './search/figures';
import {anchorUi, portalUi} from './search/uis';

/** What the other engines search of a record: its page title, its headings and its text. */
function fields(record: Pick<IndexedRecord, 'hierarchy' | 'content'>): {title: string; headings: string; content: string} {
  const {lvl1, lvl2, lvl3, lvl4, lvl5, lvl6} = record.hierarchy;
  return {title: lvl1 ?? '', headings: [lvl2, lvl3, lvl4, lvl5, lvl6].filter(Boolean).join(' '), content: record.content ?? ''};
}

/** What the bench needs of an engine: build, serialize, and answer a query with the pages of its hits, best first. */
interface Engine {
  name: string;
  build(records: SearchRecord[]): Promise<{serialized: string; search: (query: string) => Promise<string[]> | string[]}>;
}

/** The page of each record a candidate engine returns by position. */
const pagesOf = (records: SearchRecord[], ids: number[]) => ids.map((id) => records[id].url_without_anchor);

const engines: Engine[] = [
  {
    name: "MiniSearch, sections (the portal's)",
    async build(records) {
      // The portal's engine as it ships: the index file and every term and record shard.
      const {file, shards} = buildSearchIndex(records, (kind, shard) => `${kind}-${shard}`, {operations: pageOperations(portalConfig.baseUrl)});
      const serialized = JSON.stringify(file) + [...shards.values()].join('');
      const loaded = loadSearchIndex(JSON.parse(JSON.stringify(file)), async (shard) => JSON.parse(shards.get(shard)!));
      const search = async (query: string) => {
        await loaded.load(query);
        return loaded.search(query).map(({section}) => loaded.placeOf(section).url.split('#')[0]);
      };
      return {serialized, search};
    },
  },
  {
    name: 'MiniSearch',
    async build(records) {
      const {default: MiniSearch} = await import('minisearch');
      const options = {fields: ['title', 'headings', 'content'], idField: 'id'};
      const index = new MiniSearch(options);
      index.addAll(records.map((record, id) => ({id, ...fields(record)})));
      const serialized = JSON.stringify(index);
      const loaded = MiniSearch.loadJSON(serialized, options);
      return {
        serialized,
        search: (query) =>
          pagesOf(
            records,
            loaded
              .search(query, {boost: {title: 4, headings: 2}, prefix: true, fuzzy: (term) => (term.length > 4 ? 0.2 : false), combineWith: 'AND'})
              .map((hit) => hit.id as number),
          ),
      };
    },
  },
  {
    name: 'FlexSearch',
    async build(records) {
      const {Document} = (await import('flexsearch')) as any;
      const make = () => new Document({document: {id: 'id', index: ['title', 'headings', 'content']}, tokenize: 'forward', encoder: 'LatinBalance'});
      const index = make();
      records.forEach((record, id) => index.add({id, ...fields(record)}));
      const parts: Record<string, string> = {};
      await index.export((key: string, data: string) => {
        parts[key] = data;
      });
      const loaded = make();
      for (const [key, data] of Object.entries(parts)) await loaded.import(key, data);
      return {
        serialized: JSON.stringify(parts),
        search: (query) => {
          const scores = new Map<number, number>();
          for (const {field, result} of loaded.search(query, {limit: 50, suggest: true}) as {field: string; result: number[]}[]) {
            const weight = field === 'title' ? 4 : field === 'headings' ? 2 : 1;
            result.forEach((id, rank) => scores.set(id, (scores.get(id) ?? 0) + weight / (rank + 1)));
          }
          return pagesOf(
            records,
            [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => id),
          );
        },
      };
    },
  },
  {
    name: 'Orama',
    async build(records) {
      const {create, insertMultiple, search, save, load} = await import('@orama/orama');
      const schema = {title: 'string', headings: 'string', content: 'string'} as const;
      const db = create({schema});
      await insertMultiple(
        db,
        records.map((record, id) => ({id: String(id), ...fields(record)})),
      );
      const serialized = JSON.stringify(save(db));
      const loaded = create({schema});
      load(loaded, JSON.parse(serialized));
      return {
        serialized,
        search: async (query) =>
          pagesOf(
            records,
            (await search(loaded, {term: query, tolerance: 1, boost: {title: 4, headings: 2}, limit: 50})).hits.map((hit) => Number(hit.id)),
          ),
      };
    },
  },
  {
    name: 'lunr',
    async build(records) {
      const {default: lunr} = await import('lunr');
      const index = lunr(function () {
        this.ref('id');
        this.field('title', {boost: 4});
        this.field('headings', {boost: 2});
        this.field('content');
        records.forEach((record, id) => this.add({id: String(id), ...fields(record)}));
      });
      const serialized = JSON.stringify(index);
      const loaded = lunr.Index.load(JSON.parse(serialized));
      return {
        serialized,
        search: (query) => {
          // Plain lunr only: the anchor, with its own query rewriting and separate indexes, is measured as built in the Chromium table.
          const terms = query.toLowerCase().split(/\W+/).filter(Boolean);
          try {
            return pagesOf(
              records,
              loaded
                .query((q) => terms.forEach((term) => q.term(term, {wildcard: lunr.Query.wildcard.TRAILING, presence: lunr.Query.presence.OPTIONAL})))
                .map((hit) => Number(hit.ref)),
            );
          } catch {
            return [];
          }
        },
      };
    },
  },
];

const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
const ms = (value: number, digits = 0) => `${value.toFixed(digits)} ms`;
const median = (values: number[]) => percentile(values, 50);

/** The Node comparison of candidate engines: the table that chose the portal's engine. */
async function compareEngines(
  records: SearchRecord[],
  queries: Query[],
  pages: number,
  only: string | undefined,
): Promise<Record<string, Record<string, string>>> {
  const rows: Record<string, Record<string, string>> = {};
  for (const engine of engines.filter(({name}) => !only || name.toLowerCase().includes(only))) {
    const started = performance.now();
    const {serialized, search} = await engine.build(records);
    const buildMs = performance.now() - started;
    const times: number[] = [];
    const ranked = new Map<string, string[]>();
    for (const {query} of queries) {
      for (let length = 1; length <= query.length; length += 1) {
        const t0 = performance.now();
        await search(query.slice(0, length));
        times.push(performance.now() - t0);
      }
      ranked.set(query, await search(query));
    }
    const scores = relevance(queries, (query) => ranked.get(query)!);
    const heldOut = relevance(
      queries.filter((query) => query.held_out),
      (query) => ranked.get(query)!,
    );
    if (process.env.VERBOSE) for (const line of scores.notFirst) console.log(`  not first: ${line}`);
    const gzip = gzipSync(serialized).length;
    rows[engine.name] = {
      'index (raw)': kb(serialized.length),
      'index (gzip)': kb(gzip),
      'gzip per page': `${(gzip / pages / 1000).toFixed(2)} KB`,
      build: `${(buildMs / 1000).toFixed(1)} s`,
      'hit@1': formatHitRate(scores.hits1, scores.queries),
      'hit@5': formatHitRate(scores.hits5, scores.queries),
      'held out hit@1': formatHitRate(heldOut.hits1, heldOut.queries),
      'held out hit@5': formatHitRate(heldOut.hits5, heldOut.queries),
      'query p50': ms(percentile(times, 50), 2),
      'query p95': ms(percentile(times, 95), 2),
    };
    console.log(`${engine.name}: missed in the first 5 pages: ${scores.misses.join(' | ') || 'none'}`);
  }
  return rows;
}

/** Cold searches: this many queries, each this many times. */
const COLD_QUERIES = 5;
const COLD_RUNS = 3;

interface UiFigures {
  cold: ColdRun[];
  screenMs: number[];
  unchanged: number;
  engineMs: number[];
  /** hit@1 and hit@5 of the hits as shown, with their counts. */
  relevance: Relevance;
}

/** One site's search in Chromium, served from `root` by nginx. */
async function measureUi(browser: Browser, root: string, ui: SearchUi, queries: Query[]): Promise<UiFigures> {
  const server = await startBenchNginx(root);
  try {
    const url = `${server.url}/`;
    const cold: ColdRun[] = [];
    // Spread over the set, so the first words differ.
    const coldQueries = Array.from({length: COLD_QUERIES}, (_, position) => queries[Math.floor((position * queries.length) / COLD_QUERIES)].query);
    for (let run = 0; run < COLD_RUNS; run += 1) for (const query of coldQueries) cold.push(await coldRun(browser, url, ui, query));
    const typing = await typeQueries(
      browser,
      url,
      ui,
      queries.map(({query}) => query),
    );
    const scores = relevance(queries, (query) => typing.ranked.get(query) ?? []);
    if (process.env.VERBOSE) for (const line of scores.notFirst) console.log(`  not first: ${line}`);
    return {
      cold,
      screenMs: typing.screenMs,
      unchanged: typing.unchanged,
      engineMs: typing.engineMs,
      relevance: scores,
    };
  } finally {
    await server.close();
  }
}

/** The browser table: a row per figure, the budget, then each site's figure and whether it holds. */
function browserTable(sites: Record<string, UiFigures>, pages: number): Record<string, Record<string, string>> {
  const limits = budgets.search;
  const figures: {
    name: string;
    budget?: string;
    value: (site: UiFigures) => number;
    show: (value: number, site: UiFigures) => string;
    holds?: (value: number) => boolean;
  }[] = [
    {
      name: 'KB on the wire, Ctrl+K → first hits',
      budget: `≤ ${kb(limits.bytesBeforeResults)}`,
      value: (site) => median(site.cold.map(({bytesFromOpen}) => bytesFromOpen)),
      show: kb,
      holds: (value) => value <= limits.bytesBeforeResults,
    },
    {
      name: 'KB on the wire, first key → first hits',
      budget: `≤ ${kb(limits.bytesBeforeResults)}`,
      value: (site) => median(site.cold.map(({bytesFromFirstKey}) => bytesFromFirstKey)),
      show: kb,
      holds: (value) => value <= limits.bytesBeforeResults,
    },
    {
      name: 'KB per indexed page, Ctrl+K → first hits',
      value: (site) => median(site.cold.map(({bytesFromOpen}) => bytesFromOpen)) / pages,
      show: (value) => `${(value / 1000).toFixed(2)} KB`,
    },
    {
      name: 'cold, first key → first hits, median',
      budget: `≤ ${ms(limits.coldMs)}`,
      value: (site) => median(site.cold.map(({firstKeyMs}) => firstKeyMs)),
      show: (value) => ms(value),
      holds: (value) => value <= limits.coldMs,
    },
    {
      name: 'cold, first key → first hits, max',
      budget: `≤ ${ms(limits.coldMs)}`,
      value: (site) => Math.max(...site.cold.map(({firstKeyMs}) => firstKeyMs)),
      show: (value) => ms(value),
      holds: (value) => value <= limits.coldMs,
    },
    {name: 'cold, Ctrl+K → first hits, median', value: (site) => median(site.cold.map(({openMs}) => openMs)), show: (value) => ms(value)},
    {
      name: 'further keys: engine, p95',
      budget: `≤ ${ms(limits.engineP95Ms)}`,
      value: (site) => percentile(site.engineMs, 95),
      show: (value) => ms(value, 1),
      holds: (value) => value <= limits.engineP95Ms,
    },
    {name: 'further keys: key → hits on screen, p50', value: (site) => percentile(site.screenMs, 50), show: (value) => ms(value, 1)},
    {
      name: 'further keys: key → hits on screen, p95',
      budget: `≤ ${ms(limits.screenP95Ms)}`,
      value: (site) => percentile(site.screenMs, 95),
      show: (value) => ms(value, 1),
      holds: (value) => value <= limits.screenP95Ms,
    },
    {
      name: 'hit@1 (hits as shown)',
      budget: `≥ ${limits.hit1.toFixed(2)}`,
      // Held to the budget unrounded, so a rounded figure never looks like a budget met.
      value: (site) => site.relevance.hit1,
      show: (_, site) => formatHitRate(site.relevance.hits1, site.relevance.queries),
      holds: (value) => value >= limits.hit1,
    },
    {
      name: 'hit@5 (hits as shown)',
      budget: `≥ ${limits.hit5.toFixed(2)}`,
      value: (site) => site.relevance.hit5,
      show: (_, site) => formatHitRate(site.relevance.hits5, site.relevance.queries),
      holds: (value) => value >= limits.hit5,
    },
  ];
  return Object.fromEntries(
    figures.map(({name, budget, value, show, holds}) => [
      name,
      {
        budget: budget ?? '',
        ...Object.fromEntries(
          Object.entries(sites).flatMap(([site, measured]) => {
            const figure = value(measured);
            return [
              [site, show(figure, measured)],
              [`${site} `, holds ? (holds(figure) ? 'ok' : 'MISS') : ''],
            ];
          }),
        ),
      },
    ]),
  );
}

async function run(): Promise<void> {
  const args = process.argv.slice(2);
  const withAnchor = !args.includes('--no-anchor');
  const withBrowser = !args.includes('--no-browser');
  const only = args.find((arg) => !arg.startsWith('--'))?.toLowerCase();
  ensureBuild();
  if (withBrowser && withAnchor) await ensureAnchorBuild();

  const records: SearchRecord[] = JSON.parse(fs.readFileSync(path.join(buildDir, SEARCH_RECORDS_FILE), 'utf8'));
  const queries: Query[] = parse(fs.readFileSync(path.join(repoRoot, 'bench/search/queries.yaml'), 'utf8'));
  const pages = new Set(records.map((record) => record.url_without_anchor)).size;

  const sites: Record<string, UiFigures> = {};
  if (withBrowser) {
    const browser = await launchBrowser();
    try {
      console.log('Chromium: the portal…');
      sites.portal = await measureUi(browser, buildDir, portalUi, queries);
      if (withAnchor) {
        console.log(`Chromium: the anchor, ${ANCHOR_PACKAGE} ${anchorVersion()}…`);
        sites.anchor = await measureUi(browser, anchorBuildDir, anchorUi, queries);
      }
    } finally {
      await browser.close();
    }
    for (const [
      site,
      {
        relevance: {misses},
        unchanged,
        screenMs,
      },
    ] of Object.entries(sites)) {
      console.log(
        `${site}: missed in the first 5 pages: ${misses.join(' | ') || 'none'}; ${unchanged} of ${unchanged + screenMs.length} keystrokes left the hits unchanged`,
      );
    }
  }

  const engineRows = await compareEngines(records, queries, pages, only);

  if (withBrowser) {
    console.log(
      `\nSearch in Chromium behind nginx (gzip as served), home page, ${queries.length} reader queries; cold: ${COLD_QUERIES} queries × ${COLD_RUNS} runs, ` +
        `the first word typed key after key into a fresh page; further keys: every query typed letter by letter; ${pages} indexed pages`,
    );
    console.table(browserTable(sites, pages));
  }
  console.log(
    `\nSearch engines in Node on ${records.length} records of ${pages} pages, ${queries.length} reader queries (the portal's engine: index and display records; the others: index only)`,
  );
  console.table(engineRows);

  fs.mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
  fs.writeFileSync(
    path.join(repoRoot, 'bench/results/search.json'),
    `${JSON.stringify({date: new Date().toISOString(), pages, records: records.length, queries: queries.length, budgets: budgets.search, browser: sites, engines: engineRows}, null, 2)}\n`,
  );
  console.log('Written to bench/results/search.json');
}

main(run);
