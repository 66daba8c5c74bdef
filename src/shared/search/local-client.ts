/**
 * Answers the hosted client's multi-query `search` from the local index, so the
 * same UI code runs on both backends. Every value is HTML-escaped before highlight
 * tags go in (./html-text.ts).
 */
import type {IndexedRecord, SearchIndexFile, SectionPlace} from './index-file';
import {loadSearchIndex} from './load-index';
import {termForms} from './words';
import {LEVELS} from './hierarchy';
import {escapeHtml, withEscapedText} from './html-text';
import {cached} from '../cached';
import {loadOnce} from '../load-once';
import {SearchOvertaken, type SearchOptions} from './overtaken';
import {HITS_PER_PAGE, LOCAL_INDEX_PATH, MAX_QUERY_LENGTH, RECORD_SHARDS_PER_BATCH, SNIPPET_WORDS} from './settings';

/** Parameters flat (v5) or under `params` (v4). */
export interface SearchRequest {
  indexName: string;
  query?: string;
  params?: Omit<SearchRequest, 'indexName' | 'params'>;
  hitsPerPage?: number;
  page?: number;
  attributesToSnippet?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  snippetEllipsisText?: string;
  facetFilters?: string | (string | string[])[];
}

interface AttributeResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
}

export interface SearchHit extends IndexedRecord {
  objectID: string;
  url_without_anchor: string;
  anchor: string | null;
  _highlightResult: {hierarchy: Record<string, AttributeResult>; content?: AttributeResult};
  _snippetResult: {hierarchy: Record<string, Omit<AttributeResult, 'matchedWords'>>; content?: Omit<AttributeResult, 'matchedWords'>};
}

export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: boolean;
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Built once per answer for the hits that share their terms. */
interface TermMatcher {
  pattern: RegExp | null;
  termCount: number;
}

