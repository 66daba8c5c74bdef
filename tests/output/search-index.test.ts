/** The search records extracted from the production build (every page, the reference's parameter and field names) and the local index built from them. */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {operationsOf, refResolver} from '../../lib/openapi';
import {readRecords} from '../../lib/search/push';
import {buildDir, repoRoot, SEARCH_RECORDS_FILE} from '../../lib/paths';
import type {SearchRecord} from '../../lib/search/records';
import {LOCAL_INDEX_PATH} from '../../src/shared/search/settings';
import type {RecordShard, SearchIndexFile, TermShard} from '../../src/shared/search/index-file';
import {createLocalSearchClient} from '../../src/shared/search/local-client';
import {ROUTES, TUTORIAL_ROUTES} from '../route-table';
import {readBuildFile} from './site-files';

const records: SearchRecord[] = JSON.parse(readBuildFile(SEARCH_RECORDS_FILE));
const document = JSON.parse(readBuildFile('openapi.json'));
const byPage = new Map<string, SearchRecord[]>();
for (const record of records) {
  if (!byPage.has(record.url_without_anchor)) byPage.set(record.url_without_anchor, []);
  byPage.get(record.url_without_anchor)!.push(record);
}

const resolve = refResolver(document);

describe('search records', () => {
  it('cover every page of the route table, every tutorial and every operation, each with its title', () => {
    const pages = [
      ...ROUTES,
      ...TUTORIAL_ROUTES,
      ...operationsOf(document).map(({operation}) => `/api/reference/${operation.operationId.replaceAll('_', '-')}`),
    ];
    for (const page of pages) {
      const title = byPage.get(page)?.find((record) => record.type === 'lvl1');
      expect(title?.hierarchy.lvl1, page).toBeTruthy();
      expect(title?.hierarchy.lvl0, page).toBeTruthy();
    }
  });

  it('hold every parameter and request body field of every operation, by name, on its page', () => {
    for (const {operation} of operationsOf(document)) {
      const page = `/api/reference/${operation.operationId.replaceAll('_', '-')}`;
      const names = new Set((byPage.get(page) ?? []).map((record) => record.content?.split(':')[0]));
      const parameters = (operation.parameters ?? []).map(resolve).map((parameter: any) => parameter.name);
      const body = Object.keys(resolve<any>(resolve<any>(operation.requestBody)?.content?.['application/json']?.schema)?.properties ?? {});
      for (const name of [...parameters, ...body]) expect(names.has(name), `${page}: ${name}`).toBe(true);
    }
  });

  it('are what search:push sends by default', () => {
    expect(readRecords()).toEqual(records);
  });

  it('are contextual (language and version tags) and carry no navigation chrome', () => {
    for (const record of records) {
      expect(record.language).toBe('en');
      expect(record.version).toEqual(['current']);
      expect(record.url.startsWith(record.url_without_anchor)).toBe(true);
    }
    expect(records.some((record) => record.content?.includes('Help centre'))).toBe(false);
  });

  it('include every page the relevance queries of the search benchmark expect', () => {
    const queries: {query: string; expect: string[]}[] = parse(fs.readFileSync(path.join(repoRoot, 'bench/search/queries.yaml'), 'utf8'));
    expect(queries.length).toBeGreaterThanOrEqual(60);
    for (const {query, expect: pages} of queries) for (const page of pages) expect(byPage.has(page), `${query} → ${page}`).toBe(true);
  });
});

describe('the local search index', () => {
  const client = createLocalSearchClient(async (file) => JSON.parse(readBuildFile(file)));
  const pagesFor = async (query: string) => [
    ...new Set((await client.search({requests: [{indexName: 'docs', query, hitsPerPage: 50}]})).results[0].hits.map((hit) => hit.url_without_anchor)),
  ];

  it('finds an operation by its summary, a tutorial by its task and a field by its name', async () => {
    expect((await pagesFor('Rotate an API key')).slice(0, 5)).toContain('/api/reference/api-users-rotate-key');
    expect((await pagesFor('pause and resume a scan')).slice(0, 5)).toContain('/api/tutorials/scans/pause-and-resume-a-scan');
    expect(await pagesFor('include_subdomains')).toContain('/api/reference/domains-create');
  });

  it.each([
    ['GitHub Actions', '/cli/ci/github-actions'],
    ['GitLab CI', '/cli/ci/gitlab-ci'],
    ['Jenkins', '/cli/ci/jenkins'],
    ['Azure Pipelines', '/cli/ci/azure-pipelines'],
    ['CircleCI', '/cli/ci/circleci'],
    ['Bitbucket Pipelines', '/cli/ci/bitbucket-pipelines'],
    ['SARIF', '/cli/ci/sarif-and-junit'],
  ])('finds the CI/CD guide of %s by its name', async (query, page) => {
    expect((await pagesFor(query)).slice(0, 3)).toContain(page);
  });

  it('holds every record of the build, in shards of whole pages that are a small part of it each', () => {
    const index: SearchIndexFile = JSON.parse(readBuildFile(LOCAL_INDEX_PATH));
    const shards: RecordShard[] = index.shards.map(({file}) => JSON.parse(readBuildFile(file)));
    expect(shards.flat(2).length).toBe(records.length);
    expect(shards.flat().length).toBe(index.sections.length);
    for (const [position, {first}] of index.shards.entries()) {
      expect(first).toBe(index.shards.slice(0, position).reduce((count, _, earlier) => count + shards[earlier].length, 0));
      expect(index.strings[index.sections[first][0]], 'a shard starts at the top of a page').not.toContain('#');
    }
    const sizes = index.shards.map(({file}) => readBuildFile(file).length);
    expect(Math.max(...sizes)).toBeLessThan(sizes.reduce((total, size) => total + size, 0) / 20);
  });
});

