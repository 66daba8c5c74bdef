/**
 * Only what the build wrote into build/, read from disk, never fetched. Search
 * runs the site's own client over its own index, so an assistant gets the pages a
 * reader would, in the same order.
 */
import fs from 'node:fs';
import path from 'node:path';
import {operationsOf, type OpenApiNode} from '../openapi';
import {referencePath} from '../contract/operations';
import {createLocalSearchClient} from '../../src/shared/search/local-client';
import {unescapeHtml} from '../../src/shared/search/html-text';
import {LEVELS} from '../../src/shared/search/hierarchy';
import {MAX_QUERY_LENGTH} from '../../src/shared/search/settings';
import {twinPath} from '../../src/shared/twin-paths';

/** Most Markdown characters one read returns; the rest comes with the next offset. */
export const DEFAULT_READ_CHARACTERS = 20_000;
export const MAX_READ_CHARACTERS = 100_000;
export const MAX_SEARCH_RESULTS = 20;
const SNIPPET_WORDS = 30;

export interface SearchResult {
  title: string;
  url: string;
  /** The section's heading, or null at the top of the page. */
  section: string | null;
  snippet: string;
}

export interface PagePart {
  path: string;
  text: string;
  /** Null when this part ends the page. */
  nextOffset: number | null;
  totalCharacters: number;
}

export interface OperationSummary {
  id: string;
  method: string;
  path: string;
  summary: string;
  tags: string[];
  page: string;
}

export interface OperationList {
  operations: OperationSummary[];
  /** Null when this part ends the list. */
  nextOffset: number | null;
  total: number;
}

/** A caller's correctable mistake: its message says what was wrong and what to try. */
export class DocsRequestError extends Error {}

/** Longest operation id a caller may give; the contract's ids are far shorter. */
export const MAX_OPERATION_ID_LENGTH = 100;
/** Edit distance within which an id is suggested: typos, not rewrites. */
export const MAX_SUGGESTION_EDITS = 4;
const SUGGESTIONS = 3;
export const OPERATIONS_PER_LIST = 40;

/**
 * Banded Levenshtein, undefined above `bound`, so a long unknown id costs little
 * against each operation's. Takes sequences, not only strings, so a test can count
 * the reads.
 */
export function editDistanceWithin(a: ArrayLike<string>, b: ArrayLike<string>, bound: number): number | undefined {
  if (Math.abs(a.length - b.length) > bound) return undefined;
  const beyond = bound + 1;
  let previous = Array.from({length: b.length + 1}, (_, j) => (j <= bound ? j : beyond));
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(beyond);
    if (i <= bound) current[0] = i;
    let rowMinimum = current[0];
    for (let j = Math.max(1, i - bound); j <= Math.min(b.length, i + bound); j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1), beyond);
      rowMinimum = Math.min(rowMinimum, current[j]);
    }
    if (rowMinimum > bound) return undefined;
    previous = current;
  }
  return previous[b.length] <= bound ? previous[b.length] : undefined;
}

