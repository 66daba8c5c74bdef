/**
 * The local search engine, shared by the build (which writes the index) and
 * the browser (which loads and queries it): MiniSearch over sections, the
 * text under one heading of one page, chosen by `npm run bench:search`.
 * Records stay the unit of results, as in DocSearch: a section's hits are its
 * heading and its blocks of text that match the query.
 *
 * The index file holds what ranking needs and the sections' places in the
 * site; the records' text, which only the hits on screen need, lives in
 * shards of a few pages each, fetched for those hits. So the first results
 * cost the index and a few shards, not every page's text.
 */
import pluralize from 'pluralize';
import MiniSearch, {type Options, type Query, type SearchOptions} from 'minisearch';
import {loadOnce} from '../load-once';
import {LEVELS, type Level} from './hierarchy';

/** A record as the local index keeps it: DocSearch's record without what can be derived or is not searched. */
export interface IndexedRecord {
  type: Level | 'content';
  hierarchy: Record<Level, string | null>;
  content: string | null;
  /** Site path with the anchor of the nearest heading. */
  url: string;
  /** Contextual search tags, from the page's docsearch meta tags. */
  language: string;
  docusaurus_tag: string;
}

/** A section's records in page order: type (position in TYPES), then content. */
export type SectionRecords = [number, string | null][];

/** A shard: the records of consecutive sections, from whole pages. */
export type RecordShard = SectionRecords[];

/** What the build writes to search/index.json and the browser fetches on first use. */
export interface SearchIndexFile {
  /** Distinct URLs, tags and hierarchy strings, referred to by position. */
  strings: string[];
  /** Per section (the text under one heading): url, language, tag and lvl0..lvl6 as string positions (-1 for null). */
  sections: number[][];
  /** Per section, how much its matches weigh against others' (sectionBoost). */
  boosts: number[];
  /** The record shards: each one's file (site path) and its first section, in section order. */
  shards: {file: string; first: number}[];
  /** The MiniSearch index of the sections, as MiniSearch serializes it, without its identity map of document ids. */
  index: unknown;
}

/** Uncompressed size a shard grows to before it closes at the next page; about 3 KB gzip, as `npm run bench:search` weighs shards against requests. */
const SHARD_BYTES = 8_000;

const TYPES: IndexedRecord['type'][] = [...LEVELS, 'content'];

/** Words that carry no meaning in a query ("what is a target", "how to pause a scan"). */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'can',
  'do',
  'does',
  'for',
  'how',
  'i',
  'in',
  'is',
  'it',
  'my',
  'of',
  'on',
  'or',
  'the',
  'to',
  'what',
  'when',
  'with',
]);

