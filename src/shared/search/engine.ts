/**
 * The local search engine, shared by the build (which writes the index) and
 * the browser (which loads and queries it): MiniSearch over sections, the
 * text under one heading of one page, chosen by `npm run bench:search`.
 * Records stay the unit of results, as in DocSearch: a section's hits are its
 * heading and its blocks of text that match the query.
 *
 * The index file holds what every query needs: the words the index has, the
 * statistics ranking needs and the sections' places in the site. Which
 * sections hold a word (its postings) lives in term shards of consecutive
 * words, fetched for the words a query can match; the records' text, which
 * only the hits on screen need, lives in record shards of a few pages each,
 * fetched for those hits. So the first results cost the index and a few
 * shards, not every word's postings and every page's text.
 */
import pluralize from 'pluralize';
import {stemmer} from 'stemmer';
import MiniSearch, {type AsPlainObject, type Options, type Query, type SearchOptions} from 'minisearch';
import {cached} from '../cached';
import {loadOnceWhileWanted} from '../load-once';
import {LEVELS, type Level} from './hierarchy';
import {SYNONYMS} from './synonyms';

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

/**
 * A word's postings, compact: for each field that has it, the field's id, the
 * number of sections (negative when their counts follow), the gaps between
 * the section numbers, then the counts of the word in each unless all are 1.
 * A third of MiniSearch's own form, gzipped.
 */
export type TermPostings = number[];

/** A term shard: the postings of consecutive words of the index's vocabulary. */
export type TermShard = TermPostings[];

/** Where consecutive sections' records, or consecutive words' postings, are: the shard's file (site path) and its first item, in order. */
export interface ShardStart {
  file: string;
  first: number;
}

/** What ranking needs of MiniSearch's index besides postings: document and field statistics (BM25), without the identity map of document ids. */
export type IndexStatistics = Omit<AsPlainObject, 'index' | 'documentIds'>;

/** What the build writes to search/index.json and the browser fetches on first use. */
export interface SearchIndexFile {
  /** Distinct URLs, tags and hierarchy strings, referred to by position. */
  strings: string[];
  /** Per section (the text under one heading): url, language, tag and lvl0..lvl6 as string positions (-1 for null). */
  sections: number[][];
  /** Per section, how much its matches weigh against others' (sectionBoost). */
  boosts: number[];
  /** Per section, the method and path of its page's operation ("GET dashboards risk_trend", without the path every operation's begins with), as a string position; -1 on a page that is no operation's. */
  operations: number[];
  /** The record shards: each one's file and its first section, in section order. */
  shards: ShardStart[];
  /** The index's words, in the order MiniSearch serializes them (its tree's, where words of one prefix are consecutive). */
  terms: string[];
  /** The term shards: each one's file and the position of its first word in `terms`. */
  termShards: ShardStart[];
  /** The MiniSearch index of the sections without its postings. */
  index: IndexStatistics;
}

/** An operation page's operation, from the contract: its method and its path template ("/api/v1/targets/{target_id}/"). */
export interface PageOperation {
  method: string;
  path: string;
}

/**
 * What names each page's operation, by page: its method and the segments of
 * its path after those every operation's path begins with (the API's base
 * path, "/api/v1/"), placeholders ("{target_id}") left out.
 */
function operationNames(pageOperations: Map<string, PageOperation>): Map<string, string> {
  const operations = [...pageOperations].map(([page, {method, path}]) => ({page, method, segments: path.split('/').filter(Boolean)}));
  // The base path: the leading segments all paths share, short of the whole of any path.
  const shortest = operations.length === 0 ? 0 : Math.min(...operations.map(({segments}) => segments.length - 1));
  let base = 0;
  while (base < shortest && operations.every(({segments}) => segments[base] === operations[0].segments[base])) base += 1;
  return new Map(
    operations.map(({page, method, segments}) => [page, [method, ...segments.slice(base).filter((segment) => !segment.startsWith('{'))].join(' ')]),
  );
}

/** A heading on more than this share of pages is a template's (see sectionBoost). */
const TEMPLATE_HEADING_SHARE = 0.05;
/** How much a template's section weighs against others. */
const TEMPLATE_SECTION = 0.3;
/** An identifier that more than this share of pages define (the response headers every operation page lists) is a template's, not what its sections define. */
const TEMPLATE_DEFINITION_SHARE = 0.5;

/** A section's page and its own heading below the page's title (null at the top of a page). */
interface SectionHeading {
  page: string;
  heading: string | null;
}

/** Which sections are a template's: those under a heading that more than TEMPLATE_HEADING_SHARE of the pages have ("Path parameters", "200 OK"). */
function templateSections(sections: SectionHeading[]): boolean[] {
  const pagesOfHeading = new Map<string, Set<string>>();
  for (const {page, heading} of sections) if (heading !== null) pagesOfHeading.set(heading, (pagesOfHeading.get(heading) ?? new Set()).add(page));
  const pageCount = new Set(sections.map(({page}) => page)).size;
  return sections.map(({heading}) => heading !== null && pagesOfHeading.get(heading)!.size > pageCount * TEMPLATE_HEADING_SHARE);
}

/** Uncompressed size a shard grows to before it closes at the next page; about 3 KB gzip, as `npm run bench:search` weighs shards against requests. */
const SHARD_BYTES = 8_000;

/** Uncompressed size a term shard grows to: about 3 KB gzip, so a query of a few words fetches a few shards of some 40, about 10 KB. */
const TERM_SHARD_BYTES = 16_000;

const TYPES: IndexedRecord['type'][] = [...LEVELS, 'content'];

