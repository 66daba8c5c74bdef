/**
 * `npm run bench:search`: the candidate search engines, built from the same
 * records of the production build (build/search/records.json) and measured
 * the same way: serialized index size (raw and gzip), relevance on the
 * checked-in reader queries (hit@1, hit@5: the expected page among the first
 * pages of the hits), and query time in Node (median and p95 over every query
 * and each of its prefixes, as a reader types). Engines run with their
 * documented typo and prefix options; none is tuned to the query set. The
 * portal's engine (src/search/engine.ts) is measured as it ships.
 */
import fs from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {parse} from 'yaml';
import {buildDir, repoRoot} from '../scripts/paths';
import type {SearchRecord} from '../scripts/search/records';
import {RECORDS_FILE} from '../src/plugins/search-index';
import {buildSearchIndex, loadSearchIndex, type IndexedRecord} from '../src/search/engine';

/** What the other engines search of a record: its page title, its headings and its text. */
function fields(record: Pick<IndexedRecord, 'hierarchy' | 'content'>): {title: string; headings: string; content: string} {
  const {lvl1, lvl2, lvl3, lvl4, lvl5, lvl6} = record.hierarchy;
  return {title: lvl1 ?? '', headings: [lvl2, lvl3, lvl4, lvl5, lvl6].filter(Boolean).join(' '), content: record.content ?? ''};
}

interface Query {
  query: string;
  expect: string[];
  kind: string;
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
      // The portal's engine as it ships: the index file and every record shard.
      const {file, shards} = buildSearchIndex(records, (shard) => String(shard));
      const serialized = JSON.stringify(file) + [...shards.values()].join('');
      const loaded = loadSearchIndex(JSON.parse(JSON.stringify(file)), async (shard) => JSON.parse(shards.get(shard)!));
      return {serialized, search: (query) => loaded.search(query).map(({section}) => loaded.placeOf(section).url.split('#')[0])};
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
            loaded.search(query, {boost: {title: 4, headings: 2}, prefix: true, fuzzy: (term) => (term.length > 4 ? 0.2 : false), combineWith: 'AND'}).map((hit) => hit.id as number),
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
          return pagesOf(records, [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => id));
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
      await insertMultiple(db, records.map((record, id) => ({id: String(id), ...fields(record)})));
      const serialized = JSON.stringify(save(db));
      const loaded = create({schema});
      load(loaded, JSON.parse(serialized));
      return {
        serialized,
        search: async (query) =>
          pagesOf(records, (await search(loaded, {term: query, tolerance: 1, boost: {title: 4, headings: 2}, limit: 50})).hits.map((hit) => Number(hit.id))),
      };
    },
  },
  {
    name: 'lunr (anchor engine)',
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
          // The way @easyops-cn/docusaurus-search-local queries lunr: each term as typed and as a prefix.
          const terms = query.toLowerCase().split(/\W+/).filter(Boolean);
          try {
            return pagesOf(
              records,
              loaded.query((q) => terms.forEach((term) => q.term(term, {wildcard: lunr.Query.wildcard.TRAILING, presence: lunr.Query.presence.OPTIONAL}))).map((hit) => Number(hit.ref)),
            );
          } catch {
            return [];
          }
        },
      };
    },
  },
];

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main(): Promise<void> {
  const records: SearchRecord[] = JSON.parse(fs.readFileSync(path.join(buildDir, RECORDS_FILE), 'utf8'));
  const queries: Query[] = parse(fs.readFileSync(path.join(repoRoot, 'bench/search/queries.yaml'), 'utf8'));
  const pages = new Set(records.map((record) => record.url_without_anchor)).size;
  const rows: Record<string, Record<string, string>> = {};
  // `npm run bench:search -- <name>` measures only the engines whose name contains it.
  const only = process.argv[2]?.toLowerCase();
  for (const engine of engines.filter(({name}) => !only || name.toLowerCase().includes(only))) {
    const started = performance.now();
    const {serialized, search} = await engine.build(records);
    const buildMs = performance.now() - started;
    let hit1 = 0;
    let hit5 = 0;
    const misses: string[] = [];
    const times: number[] = [];
    for (const {query, expect} of queries) {
      for (let length = 1; length <= query.length; length += 1) {
        const t0 = performance.now();
        await search(query.slice(0, length));
        times.push(performance.now() - t0);
      }
      const ranked = [...new Set(await search(query))];
      if (expect.includes(ranked[0])) hit1 += 1;
      else if (process.env.VERBOSE) console.log(`  not first: "${query}" → ${ranked.slice(0, 3).join(', ')} (want ${expect.join(' or ')})`);
      if (ranked.slice(0, 5).some((page) => expect.includes(page))) hit5 += 1;
      else misses.push(query);
    }
    const gzip = gzipSync(serialized).length;
    rows[engine.name] = {
      'index (raw)': kb(serialized.length),
      'index (gzip)': kb(gzip),
      'gzip per page': `${(gzip / pages / 1024).toFixed(2)} KB`,
      build: `${(buildMs / 1000).toFixed(1)} s`,
      'hit@1': (hit1 / queries.length).toFixed(2),
      'hit@5': (hit5 / queries.length).toFixed(2),
      'query p50': `${percentile(times, 50).toFixed(2)} ms`,
      'query p95': `${percentile(times, 95).toFixed(2)} ms`,
    };
    console.log(`${engine.name}: missed in the first 5 pages: ${misses.join(' | ') || 'none'}`);
  }
  console.log(`\nSearch engines on ${records.length} records of ${pages} pages, ${queries.length} reader queries (the portal's engine: index and display records; the others: index only)`);
  console.table(rows);
}

main().catch((error: Error) => {
  console.error(error.stack);
  process.exit(1);
});