describe('the local search index and its shards', () => {
  const index: SearchIndexFile = JSON.parse(readBuildFile(LOCAL_INDEX_PATH));
  const gzipped = (file: string) => gzipSync(readBuildFile(file)).length;
  /** What the index file may weigh, gzipped: the vocabulary, the ranking statistics and the sections' places, without postings. */
  const INDEX_GZIP_BYTES = 90_000;
  /** What the index data a query's first hits need may weigh, gzipped: the index file and the term shards (the record shards of the hits shown come on top). */
  const FIRST_HITS_GZIP_BYTES = 100_000;

  it('keeps the postings of every word of the vocabulary in exactly one term shard, in order', () => {
    expect(new Set(index.terms).size).toBe(index.terms.length);
    const shards: TermShard[] = index.termShards.map(({file}) => JSON.parse(readBuildFile(file)));
    for (const [position, {first}] of index.termShards.entries()) {
      expect(first).toBe(index.termShards.slice(0, position).reduce((count, _, earlier) => count + shards[earlier].length, 0));
    }
    expect(shards.flat().length).toBe(index.terms.length);
    // Each word is in some field of some section: its field id, its count of sections and at least one section.
    for (const postings of shards.flat()) expect(postings.length).toBeGreaterThanOrEqual(3);
  });

  it('names every shard by a hash of its content', () => {
    for (const [kind, shards] of [
      ['terms', index.termShards],
      ['records', index.shards],
    ] as const) {
      for (const [position, {file}] of shards.entries()) {
        const hash = createHash('sha256').update(readBuildFile(file)).digest('hex').slice(0, 8);
        expect(file).toBe(`search/${kind}-${position}-${hash}.json`);
      }
    }
  });

  it(`weighs under ${INDEX_GZIP_BYTES / 1000} KB gzipped without postings, and a query's first hits under ${FIRST_HITS_GZIP_BYTES / 1000} KB with them`, async () => {
    expect(gzipped(LOCAL_INDEX_PATH)).toBeLessThan(INDEX_GZIP_BYTES);
    for (const query of ['scan status', 'rotate api key', 'webhook signature']) {
      const fetched: string[] = [];
      const client = createLocalSearchClient(async (file) => {
        fetched.push(file);
        return JSON.parse(readBuildFile(file));
      });
      // Typed letter by letter, as the modal asks on each keystroke.
      for (let length = 1; length <= query.length; length += 1) {
        await client.search({requests: [{indexName: 'docs', query: query.slice(0, length), hitsPerPage: 20}]});
      }
      const termShards = fetched.filter((file) => file.startsWith('search/terms-'));
      expect(termShards.length, query).toBeLessThan(index.termShards.length / 4);
      expect(
        [LOCAL_INDEX_PATH, ...termShards].reduce((bytes, file) => bytes + gzipped(file), 0),
        query,
      ).toBeLessThan(FIRST_HITS_GZIP_BYTES);
    }
  });
});

describe('the search code', () => {
  // Names the minifier keeps: a MiniSearch method, and the hosted client's user agent.
  const ENGINE = 'fuzzyGet';
  const HOSTED_CLIENT = 'Algolia for JavaScript';

  it('is no part of what a page loads, but a chunk of its own fetched with the first search', () => {
    for (const page of ['index.html', 'api/quick-start.html', 'search.html']) {
      const scripts = [...readBuildFile(page).matchAll(/<script[^>]+src="?\/([^"\s>]+\.js)/g)].map((match) => match[1]);
      expect(scripts.length, page).toBeGreaterThan(0);
      for (const script of scripts) {
        const code = readBuildFile(script);
        expect(code.includes(ENGINE), `${page}: ${script}`).toBe(false);
        expect(code.includes(HOSTED_CLIENT), `${page}: ${script}`).toBe(false);
      }
    }
    const chunks = fs.readdirSync(path.join(buildDir, 'assets/js')).filter((name) => name.endsWith('.js'));
    expect(chunks.filter((name) => readBuildFile(`assets/js/${name}`).includes(ENGINE))).toHaveLength(1);
  });
});