/** Words that carry no meaning in a query ("what is a target", "how to pause a scan"). */
const STOP_WORDS = new Set([
  'a',
  'as',
  'at',
  'be',
  'by',
  'from',
  'if',
  'into',
  'its',
  'should',
  'that',
  'this',
  'which',
  'will',
  // Quantifiers and a verb of looking, which name nothing a page is about ("restrict a key to some targets", "see what changed").
  'any',
  'see',
  'some',
  'you',
  'your',
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

/** What separates words: spaces, punctuation that never sits inside an identifier. */
const SEPARATORS = /[\s,;:()[\]{}"'`<>!?/=|]+/;

/** A query's words, identifiers whole only: `team_id` asks for that field, not for every page about teams. */
const queryTokenize = (text: string): string[] =>
  text
    .split(SEPARATORS)
    .map((word) => word.replace(/[.#*-]+$/, '').replace(/^(?!--[a-z])[.#*-]+/i, ''))
    .filter(Boolean);

/** A word's parts: an identifier such as `scan_profile_id` or `Retry-After` has several, any other word one. */
const partsOf = (word: string): string[] => word.split(/[._-]+/).filter(Boolean);

/** Whether a word is an identifier written whole: with dots, underscores or hyphens between its parts, or a command-line option (`--wait`). */
const isIdentifier = (word: string) => partsOf(word).length > 1 || word.startsWith('--');

/** A word's parts, and two words joined by a hyphen also as one ("re-test" is also "retest", "log-out" "logout"), as readers write them either way. */
const wordsOfWord = (word: string): string[] => {
  const parts = partsOf(word);
  return /^[a-z]+-[a-z]+$/i.test(word) ? [...parts, parts.join('')] : parts;
};

/** A text's words, and identifiers such as `scan_profile_id` or `Retry-After` also whole, so an exact field name outranks its parts. */
export const tokenize = (text: string): string[] => queryTokenize(text).flatMap((word) => (isIdentifier(word) ? [word, ...wordsOfWord(word)] : [word]));

/** The field of a section's identifiers, written whole, from its title, heading and text. */
const IDENTIFIERS = 'identifiers';
/** The field of the identifiers a section defines. */
const DEFINES = 'defines';
/** The fields of a section's words. */
const TEXT_FIELDS = ['site', 'title', 'heading', 'content'];

/**
 * A field's words as the index keeps them: identifiers whole in a field of
 * their own, their parts and every other word in the rest. Kept apart, a word
 * of the query matched as a prefix ("finding") does not also match every
 * identifier that starts with it (`finding.target.id`, `finding.url`, …),
 * which would add up to outweigh the pages about the word; an identifier the
 * reader types is matched whole against identifiers only.
 */
const tokenizeField = (text: string, field?: string): string[] =>
  field === IDENTIFIERS || field === DEFINES ? queryTokenize(text).filter(isIdentifier).flatMap(identifierForms) : queryTokenize(text).flatMap(wordsOfWord);

/** An identifier as readers may type it: a command-line option with or without its dashes when it has parts (`--fail-on`, `fail-on`). */
const identifierForms = (identifier: string): string[] => {
  const bare = identifier.replace(/^--/, '');
  return bare !== identifier && isIdentifier(bare) ? [identifier, bare] : [identifier];
};

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

/** A word's stem (Porter's): words of one stem ("detect", "detection", "detecting") are one word to a reader. Plain words only: identifiers, numbers and short words stay as written. */
export const stemOf = (term: string): string => (hasPlural(term) ? stemmer(term) : term);

/** The synonym table (./synonyms.ts) with its words as the index keeps them, so a key or value written in the plural ("devops", "azure pipelines") matches. */
const synonymTable = new Map(
  Object.entries(SYNONYMS).map(([word, synonyms]) => [
    processTerm(word),
    synonyms.map((synonym) =>
      synonym
        .split(' ')
        .map(processTerm)
        .filter((term): term is string => term !== null),
    ),
  ]),
);

/** The synonyms of a word as the index keeps it, each as its words. */
const synonymsOf = (term: string): string[][] => synonymTable.get(term) ?? [];

/** Words this long or longer may hold a typo. */
const TYPO_LENGTH = 5;
/** Typos per letter of a word that long: one from five letters, two from eight. */
const TYPO_SHARE = 0.2;
/** Words this long or longer may have two neighbouring letters swapped ("scna" for "scan"): a four-letter word has few neighbours at one edit but many, such as "one" for "once", at any. */
const TRANSPOSITION_LENGTH = 4;
/** The typed words whose typo answers are kept (typoOf): the words of the last few queries, each typed a letter at a time. */
const TYPED_WORDS_KEPT = 256;

/** Words this long or shorter match as a prefix only while the reader types them: once a space follows, "all" is not "allowed". */
const SHORT_WORD_LENGTH = 3;

/** How much a word with two letters swapped weighs against the word as typed. */
const TRANSPOSITION_WEIGHT = 0.5;

/** A word with each pair of neighbouring letters swapped: "pasue" gives "pause". */
const transpositions = (word: string): string[] =>
  [...word.slice(1)].map((_, at) => `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`).filter((swapped) => swapped !== word);

/** How much a synonym (./synonyms.ts) or a split or joined word weighs against the word as typed. */
const ALTERNATIVE_WEIGHT = 0.7;

/**
 * How much a word of the same stem ("detect" for "detection") weighs against
 * the word as typed, which so ranks first where a page says it; and where it
 * counts: in titles and headings, which name what a page or section is about,
 * not in running text, where the words of a common stem ("scan", "scanned",
 * "scanning") add up on every page that mentions them.
 */
const STEM_WEIGHT = 0.2;
const STEM_FIELDS = ['title', 'heading'];

/**
 * A word as the query matches it: as typed (prefix and typos as the options
 * allow), and with two neighbouring letters swapped, which the hosted service
 * counts as one typo and an edit distance as two. An identifier is matched
 * against the identifiers the pages write whole, any other word against their
 * words.
 */
function wordQuery(word: string, asPrefix = true): Query {
  if (isIdentifier(word)) return {queries: [word], fields: [IDENTIFIERS, DEFINES]};
  const exact = asPrefix ? {} : {prefix: false};
  return word.length >= TRANSPOSITION_LENGTH
    ? {
        combineWith: 'OR',
        fields: TEXT_FIELDS,
        ...exact,
        queries: [word, {combineWith: 'OR', queries: transpositions(word), fuzzy: false, prefix: false, boostTerm: () => TRANSPOSITION_WEIGHT}],
      }
    : {queries: [word], fields: TEXT_FIELDS, ...exact};
}

/** Words of the index with the stem of the word as typed, each matched exactly, weighted below it. */
const sameStemQuery = (words: string[]): Query => ({
  combineWith: 'OR',
  queries: words,
  fields: STEM_FIELDS,
  fuzzy: false,
  prefix: false,
  boostTerm: () => STEM_WEIGHT,
});

/** Words that must all match, exactly (a split or joined word, a synonym of several words), weighted as an alternative. */
const alternative = (words: string[]): Query => ({
  combineWith: 'AND',
  queries: words,
  fields: TEXT_FIELDS,
  fuzzy: false,
  prefix: false,
  boostTerm: () => ALTERNATIVE_WEIGHT,
});

/** One word a reader meant, as MiniSearch reads it, and the ways a text may say it (each a list of words as the index keeps them, all needed). */
export interface QueryGroup {
  query: Query;
  forms: string[][];
  /** Whether the index lacks the word as typed, so a text may say it with the typos the search allows. */
  misspelt: boolean;
  /** Whether a text's word that begins with the word names it. */
  asPrefix: boolean;
  /** What the group's query is made of, the words as typed and whether the first is a prefix: groups of one key ask one query of an index. */
  key: string;
}

/**
 * A query's words grouped as MiniSearch reads them, one group per word a
 * reader meant: the word itself or its synonyms; a word the index does not
 * have split in two words it has ("loginsequence"); two words joined when the
 * index has them as one ("life cycle", "web hook"); the index's other words
 * of its stem ("detect" for "detection"). `has` says whether the index holds
 * a word exactly, `sameStem` which other words it holds of a word's stem.
 */
export function queryGroups(query: string, has: (word: string) => boolean, sameStem: (term: string) => string[] = () => []): QueryGroup[] {
  const tokens = queryTokenize(query);
  const words = tokens.filter((word) => processTerm(word) !== null);
  // The word being typed, if any: the last, unless a space or mark follows it.
  const typing = SEPARATORS.test(query.slice(-1)) ? undefined : tokens.length - 1;
  const groups: QueryGroup[] = [];
  let position = -1;
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at];
    position = tokens.indexOf(word, position + 1);
    // A short word the reader has finished ("all" in "cancel all running scans") is that word, not the beginning of a longer one ("allowed").
    const asPrefix = position === typing || processTerm(word)!.length > SHORT_WORD_LENGTH;
    const alternatives: Query[] = [wordQuery(word, asPrefix)];
    const term = processTerm(word)!;
    const synonyms = synonymsOf(term);
    for (const synonym of synonyms) alternatives.push(alternative(synonym));
    const next = words[at + 1];
    const joined = next === undefined ? undefined : `${term}${processTerm(next)}`;
    if (joined !== undefined && /^[a-z]+$/.test(joined) && (has(joined) || synonymsOf(joined).length > 0)) {
      // The two words as typed, each or both by a synonym ("api token" is also "api key"), or as one; synonyms of the joined word too ("life cycle" is a lifecycle).
      const nextTerm = processTerm(next)!;
      const wordOrSynonyms = (typed: string, typedTerm: string): Query => ({
        combineWith: 'OR',
        queries: [wordQuery(typed), ...synonymsOf(typedTerm).map(alternative)],
      });
      const both: Query = {combineWith: 'AND', queries: [wordOrSynonyms(word, term), wordOrSynonyms(next, nextTerm)]};
      const pairs = [[term], ...synonyms].flatMap((first) => [[nextTerm], ...synonymsOf(nextTerm)].map((second) => [...first, ...second]));
      const joinedSynonyms = synonymsOf(joined);
      groups.push({
        query: {combineWith: 'OR', queries: [both, alternative([joined]), ...joinedSynonyms.map(alternative)]},
        forms: [...pairs, [joined], ...joinedSynonyms],
        misspelt: false,
        asPrefix: true,
        key: JSON.stringify([word, next, true]),
      });
      at += 1;
      position = tokens.indexOf(next, position + 1);
      continue;
    }
    // A word the index does not have: an identifier by its parts ("page_size"), a joined word cut in two ("loginsequence").
    // A part of one letter names nothing (the "x" of `x-required-permission`, the vendor prefix), and few texts write it as a word.
    const identifierParts = partsOf(term).filter((part) => part.length > 1 && processTerm(part) !== null);
    const parts = has(term) ? [] : identifierParts.length > 1 ? [identifierParts] : /^[a-z]{6,}$/.test(term) ? splits(term, has) : [];
    alternatives.push(...parts.map(alternative));
    // The word's stem in the index's other words; those the word begins are its prefix matches already.
    const stemmed = sameStem(term).filter((other) => !(asPrefix && term.length > 2 && other.startsWith(term)));
    if (stemmed.length > 0) alternatives.push(sameStemQuery(stemmed));
    groups.push({
      query: alternatives.length === 1 ? alternatives[0] : {combineWith: 'OR', queries: alternatives},
      forms: [[term], ...synonyms, ...parts, ...stemmed.map((other) => [other])],
      misspelt: !has(term),
      asPrefix,
      key: JSON.stringify([word, null, asPrefix]),
    });
  }
  return groups;
}

/** A word cut in two words the index has, each of three letters or more: "loginsequence" gives "login sequence". */
function splits(word: string, has: (word: string) => boolean): string[][] {
  const found: string[][] = [];
  for (let cut = 3; cut <= word.length - 3; cut += 1) {
    const [left, right] = [word.slice(0, cut), word.slice(cut)];
    const rightTerm = processTerm(right);
    if (rightTerm !== null && has(left) && has(rightTerm)) found.push([left, rightTerm]);
  }
  return found;
}

/** A heading the query names entirely ("create target" names "Create a target") weighs this much more. */
const HEADING_NAMED = 2;
/** A page whose title names every word of the query (or a synonym of it) weighs this much more than one that mentions them: "scan profiles" is the page "Scan profiles API" or "List scan profiles", not a concept page that mentions profiles. */
const TITLE_NAMES_QUERY = 3;
/** A section whose own heading names every word of the query ("vigil reports download") weighs this much more. */
const HEADING_NAMES_QUERY = 3;
/** A response's section of an operation page ("200 OK") weighs this much: it repeats its page's words, and the reader wants the page. */
const STATUS_SECTION = 0.2;
/**
 * How much a section with only some of the query's words weighs against one
 * with all of them (MiniSearch already counts how many it has), rather than
 * coming after every one of them: "deprecation policy sunset" is the section
 * "Deprecation and sunset" of the versioning page before the line of the API
 * overview that says all three words in passing.
 */
const SOME_WORDS = 0.4;
/** A heading that is a response's status line and nothing more ("200 OK", "429 Too Many Requests"), as operation pages head their responses; a guide's heading that goes on to say something ("401 Unauthorized: the key is not accepted") is not one. */
const STATUS_LINE = /^[1-5]\d\d(?: [A-Z][A-Za-z-]*)*$/;

/** A text's words as the index keeps them. */
const wordsOf = (text: string): string[] =>
  tokenize(text)
    .map(processTerm)
    .filter((word): word is string => word !== null);

/** Whether a word of a text is the query's word, begins with it from its third letter, or, for a word the index lacks, is it despite the typos the search allows ("schedulde" names "Schedule"). */
const isWord = (textWord: string, word: string, misspelt = false, asPrefix = true) =>
  textWord === word || (asPrefix && word.length > 2 && textWord.startsWith(word)) || (misspelt && typoOf(word)(textWord));

/**
 * Whether a text's word is a word of the query despite its typos, worked out
 * once per pair: ranking asks it of each word of each title and heading of a
 * query's hits, many of which share words, and a word being typed is not in
 * the index, so takes typos, at every keystroke. The pairs are the words a
 * reader types and the index's words; the answers are kept for the words last
 * typed (each keystroke types a new one), not for every word of a long visit.
 */
const typoOf = cached((word: string) => cached((textWord: string) => withinTypos(textWord, word, allowedTypos(word))), TYPED_WORDS_KEPT);

/** The typos a word of the query may hold, as the search matches it: one per five letters, or two swapped neighbouring letters from four. */
const allowedTypos = (word: string) => (word.length >= TYPO_LENGTH ? Math.round(word.length * TYPO_SHARE) : word.length >= TRANSPOSITION_LENGTH ? 1 : 0);

/**
 * Whether two words are at most `limit` edits apart, a swap of neighbouring
 * letters counting one (optimal string alignment), as the search counts
 * typos. Ranking asks it of every word of every title and heading a query's
 * hits have, so words too far apart in length are answered without the table.
 */
function withinTypos(a: string, b: string, limit: number): boolean {
  if (limit === 0 || Math.abs(a.length - b.length) > limit) return a === b;
  // Three rows of the edit table: two back (for swaps), the last and this one.
  let [twoBack, last, row] = [new Uint16Array(b.length + 1), Uint16Array.from({length: b.length + 1}, (_, j) => j), new Uint16Array(b.length + 1)];
  for (let i = 1; i <= a.length; i += 1) {
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min(last[j] + 1, row[j - 1] + 1, last[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j], twoBack[j - 2] + 1);
    }
    [twoBack, last, row] = [last, row, twoBack];
  }
  return last[b.length] <= limit;
}

/** The forms of a query's groups that a text says in full. */
const formsIn = (text: string[], groups: QueryGroup[]) =>
  groups.map(({forms, misspelt, asPrefix}) => forms.find((form) => form.every((word) => text.some((textWord) => isWord(textWord, word, misspelt, asPrefix)))));

/** Whether a title (or heading) says every group of the query, in one of its forms. */
function namesEveryGroup(title: string[], groups: QueryGroup[]): boolean {
  return groups.length > 0 && formsIn(title, groups).every((form) => form !== undefined);
}

/**
 * Title words that say a page covers a resource as a whole rather than one
 * action on it: "Webhooks API", "List webhooks". A query that names only the
 * resource ("webhooks", "target labels") is named in full by those titles.
 */
const WHOLE_RESOURCE_WORDS = new Set(['api', 'list']);

/** The share of a title's words that the query names: "Webhooks API" and "List webhooks" are more about "webhooks" than "Send a test delivery to a webhook" or "Retrieve a webhook". */
function titlePrecision(title: string[], groups: QueryGroup[]): number {
  const named = formsIn(title, groups);
  const isNamed = (titleWord: string) => named.some((form, at) => form?.some((word) => isWord(titleWord, word, groups[at].misspelt, groups[at].asPrefix)));
  return title.filter((titleWord) => WHOLE_RESOURCE_WORDS.has(titleWord) || isNamed(titleWord)).length / title.length;
}

/** Whether a query covers every word of a heading (its words as the index keeps them), as "create target" covers "Create a target": such a heading is what the reader named. */
function coversHeading(words: string[], terms: string[]): boolean {
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
  /** The identifiers its records begin with: the fields, parameters and headers its tables and lists define ("team_id: Identifier of the team"), but those most pages define (TEMPLATE_DEFINITION_SHARE). */
  defines: string;
}

const indexOptions: Options<SectionDocument> = {
  fields: [...TEXT_FIELDS, IDENTIFIERS, DEFINES],
  extractField: (document, field) =>
    field === IDENTIFIERS ? `${document.title} ${document.heading} ${document.content}` : String(document[field as keyof SectionDocument]),
  idField: 'id',
  tokenize: tokenizeField,
  processTerm,
};

/** Prefix search from the third letter, and one typo per five letters; a match in a title or heading weighs more than in text. */
const searchOptions: SearchOptions = {
  tokenize: queryTokenize,
  boost: {site: 0.5, title: 3, heading: 2},
  prefix: (term) => term.length > 2,
  fuzzy: (term) => (term.length >= TYPO_LENGTH ? TYPO_SHARE : false),
};

/**
 * How a section's matches weigh: the top of a page (its title, summary and
 * description) above its subsections, as DocSearch ranks lvl1 above lvl2, and
 * pages that more pages link to above the rest (a page's rank: see
 * lib/search/records.ts). A section under a heading that many pages share
 * ("Path parameters", "200 OK", "Response headers": the sections every
 * operation page has) weighs less: its words are the template's, and the
 * reader wants the page that is about them. Rounded, as the index stores it.
 */
export function sectionBoost(level: number, pageRank: number, template = false): number {
  const top = level === 1 ? 2 : 1;
  return Math.round(top * (template ? TEMPLATE_SECTION : 1) * (1 + 0.3 * Math.log2(1 + pageRank)) * 100) / 100;
}

/** A record's own heading below its page's title, or null at the top of a page. */
function ownHeadingOf(hierarchy: IndexedRecord['hierarchy']): string | null {
  const depth = Math.max(...LEVELS.map((level, position) => (hierarchy[level] !== null ? position : 0)));
  return depth > 1 ? hierarchy[LEVELS[depth]] : null;
}

/** The identifier a record defines: the one it begins with ("team_id: Identifier of the team"), if it begins with one. */
function definedIdentifier(content: string | null): string | undefined {
  const first = content === null ? undefined : queryTokenize(content)[0];
  return first !== undefined && isIdentifier(first) ? first : undefined;
}

/** A word's postings as MiniSearch serializes them: per field id, per section, the count of the word. */
type SerializedPostings = Record<string, Record<string, number>>;

function encodePostings(fields: SerializedPostings): TermPostings {
  return Object.entries(fields).flatMap(([field, counts]) => {
    const sections = Object.keys(counts).map(Number);
    const frequencies = sections.map((section) => counts[section]);
    const allOnce = frequencies.every((count) => count === 1);
    const gaps = sections.map((section, at) => section - (at === 0 ? 0 : sections[at - 1]));
    return [Number(field), allOnce ? sections.length : -sections.length, ...gaps, ...(allOnce ? [] : frequencies)];
  });
}

/** A word's postings as MiniSearch keeps them: per field id, per section, the count of the word; fields and sections in ascending order, as MiniSearch loads them. */
function decodePostings(encoded: TermPostings): Map<number, Map<number, number>> {
  const fields = new Map<number, Map<number, number>>();
  let at = 0;
  while (at < encoded.length) {
    const field = encoded[at];
    const count = Math.abs(encoded[at + 1]);
    const counted = encoded[at + 1] < 0;
    const sections = new Map<number, number>();
    let section = 0;
    for (let position = 0; position < count; position += 1) {
      section += encoded[at + 2 + position];
      sections.set(section, counted ? encoded[at + 2 + count + position] : 1);
    }
    fields.set(field, sections);
    at += 2 + (counted ? 2 * count : count);
  }
  return fields;
}

/**
 * Consecutive items in shards of about `limit` characters of JSON each, a
 * shard starting only where `mayStart` allows: each shard's file (named by
 * `name` from its number and content) and first item.
 */
function shardsOf<T>(
  items: T[],
  limit: number,
  mayStart: (at: number) => boolean,
  name: (shard: number, content: string) => string,
  files: Map<string, string>,
): ShardStart[] {
  const starts: ShardStart[] = [];
  let first = 0;
  let size = 0;
  const close = (end: number) => {
    const content = JSON.stringify(items.slice(first, end));
    const file = name(starts.length, content);
    files.set(file, content);
    starts.push({file, first});
    [first, size] = [end, 0];
  };
  items.forEach((item, at) => {
    if (size >= limit && mayStart(at)) close(at);
    size += JSON.stringify(item).length;
  });
  close(items.length);
  return starts;
}

/** The kinds of shard the index names: record shards and term shards. */
export type ShardKind = 'records' | 'terms';

/**
 * The search index file of a list of records (in page order), and its record
 * and term shards, each with the file the index names for it (`shardFile`,
 * from the shard's kind, number and content). Records of one URL share their
 * section's hierarchy, so it is stored once per section. `termShardBytes`
 * sizes the term shards (tests cut a small index in many); `operations` gives
 * the operation of each operation page, by site path.
 */
export function buildSearchIndex(
  records: (IndexedRecord & {weight?: {pageRank: number}})[],
  shardFile: (kind: ShardKind, shard: number, content: string) => string,
  {termShardBytes = TERM_SHARD_BYTES, operations: pageOperations = new Map()}: {termShardBytes?: number; operations?: Map<string, PageOperation>} = {},
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
  // Per section, its page and heading, depth and page rank: what its boost is made of.
  const headings: SectionHeading[] = [];
  const ranks: {depth: number; pageRank: number}[] = [];
  const pageOfRecord = (record: IndexedRecord) => record.url.split('#')[0];
  // The identifiers the pages define, and on how many pages each: those most pages define are the template's.
  const pagesDefining = new Map<string, Set<string>>();
  for (const record of records) {
    const defined = definedIdentifier(record.content);
    if (defined !== undefined) pagesDefining.set(defined, (pagesDefining.get(defined) ?? new Set()).add(pageOfRecord(record)));
  }
  const pageCount = new Set(records.map(pageOfRecord)).size;
  const isTemplateDefinition = (identifier: string) => pagesDefining.get(identifier)!.size > pageCount * TEMPLATE_DEFINITION_SHARE;
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
        defines: '',
      });
      headings.push({page: pageOfRecord(record), heading: ownHeadingOf(record.hierarchy)});
      ranks.push({depth, pageRank: record.weight?.pageRank ?? 0});
    }
    sectionRecords[sectionRecords.length - 1].push([TYPES.indexOf(record.type), record.content]);
    if (record.content) {
      const document = documents[documents.length - 1];
      document.content += ` ${record.content}`;
      const defined = definedIdentifier(record.content);
      if (defined !== undefined && !isTemplateDefinition(defined)) document.defines += ` ${defined}`;
    }
  }
  const template = templateSections(headings);
  const boosts = ranks.map(({depth, pageRank}, section) => sectionBoost(depth, pageRank, template[section]));
  const namesOfOperation = operationNames(pageOperations);
  const operations = sections.map(([url]) => {
    const names = namesOfOperation.get(strings[url].split('#')[0]);
    return names === undefined ? -1 : at(names);
  });
  const index = new MiniSearch(indexOptions);
  index.addAll(documents);
  // Document ids are the section numbers, so MiniSearch's map of them is the identity and is rebuilt on load.
  const {documentIds: _identity, index: postings, ...statistics} = index.toJSON();
  const shards = new Map<string, string>();
  // A record shard closes at the first page boundary past SHARD_BYTES, so a page's sections share one.
  const pageOf = (section: number) => strings[sections[section][0]].split('#')[0];
  const recordShards = shardsOf(
    sectionRecords,
    SHARD_BYTES,
    (section) => pageOf(section) !== pageOf(section - 1),
    (shard, content) => shardFile('records', shard, content),
    shards,
  );
  const termShards = shardsOf(
    postings.map(([, fields]) => encodePostings(fields as SerializedPostings)),
    termShardBytes,
    () => true,
    (shard, content) => shardFile('terms', shard, content),
    shards,
  );
  return {file: {strings, sections, boosts, operations, shards: recordShards, terms: postings.map(([term]) => term), termShards, index: statistics}, shards};
}