/** A page's site path from a URL or path, with or without .md, an anchor or a query. */
function sitePath(page: string): string {
  let pagePath = page.trim();
  if (/^[a-z]+:\/\//i.test(pagePath)) pagePath = new URL(pagePath).pathname;
  pagePath = pagePath.replace(/[?#].*$/, '').replace(/\.(md|html)$/, '');
  if (!pagePath.startsWith('/')) pagePath = `/${pagePath}`;
  return pagePath.endsWith('/index') ? pagePath.slice(0, -'index'.length) : pagePath;
}

export class PortalDocs {
  private readonly search = createLocalSearchClient(async (file) => JSON.parse(this.readBuildFile(file)));
  readonly operations: OperationSummary[];
  readonly version: string;

  constructor(readonly buildDir: string) {
    if (!fs.existsSync(path.join(buildDir, 'index.html'))) throw new Error(`No build in ${buildDir}: run \`npm run build\` first.`);
    const document = JSON.parse(this.readBuildFile('openapi.json')) as OpenApiNode;
    this.version = String(document.info?.version ?? '0');
    this.operations = operationsOf(document).map(({path: operationPath, method, operation}) => ({
      id: operation.operationId,
      method: method.toUpperCase(),
      path: operationPath,
      summary: operation.summary ?? '',
      tags: operation.tags ?? [],
      page: referencePath(operation.operationId),
    }));
  }

  /** A file of the build by site path, never one outside build/. */
  private readBuildFile(sitePathOrFile: string): string {
    const file = path.resolve(this.buildDir, `.${path.posix.normalize(`/${sitePathOrFile}`)}`);
    if (!file.startsWith(this.buildDir + path.sep)) throw new DocsRequestError(`${sitePathOrFile} is outside the portal.`);
    return fs.readFileSync(file, 'utf8');
  }

  async searchDocs(query: string, limit = 5): Promise<SearchResult[]> {
    if (query.length > MAX_QUERY_LENGTH)
      throw new DocsRequestError(`The query is ${query.length} characters long; the search takes at most ${MAX_QUERY_LENGTH}. Ask with fewer words.`);
    const {results} = await this.search.search([
      {
        indexName: 'local',
        query,
        hitsPerPage: Math.min(limit, MAX_SEARCH_RESULTS),
        attributesToSnippet: [`content:${SNIPPET_WORDS}`],
        highlightPreTag: '',
        highlightPostTag: '',
      },
    ]);
    return results[0].hits.map((hit) => {
      const headings = LEVELS.slice(2)
        .map((level) => hit.hierarchy[level])
        .filter((heading): heading is string => heading !== null);
      const snippet =
        hit._snippetResult.content?.value ?? hit._snippetResult.hierarchy[[...LEVELS].reverse().find((level) => hit.hierarchy[level] !== null)!]?.value ?? '';
      return {
        title: unescapeHtml(hit.hierarchy.lvl1 ?? hit.hierarchy.lvl0 ?? ''),
        url: hit.url,
        section: headings.length ? unescapeHtml(headings[headings.length - 1]) : null,
        snippet: unescapeHtml(snippet),
      };
    });
  }

  /** A twin from `offset`, ending at a line break when one is near. */
  readPage(page: string, offset = 0, maxCharacters = DEFAULT_READ_CHARACTERS): PagePart {
    const twin = twinPath(sitePath(page));
    let markdown: string;
    try {
      markdown = this.readBuildFile(twin);
    } catch (error) {
      if (error instanceof DocsRequestError) throw error;
      throw new DocsRequestError(
        `No page at ${page} (looked for its Markdown at ${twin}). Find the page's URL with search_docs, or give a path such as /api/overview.`,
      );
    }
    if (offset > markdown.length)
      throw new DocsRequestError(`The page ${twin} has ${markdown.length} characters; offset ${offset} is past its end. Start again from offset 0.`);
    let end = Math.min(offset + maxCharacters, markdown.length);
    if (end < markdown.length) {
      // Whole lines where possible, unless a single line is longer than half the bound.
      const lineEnd = markdown.lastIndexOf('\n', end);
      if (lineEnd > offset + maxCharacters / 2) end = lineEnd + 1;
    }
    return {path: twin, text: markdown.slice(offset, end), nextOffset: end < markdown.length ? end : null, totalCharacters: markdown.length};
  }

  findOperation(by: {operationId?: string; method?: string; path?: string}): OperationSummary {
    if (by.operationId) {
      const found = this.operations.find((operation) => operation.id === by.operationId);
      if (found) return found;
      if (by.operationId.length > MAX_OPERATION_ID_LENGTH)
        throw new DocsRequestError(`An operation id has at most ${MAX_OPERATION_ID_LENGTH} characters. list_operations lists them all.`);
      const wanted = by.operationId.toLowerCase();
      const nearest = this.operations
        .map((operation) => ({id: operation.id, distance: editDistanceWithin(wanted, operation.id.toLowerCase(), MAX_SUGGESTION_EDITS)}))
        .filter((candidate): candidate is {id: string; distance: number} => candidate.distance !== undefined)
        .sort((a, b) => a.distance - b.distance)
        .slice(0, SUGGESTIONS)
        .map(({id}) => id);
      const suggestion = nearest.length ? ` The nearest ids: ${nearest.join(', ')}.` : '';
      throw new DocsRequestError(`No operation has the id "${by.operationId}".${suggestion} list_operations lists them all.`);
    }
    if (by.method && by.path) {
      const method = by.method.toUpperCase();
      const wanted = by.path.replace(/\/?$/, '/');
      const found = this.operations.find((operation) => operation.method === method && operation.path === wanted);
      if (found) return found;
      const samePath = this.operations.filter((operation) => operation.path === wanted).map((operation) => operation.method);
      throw new DocsRequestError(
        samePath.length
          ? `${wanted} has no ${method} operation; it answers ${samePath.join(', ')}.`
          : `No operation has the path ${by.path}. Paths are templates as the reference writes them, such as /api/v1/targets/{target_id}/; list_operations lists them.`,
      );
    }
    throw new DocsRequestError('Give an operation id, or a method and a path.');
  }

  /** A tag's operations (all without one), in the contract's order. */
  listOperations(tag?: string, offset = 0): OperationList {
    const matching = tag ? this.operations.filter((operation) => operation.tags.some((own) => own.toLowerCase() === tag.toLowerCase())) : this.operations;
    if (!matching.length) throw new DocsRequestError(`No operation has the tag "${tag}". The tags: ${this.tags().join(', ')}.`);
    if (offset >= matching.length)
      throw new DocsRequestError(
        `There are ${matching.length} operations${tag ? ` with the tag "${tag}"` : ''}; offset ${offset} is past the last. Start again from offset 0.`,
      );
    const end = Math.min(offset + OPERATIONS_PER_LIST, matching.length);
    return {operations: matching.slice(offset, end), nextOffset: end < matching.length ? end : null, total: matching.length};
  }

  tags(): string[] {
    return [...new Set(this.operations.flatMap((operation) => operation.tags))];
  }
}