/** A query's words, identifiers whole only: `team_id` asks for that field, not for every page about teams. */
const queryTokenize = (text: string): string[] =>
  text
    .split(/[\s,;:()[\]{}"'`<>!?/=|]+/)
    .map((word) => word.replace(/^[.#*-]+|[.#*-]+$/g, ''))
    .filter(Boolean);

/** A text's words, and identifiers such as `scan_profile_id` or `Retry-After` also whole, so an exact field name outranks its parts. */
export const tokenize = (text: string): string[] =>
  queryTokenize(text).flatMap((word) => {
    const parts = word.split(/[._-]+/).filter(Boolean);
    return parts.length > 1 ? [word, ...parts] : parts;
  });

/** Words that have a plural: lower-case letters only, four or more (identifiers and numbers stay as written). */
const hasPlural = (word: string) => /^[a-z]{4,}$/.test(word);

/** How an indexed word may be written in a text: as it is, or in the plural ("policy", "policies"), for highlighting. */
export const termForms = (term: string): string[] => (hasPlural(term) ? [...new Set([term, pluralize.plural(term)])] : [term]);

/** A word as the index keeps it: lower case, and singular, so "webhooks" finds "webhook". */
export const processTerm = (term: string): string | null => {
  const lower = term.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  return hasPlural(lower) ? pluralize.singular(lower) : lower;
};

/** Words this long or longer may hold a typo. */
const TYPO_LENGTH = 5;

/** How much a word with two letters swapped weighs against the word as typed. */
const TRANSPOSITION_WEIGHT = 0.5;

/** A word with each pair of neighbouring letters swapped: "pasue" gives "pause". */
const transpositions = (word: string): string[] =>
  [...word.slice(1)].map((_, at) => `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`).filter((swapped) => swapped !== word);

/**
 * A query as MiniSearch reads it: every word must match, and a word long
 * enough for a typo also matches with two neighbouring letters swapped, which
 * the hosted service counts as one typo and an edit distance as two.
 */
function queryTree(query: string): Query {
  const words = queryTokenize(query).filter((word) => processTerm(word) !== null);
  return {
    combineWith: 'AND',
    queries: words.map((word) =>
      word.length >= TYPO_LENGTH
        ? {
            combineWith: 'OR',
            queries: [word, {combineWith: 'OR', queries: transpositions(word), fuzzy: false, prefix: false, boostTerm: () => TRANSPOSITION_WEIGHT}],
          }
        : word,
    ),
  };
}

/** Whether a query covers every word of a heading, as "create target" covers "Create a target": such a heading is what the reader named. */
function coversHeading(heading: string, terms: string[]): boolean {
  const words = tokenize(heading)
    .map(processTerm)
    .filter((word): word is string => word !== null);
  return words.length > 0 && words.every((word) => terms.some((term) => word === term || (term.length > 2 && word.startsWith(term))));
}

/**
 * A section as the index reads it: the part of the site its page sits in (on
 * the top of a page only, where the hosted index would find it too, so the
 * modal's "Try searching for" suggestions find something), its page's title,
 * its own heading (below the title) and its text.
 */
interface SectionDocument {
  id: number;
  site: string;
  title: string;
  heading: string;
  content: string;
}

const indexOptions: Options<SectionDocument> = {fields: ['site', 'title', 'heading', 'content'], idField: 'id', tokenize, processTerm};

/** Prefix search from the third letter, and one typo per five letters; a match in a title or heading weighs more than in text. */
const searchOptions: SearchOptions = {
  tokenize: queryTokenize,
  boost: {site: 0.5, title: 3, heading: 2},
  prefix: (term) => term.length > 2,
  fuzzy: (term) => (term.length >= TYPO_LENGTH ? 0.2 : false),
};

/**
 * How a section's matches weigh: the top of a page (its title, summary and
 * description) above its subsections, as DocSearch ranks lvl1 above lvl2, and
 * pages that more pages link to above the rest (a page's rank: see
 * lib/search/records.ts). Rounded, as the index stores it.
 */
export function sectionBoost(level: number, pageRank: number): number {
  const top = level === 1 ? 2 : 1;
  return Math.round(top * (1 + 0.3 * Math.log2(1 + pageRank)) * 100) / 100;
}

/**
 * The search index file of a list of records (in page order), and its record
 * shards, each with the file the index names for it (`shardFile`, from the
 * shard's number and content). Records of one URL share their section's
 * hierarchy, so it is stored once per section.
 */
export function buildSearchIndex(
  records: (IndexedRecord & {weight?: {pageRank: number}})[],
  shardFile: (shard: number, content: string) => string,
): {file: SearchIndexFile; shards: Map<string, string>} {
  const strings: string[] = [];
  const positions = new Map<string, number>();
  const at = (value: string | null) => {
    if (value === null) return -1;
    let position = positions.get(value);
    if (position === undefined) {
      position = strings.push(value) - 1;
      positions.set(value, position);
    }
    return position;
  };
  const sections: number[][] = [];
  const sectionRecords: SectionRecords[] = [];
  const documents: SectionDocument[] = [];
  const boosts: number[] = [];
  let current: string | undefined;
  for (const record of records) {
    // A section is a URL with one hierarchy (a heading without an id, such as a card's title, starts one too).
    const key = `${record.url}\n${LEVELS.map((level) => record.hierarchy[level]).join('\n')}`;
    if (key !== current) {
      current = key;
      sections.push([at(record.url), at(record.language), at(record.docusaurus_tag), ...LEVELS.map((level) => at(record.hierarchy[level]))]);
      sectionRecords.push([]);
      const depth = Math.max(...LEVELS.map((level, position) => (record.hierarchy[level] !== null ? position : 0)));
      documents.push({
        id: documents.length,
        site: depth > 1 ? '' : (record.hierarchy.lvl0 ?? ''),
        title: record.hierarchy.lvl1 ?? '',
        heading: depth > 1 ? record.hierarchy[LEVELS[depth]]! : '',
        content: '',
      });
      boosts.push(sectionBoost(depth, record.weight?.pageRank ?? 0));
    }
    sectionRecords[sectionRecords.length - 1].push([TYPES.indexOf(record.type), record.content]);
    if (record.content) documents[documents.length - 1].content += ` ${record.content}`;
  }
  const index = new MiniSearch(indexOptions);
  index.addAll(documents);
  // Document ids are the section numbers, so MiniSearch's map of them is the identity and is rebuilt on load.
  const {documentIds: _identity, ...serialized} = index.toJSON();
  // A shard closes at the first page boundary past SHARD_BYTES, so a page's sections share one.
  const shards = new Map<string, string>();
  const starts: SearchIndexFile['shards'] = [];
  const pageOf = (section: number) => strings[sections[section][0]].split('#')[0];
  let first = 0;
  let size = 0;
  const close = (end: number) => {
    const content = JSON.stringify(sectionRecords.slice(first, end));
    const file = shardFile(starts.length, content);
    shards.set(file, content);
    starts.push({file, first});
    [first, size] = [end, 0];
  };
  sectionRecords.forEach((own, section) => {
    if (size >= SHARD_BYTES && pageOf(section) !== pageOf(section - 1)) close(section);
    size += JSON.stringify(own).length;
  });
  close(sectionRecords.length);
  return {file: {strings, sections, boosts, shards: starts, index: serialized}, shards};
}

/** A section's place: what a record has but its type and content. */
export type SectionPlace = Omit<IndexedRecord, 'type' | 'content'>;

/** A loaded index: sections ranked for a query, where they are, and their records. */
export interface LoadedIndex {
  /** Section numbers, best first, with the query terms each matched. */
  search(query: string): {section: number; terms: string[]}[];
  placeOf(section: number): SectionPlace;
  /** A section's records, from its shard (fetched once; a failed fetch is tried again next time). */
  recordsOf(section: number): Promise<IndexedRecord[]>;
}

export function loadSearchIndex(file: SearchIndexFile, loadShard: (file: string) => Promise<RecordShard>): LoadedIndex {
  const serialized = file.index as {nextId: number};
  const documentIds = Object.fromEntries(Array.from({length: serialized.nextId}, (_, id) => [id, id]));
  const index = MiniSearch.loadJS({...serialized, documentIds} as never, indexOptions);
  const string = (position: number) => (position < 0 ? null : file.strings[position]);
  const shards = file.shards.map(({file: shardFile}) => loadOnce(() => loadShard(shardFile)));
  const shardOf = (section: number) => {
    let shard = file.shards.length - 1;
    while (file.shards[shard].first > section) shard--;
    return shard;
  };
  const placeOf = (section: number): SectionPlace => {
    const [url, language, tag, ...levels] = file.sections[section];
    return {
      url: string(url)!,
      language: string(language)!,
      docusaurus_tag: string(tag)!,
      hierarchy: Object.fromEntries(LEVELS.map((level, position) => [level, string(levels[position])])) as IndexedRecord['hierarchy'],
    };
  };
  // A section's deepest heading: its own title, or the page's for the top of a page.
  const ownHeading = (section: number) =>
    string(
      file.sections[section]
        .slice(4)
        .filter((position) => position >= 0)
        .pop() ?? -1,
    ) ?? '';
  return {
    search: (query) => {
      const options = {...searchOptions, boostDocument: (id: unknown) => file.boosts[id as number]};
      // Every word of the query, as the hosted service answers; the search page suggests the words that find something alone.
      const hits = index.search(queryTree(query), options);
      return hits
        .map((hit) => ({hit, score: coversHeading(ownHeading(hit.id as number), hit.terms) ? hit.score * 2 : hit.score}))
        .sort((a, b) => b.score - a.score)
        .map(({hit}) => ({section: hit.id as number, terms: hit.terms}));
    },
    placeOf,
    recordsOf: async (section) => {
      const shard = shardOf(section);
      const records = (await shards[shard]())[section - file.shards[shard].first];
      const place = placeOf(section);
      return records.map(([type, content]) => ({...place, type: TYPES[type], content}));
    },
  };
}