/** A section's place: what a record has but its type and content. */
export type SectionPlace = Omit<IndexedRecord, 'type' | 'content'>;

/** A loaded index: sections ranked for a query, where they are, and their records. */
export interface LoadedIndex {
  /** Fetches the postings a query needs that are not there yet (each term shard once; a failed fetch is tried again next time); stops when `signal` aborts, and a fetch no other caller waits for is aborted. */
  load(query: string, signal?: AbortSignal): Promise<void>;
  /** Section numbers, best first, with the query terms each matched, from the postings `load` fetched for this query (an error when it has not). */
  search(query: string): {section: number; terms: string[]}[];
  /** Where a section is: the same object each time, since every keystroke asks it of every matching section. */
  placeOf(section: number): SectionPlace;
  /** The record shard a section's records are in. */
  recordShardOf(section: number): number;
  /** A section's records, from its shard (fetched once; a failed or aborted fetch is tried again next time); stops as `load` does when `signal` aborts. */
  recordsOf(section: number, signal?: AbortSignal): Promise<IndexedRecord[]>;
}

/** A word's postings as MiniSearch keeps them: per field id, per section, the count of the word. */
type FieldTermData = Map<number, Map<number, number>>;

/**
 * The tree of words a MiniSearch index searches (prefix and typos included),
 * with each word's postings. MiniSearch loads postings only all at once, from
 * its serialized form, so the postings of words fetched later go in here.
 */