function termMatcher(terms: string[]): TermMatcher {
  if (terms.length === 0) return {pattern: null, termCount: 0};
  // Longest forms first, so "policies" is marked whole rather than as "polic" and the rest.
  const alternatives = [...new Set(terms.flatMap(termForms))].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return {pattern: new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives.join('|')})`, 'giu'), termCount: terms.length};
}

function matches(text: string, {pattern}: TermMatcher): [number, number][] {
  if (pattern === null) return [];
  return [...text.matchAll(pattern)].map((match) => [match.index, match.index + match[0].length]);
}

function highlight(text: string, matcher: TermMatcher, pre: string, post: string): AttributeResult {
  const ranges = matches(text, matcher);
  let value = '';
  let at = 0;
  for (const [start, end] of ranges) {
    value += `${escapeHtml(text.slice(at, start))}${pre}${escapeHtml(text.slice(start, end))}${post}`;
    at = end;
  }
  value += escapeHtml(text.slice(at));
  const matchedWords = [...new Set(ranges.map(([start, end]) => text.slice(start, end).toLowerCase()))];
  return {value, matchLevel: ranges.length === 0 ? 'none' : matchedWords.length >= matcher.termCount ? 'full' : 'partial', matchedWords};
}

function firstMatchedToken(text: string, {pattern}: TermMatcher): number {
  const at = pattern === null ? -1 : text.search(pattern);
  if (at < 0) return -1;
  const before = text.slice(0, at);
  const words = before.split(/\s+/).filter(Boolean).length;
  // A match inside a word ("(scan") belongs to that word.
  return /\S$/.test(before) ? words - 1 : words;
}

function snippet(text: string, matcher: TermMatcher, words: number, pre: string, post: string, ellipsis: string): Omit<AttributeResult, 'matchedWords'> {
  const tokens = text.split(/\s+/).filter(Boolean);
  const first = firstMatchedToken(text, matcher);
  const start = Math.max(0, Math.min(first < 0 ? 0 : first - Math.floor(words / 3), tokens.length - words));
  const window = tokens.slice(start, start + words).join(' ');
  const {value, matchLevel} = highlight(window, matcher, pre, post);
  return {value: `${start > 0 ? ellipsis : ''}${value}${start + words < tokens.length ? ellipsis : ''}`, matchLevel};
}

/**
 * Every entry must hold; a list entry holds when one of its filters does.
 */
function facetFilter(filters: SearchRequest['facetFilters']): (place: SectionPlace) => boolean {
  const list = typeof filters === 'string' ? [filters] : (filters ?? []);
  const readFilter = (filter: string) => {
    const [attribute, ...rest] = filter.split(':');
    return {attribute, value: rest.join(':')};
  };
  const entries = list.map((entry) => (Array.isArray(entry) ? entry : [entry]).map(readFilter));
  const holds = (place: SectionPlace, {attribute, value}: {attribute: string; value: string}) => {
    const placeValue = (place as unknown as Record<string, unknown>)[attribute];
    // The index holds one docs version, so a version filter always holds.
    return attribute === 'version' || placeValue === undefined || String(placeValue) === value;
  };
  return (place) => entries.every((entry) => entry.some((filter) => holds(place, filter)));
}

/** One hit per section (the crawler's distinct on URL): the block that matches more of the query than the heading does, so it can be the snippet. */
function bestRecord(records: IndexedRecord[], matcher: TermMatcher): IndexedRecord {
  const matched = (record: IndexedRecord) => {
    const text = record.type === 'content' ? (record.content ?? '') : (record.hierarchy[record.type] ?? '');
    return new Set(matches(text, matcher).map(([start, end]) => text.slice(start, end).toLowerCase())).size;
  };
  let best = records[0];
  let bestCount = matched(best);
  for (const record of records.slice(1)) {
    const count = matched(record);
    if (count > bestCount) [best, bestCount] = [record, count];
  }
  return best;
}

export const ANSWER_MEASURE = 'local-search:answer';

export interface LocalSearchClient {
  search(request: {requests: SearchRequest[]} | SearchRequest[], options?: SearchOptions): Promise<{results: SearchResponse[]}>;
  /** A failure waits for the first search to show. */
  prepare(): void;
}

/** The modal asks once per keystroke, so an answer its caller has overtaken fetches no more and aborts the fetches no other answer waits for. */
export function createLocalSearchClient(loadFile: (path: string, signal?: AbortSignal) => Promise<unknown>): LocalSearchClient {
  const index = loadOnce(() => loadFile(LOCAL_INDEX_PATH).then((file) => loadSearchIndex(file as SearchIndexFile, loadFile)));

  async function answer(request: SearchRequest, signal: AbortSignal | undefined): Promise<SearchResponse> {
    const params = {...request, ...request.params};
    const query = (params.query ?? '').slice(0, MAX_QUERY_LENGTH);
    const hitsPerPage = params.hitsPerPage ?? HITS_PER_PAGE;
    const page = params.page ?? 0;
    const pre = params.highlightPreTag ?? '<em>';
    const post = params.highlightPostTag ?? '</em>';
    const ellipsis = params.snippetEllipsisText ?? '…';
    const snippetWords = new Map(
      (params.attributesToSnippet ?? []).map((spec) => {
        const [attribute, words] = spec.split(':');
        return [attribute, Number(words) || SNIPPET_WORDS];
      }),
    );
    const loaded = await index();
    // A newer search may have come during each wait.
    const stopIfOvertaken = () => {
      if (signal?.aborted) throw new SearchOvertaken();
    };
    // A fetch stopped because the search was overtaken: overtaken, not failed.
    const overtakenOr = (error: unknown): never => {
      stopIfOvertaken();
      throw error;
    };
    stopIfOvertaken();
    if (query.trim()) await loaded.load(query, signal).catch(overtakenOr);
    stopIfOvertaken();
    // Timed without fetching record shards, as the hosted service times its search without the network.
    const started = performance.now();
    const passes = facetFilter(params.facetFilters);
    const matching = query.trim() ? loaded.search(query).filter(({section}) => passes(loaded.placeOf(section))) : [];
    const shown = matching.slice(page * hitsPerPage, (page + 1) * hitsPerPage);
    const ranked = performance.now();
    // A batch at a time in hit order, so an overtaken answer stops early.
    const positionsPerShard = new Map<number, number[]>();
    shown.forEach(({section}, position) => {
      const shard = loaded.recordShardOf(section);
      positionsPerShard.set(shard, [...(positionsPerShard.get(shard) ?? []), position]);
    });
    const shards = [...positionsPerShard.values()];
    const shownRecords: IndexedRecord[][] = [];
    for (let batch = 0; batch < shards.length; batch += RECORD_SHARDS_PER_BATCH) {
      stopIfOvertaken();
      const positions = shards.slice(batch, batch + RECORD_SHARDS_PER_BATCH).flat();
      const records = await Promise.all(positions.map((position) => loaded.recordsOf(shown[position].section, signal))).catch(overtakenOr);
      positions.forEach((position, at) => (shownRecords[position] = records[at]));
    }
    const fetched = performance.now();
    const matcherOf = cached((terms: string) => termMatcher(terms === '' ? [] : terms.split(' ')));
    const hits = shown.map(({section, terms}, position): SearchHit => {
      const matcher = matcherOf(terms.join(' '));
      const record = bestRecord(shownRecords[position], matcher);
      const [url_without_anchor, anchor = null] = record.url.split('#');
      const levels = LEVELS.filter((level) => record.hierarchy[level] !== null);
      return {
        // Escaped as the hosted index holds it, for the modal injects it as HTML.
        ...withEscapedText(record),
        objectID: String(section),
        url_without_anchor,
        anchor,
        _highlightResult: {
          hierarchy: Object.fromEntries(levels.map((level) => [level, highlight(record.hierarchy[level]!, matcher, pre, post)])),
          ...(record.content !== null ? {content: highlight(record.content, matcher, pre, post)} : {}),
        },
        _snippetResult: {
          hierarchy: Object.fromEntries(
            levels.map((level) => [
              level,
              snippet(record.hierarchy[level]!, matcher, snippetWords.get(`hierarchy.${level}`) ?? SNIPPET_WORDS, pre, post, ellipsis),
            ]),
          ),
          ...(record.content !== null ? {content: snippet(record.content, matcher, snippetWords.get('content') ?? SNIPPET_WORDS, pre, post, ellipsis)} : {}),
        },
      };
    });
    // `npm run bench:search` reads the engine's time per query from this mark.
    const {duration} = performance.measure(ANSWER_MEASURE, {start: started, duration: ranked - started + performance.now() - fetched});
    // Observers have it; the timeline need not keep one entry per keystroke.
    performance.clearMeasures(ANSWER_MEASURE);
    return {
      hits,
      nbHits: matching.length,
      page,
      nbPages: Math.ceil(matching.length / hitsPerPage),
      hitsPerPage,
      exhaustiveNbHits: true,
      query,
      params: new URLSearchParams({query, hitsPerPage: String(hitsPerPage), page: String(page)}).toString(),
      index: request.indexName,
      processingTimeMS: Math.round(duration),
    };
  }

  return {
    async search(request, {signal} = {}) {
      const requests = Array.isArray(request) ? request : request.requests;
      return {results: await Promise.all(requests.map((one) => answer(one, signal)))};
    },
    prepare() {
      index().catch(() => {});
    },
  };
}
