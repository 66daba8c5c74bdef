/**
 * A query as MiniSearch reads it: one group per word a reader meant, each a
 * MiniSearch query of the ways a text may say it (as typed, as a prefix, with
 * typos or two letters swapped, by a synonym, split or joined, by another
 * word of its stem), each way weighed against the word as typed.
 */
import type {Query} from 'minisearch';
import {IDENTIFIERS, DEFINES, TEXT_FIELDS} from './minisearch-options';
import {SYNONYMS} from './synonyms';
import {TRANSPOSITION_LENGTH, transpositions} from './typos';
import {isIdentifier, partsOf, processTerm, queryTokenize, SEPARATORS} from './words';

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

/** Words this long or shorter match as a prefix only while the reader types them: once a space follows, "all" is not "allowed". */
const SHORT_WORD_LENGTH = 3;

/** How much a word with two letters swapped weighs against the word as typed. */
const TRANSPOSITION_WEIGHT = 0.5;

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