const termTree = (index: MiniSearch) => (index as unknown as {_index: TermTree})._index;

/** What the engine uses of MiniSearch's tree of words (its SearchableMap): adding a word's postings, and the words that begin alike. */
interface TermTree {
  set(term: string, data: FieldTermData): void;
  atPrefix(prefix: string): {keys(): Iterable<string>};
}

/** A section as MiniSearch's evaluation of a query leaves it: its score, the query's words it matched, and per index word that matched them, the fields. */
interface Evaluated {
  score: number;
  terms: string[];
  match: Record<string, string[]>;
}

/**
 * What the engine uses of MiniSearch's search, private in its types: a
 * query's evaluation before ranking, to evaluate each group of a query once,
 * for the sections with all groups and those with some, and again only when
 * the next keystroke changes it (see `search`).
 */
interface QueryEvaluation {
  executeQuery(query: Query, options: SearchOptions): Map<number, Evaluated>;
}
const evaluation = (index: MiniSearch) => index as unknown as QueryEvaluation;

/** A section the query matched: its score and the index's words that matched. */
interface Hit {
  section: number;
  score: number;
  terms: string[];
  /** Per index word that matched, the fields it matched in. */
  match: Record<string, string[]>;
}

/**
 * The groups' evaluations combined as MiniSearch's search combines the parts
 * of a query and ranks the result, to the same order and the same last bit of
 * each score, but without changing the evaluations, which the next keystroke
 * reuses: the sections with every group (`every`) or with any. A section's
 * score is its groups' scores added in order, times the number of the query's
 * words it matched; sections come in the order MiniSearch's combination
 * leaves them (for every group, the last group's; for any, each group's new
 * sections after the ones before), then best first by a stable sort.
 */
function combinedHits(evaluated: Map<number, Evaluated>[], every: boolean): Hit[] {
  // A query of no words (only words such as "how" and "the") matches nothing.
  if (evaluated.length === 0) return [];
  const sections = every
    ? [...evaluated[evaluated.length - 1].keys()].filter((section) => evaluated.every((group) => group.has(section)))
    : [...new Set(evaluated.flatMap((group) => [...group.keys()]))];
  return sections
    .map((section) => {
      let score = 0;
      const terms: string[] = [];
      const match: Record<string, string[]> = {};
      for (const group of evaluated) {
        const hit = group.get(section);
        if (hit === undefined) continue;
        score += hit.score;
        for (const term of hit.terms) if (!terms.includes(term)) terms.push(term);
        Object.assign(match, hit.match);
      }
      return {section, score: score * (terms.length || 1), terms: Object.keys(match), match};
    })
    .sort((a, b) => b.score - a.score);
}

/** Whether a section's matches include an identifier it defines (see DEFINES). */
const definesAny = (match: Record<string, string[]>) => Object.values(match).some((fields) => fields.includes(DEFINES));

/** The last shard before a position, of shards listed by their first item in order. */
function shardAt(starts: ShardStart[], position: number): number {
  let shard = starts.length - 1;
  while (starts[shard].first > position) shard--;
  return shard;
}

export function loadSearchIndex(file: SearchIndexFile, loadShard: (file: string, signal?: AbortSignal) => Promise<unknown>): LoadedIndex {
  const documentIds = Object.fromEntries(Array.from({length: file.index.nextId}, (_, id) => [id, id]));
  // Every word, in the order MiniSearch would load them (so prefix and typo matches come in the same order and scores add up alike), each with postings empty until its shard comes.
  const index = MiniSearch.loadJS({...file.index, documentIds, index: []}, indexOptions);
  const postings = file.terms.map((term) => {
    const data: FieldTermData = new Map();
    termTree(index).set(term, data);
    return data;
  });
  // The same words in an index of one section that has every word in every field: which words a query matches, before their postings are there.
  const fields = Object.values(file.index.fieldIds);
  const vocabulary = MiniSearch.loadJS(
    {
      documentCount: 1,
      nextId: 1,
      documentIds: {0: 0},
      fieldIds: file.index.fieldIds,
      fieldLength: {0: fields.map(() => 1)},
      averageFieldLength: fields.map(() => 1),
      storedFields: {},
      index: [],
      serializationVersion: file.index.serializationVersion,
    },
    indexOptions,
  );
  const everywhere: FieldTermData = new Map(fields.map((field) => [field, new Map([[0, 1]])]));
  for (const term of file.terms) termTree(vocabulary).set(term, everywhere);
  const termPositions = new Map(file.terms.map((term, position) => [term, position]));
  const loadedTermShards = new Set<number>();
  const termShards = file.termShards.map(({file: shardFile, first}, shardNumber) =>
    loadOnceWhileWanted(async (signal) => {
      const shard = (await loadShard(shardFile, signal)) as TermShard;
      shard.forEach((encoded, offset) => {
        for (const [field, sections] of decodePostings(encoded)) postings[first + offset].set(field, sections);
      });
      loadedTermShards.add(shardNumber);
    }),
  );
  const recordShards = file.shards.map(({file: shardFile}) => loadOnceWhileWanted((signal) => loadShard(shardFile, signal) as Promise<RecordShard>));
  const string = (position: number) => (position < 0 ? null : file.strings[position]);
  const placeOf = cached((section: number): SectionPlace => {
    const [url, language, tag, ...levels] = file.sections[section];
    return {
      url: string(url)!,
      language: string(language)!,
      docusaurus_tag: string(tag)!,
      hierarchy: Object.fromEntries(LEVELS.map((level, position) => [level, string(levels[position])])) as IndexedRecord['hierarchy'],
    };
  });
  // A section's deepest heading, as a string position (its own title, or the page's for the top of a page), whether it is a status line, and its page's title
  // and operation as one number (what they say of a query together), worked out once: ranking asks them of every hit of every keystroke.
  const titleKeys = file.strings.length + 1;
  const ownHeading = file.sections.map(
    (levels) =>
      levels
        .slice(4)
        .filter((position) => position >= 0)
        .pop() ?? -1,
  );
  const isStatusLine = ownHeading.map((heading) => STATUS_LINE.test(string(heading) ?? ''));
  // The template's sections, as the build weighed them down: the boosts say how much, not why.
  const isTemplate = templateSections(
    file.sections.map((levels, section) => ({
      page: string(levels[0])!.split('#')[0],
      heading: levels.slice(5).some((position) => position >= 0) ? string(ownHeading[section]) : null,
    })),
  );
  const titleKey = file.sections.map((levels, section) => levels[4] * titleKeys + file.operations[section] + 1);
  // The words of a title or heading, by string position, worked out once: ranking asks for them on every hit of every keystroke, and many sections share them.
  const wordsAt = cached((position: number) => wordsOf(string(position) ?? ''));
  // Whether the index holds a word exactly, as a query would ask for it.
  const has = (word: string) => {
    const term = processTerm(word);
    return term !== null && termPositions.has(term);
  };
  // The index's words of a word's stem, other than the word: a stem is its words' beginning, but for its last letter at most ("happi", "happy"), so they are among the words that begin as it does.
  const sameStem = cached((term: string): string[] => {
    const stem = stemOf(term);
    const start = stem.slice(0, Math.max(3, stem.length - 1));
    return [...termTree(vocabulary).atPrefix(start).keys()].filter((other) => other !== term && stemOf(other) === stem);
  });
  // The evaluation of each group of the last query searched, by key: the next keystroke's groups are mostly the same.
  let evaluations = new Map<string, Map<number, Evaluated>>();
  // The query's groups and the term shards its words need, for the last query: loading and searching ask for both.
  let last: {query: string; groups: QueryGroup[]; termShards: number[]} | undefined;
  // The term shards of the words a query can match (the vocabulary's one section matches every word a query can).
  const shardsOfWords = (query: Query) =>
    (vocabulary.search(query, searchOptions)[0]?.terms ?? []).map((term) => shardAt(file.termShards, termPositions.get(term)!));
  // The term shards each group of the last query needs, by key: the vocabulary does not change, and the next keystroke's groups are mostly the same.
  let groupShards = new Map<string, number[]>();
  const needs = (query: string) => {
    if (last?.query !== query) {
      const groups = queryGroups(query, has, sameStem);
      const kept = new Map<string, number[]>();
      for (const {query: groupQuery, key} of groups) kept.set(key, kept.get(key) ?? groupShards.get(key) ?? shardsOfWords(groupQuery));
      groupShards = kept;
      last = {query, groups, termShards: [...new Set([...kept.values()].flat())]};
    }
    return last;
  };
  return {
    load: async (query, signal) => {
      await Promise.all(needs(query).termShards.map((shard) => termShards[shard](signal)));
    },
    search: (query) => {
      // Without its postings a query would rank as if its words were in no section: a caller's mistake, not an answer.
      if (needs(query).termShards.some((shard) => !loadedTermShards.has(shard))) throw new Error(`search: the postings of "${query}" are not loaded yet`);
      const options = {...searchOptions, boostDocument: (id: unknown) => file.boosts[id as number]};
      const {groups} = needs(query);
      // What a title or heading says of this query, once per title or heading: the sections of a page share its title.
      // An operation page's title names the query with its operation's method and path too ("Get the risk trend", GET dashboards risk_trend, names "dashboards risk trend"),
      // without the weight of a title that is mostly the query, which is the title's alone: the pages under one path ("List discovered assets") stay below "Asset discovery API".
      const titleWeight = cached((key: number) => {
        const [position, operation] = [Math.floor(key / titleKeys), (key % titleKeys) - 1];
        const title = wordsAt(position);
        if (namesEveryGroup(title, groups)) return TITLE_NAMES_QUERY * (1 + titlePrecision(title, groups));
        return operation >= 0 && namesEveryGroup([...title, ...wordsAt(operation)], groups) ? TITLE_NAMES_QUERY : 1;
      });
      const headingNamesQuery = cached((position: number) => namesEveryGroup(wordsAt(position), groups));
      // A hit's score, times `weight`, as what its title and heading say of the query weigh it.
      const scored = (hits: Hit[], weight: number) =>
        hits.map((hit) => {
          const {section} = hit;
          const heading = ownHeading[section];
          let score = hit.score * weight;
          if (coversHeading(wordsAt(heading), hit.terms)) score *= HEADING_NAMED;
          const titleNamesQuery = titleWeight(titleKey[section]);
          if (titleNamesQuery > 1) score *= titleNamesQuery;
          else if (headingNamesQuery(heading)) score *= HEADING_NAMES_QUERY;
          if (isStatusLine[section]) score *= STATUS_SECTION;
          // A template's section that defines an identifier of the query ("team_id" under "Body") is not weighed down: what it defines is its page's own, not the template's
          // (the identifiers most pages define, such as a response header, are no section's definitions), so the operation page that defines a field comes before a page that mentions it.
          if (isTemplate[section] && definesAny(hit.match)) score /= TEMPLATE_SECTION;
          return {section, terms: hit.terms, score};
        });
      const best = (ranked: {section: number; terms: string[]; score: number}[]) =>
        ranked.sort((a, b) => b.score - a.score).map(({section, terms}) => ({section, terms}));
      // Each group evaluated once, as MiniSearch evaluates the parts of a query, or taken from the last keystroke's when it is the same query:
      // its words' postings are loaded, and stay as they are.
      const kept = new Map<string, Map<number, Evaluated>>();
      const evaluated = groups.map(({query: groupQuery, key}) => {
        const sections = kept.get(key) ?? evaluations.get(key) ?? evaluation(index).executeQuery(groupQuery, {...options, combineWith: 'AND'});
        kept.set(key, sections);
        return sections;
      });
      evaluations = kept;
      const all = scored(combinedHits(evaluated, true), 1);
      if (groups.length < 2) return best(all);
      // A word no page has, even with a typo's tolerance, is the reader's to fix: the pages say so and offer the words that find something.
      if (all.length === 0 && evaluated.some((sections) => sections.size === 0)) return [];
      // The sections with only some of the words too, weighed down, so a question worded unlike the pages still finds them, and a page whose title names most of the query can come before one that says every word in passing.
      const found = new Set(all.map(({section}) => section));
      const some = scored(
        combinedHits(evaluated, false).filter((hit) => !found.has(hit.section)),
        SOME_WORDS,
      );
      return best([...all, ...some]);
    },
    placeOf,
    recordShardOf: (section) => shardAt(file.shards, section),
    recordsOf: async (section, signal) => {
      const shard = shardAt(file.shards, section);
      const records = (await recordShards[shard](signal))[section - file.shards[shard].first];
      const place = placeOf(section);
      return records.map(([type, content]) => ({...place, type: TYPES[type], content}));
    },
  };
}
