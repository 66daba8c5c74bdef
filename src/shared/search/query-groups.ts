/** A query as MiniSearch reads it: one group per word a reader meant, each a query of the ways a text may say it, weighed against the word as typed. */
import type {Query} from 'minisearch';
import {IDENTIFIERS, DEFINES, TEXT_FIELDS} from './minisearch-options';
import {SYNONYMS} from './synonyms';
import {TRANSPOSITION_LENGTH, transpositions} from './typos';
import {isIdentifier, partsOf, processTerm, queryTokenize, SEPARATORS} from './words';

/** Synonyms in the index's word form, so a plural key ("devops") matches. */
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

const synonymsOf = (term: string): string[][] => synonymTable.get(term) ?? [];

/** Once a space follows, "all" is not "allowed". */
const SHORT_WORD_LENGTH = 3;

const TRANSPOSITION_WEIGHT = 0.5;

const ALTERNATIVE_WEIGHT = 0.7;

/** Only in titles and headings: in running text the words of a common stem ("scan", "scanning") add up on every page that mentions them. */
const STEM_WEIGHT = 0.2;
const STEM_FIELDS = ['title', 'heading'];

/** A swap of neighbouring letters is one typo to the hosted service but two edits to MiniSearch, hence its own query. */
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

const sameStemQuery = (words: string[]): Query => ({
  combineWith: 'OR',
  queries: words,
  fields: STEM_FIELDS,
  fuzzy: false,
  prefix: false,
  boostTerm: () => STEM_WEIGHT,
});

const alternative = (words: string[]): Query => ({
  combineWith: 'AND',
  queries: words,
  fields: TEXT_FIELDS,
  fuzzy: false,
  prefix: false,
  boostTerm: () => ALTERNATIVE_WEIGHT,
});

export interface QueryGroup {
  query: Query;
  forms: string[][];
  misspelt: boolean;
  asPrefix: boolean;
  /** Groups of one key ask one query of an index. */
  key: string;
}

/**
 * Besides synonyms: a word the index lacks split in two it has ("loginsequence"),
 * two words joined when the index has them as one ("web hook"), and the index's
 * other words of its stem.
 */
export function queryGroups(query: string, has: (word: string) => boolean, sameStem: (term: string) => string[] = () => []): QueryGroup[] {
  const tokens = queryTokenize(query);
  const words = tokens.filter((word) => processTerm(word) !== null);
  const typing = SEPARATORS.test(query.slice(-1)) ? undefined : tokens.length - 1;
  const groups: QueryGroup[] = [];
  let position = -1;
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at];
    position = tokens.indexOf(word, position + 1);
    // A short word the reader finished ("all" in "cancel all running scans") is not the beginning of "allowed".
    const asPrefix = position === typing || processTerm(word)!.length > SHORT_WORD_LENGTH;
    const alternatives: Query[] = [wordQuery(word, asPrefix)];
    const term = processTerm(word)!;
    const synonyms = synonymsOf(term);
    for (const synonym of synonyms) alternatives.push(alternative(synonym));
    const next = words[at + 1];
    const joined = next === undefined ? undefined : `${term}${processTerm(next)}`;
    if (joined !== undefined && /^[a-z]+$/.test(joined) && (has(joined) || synonymsOf(joined).length > 0)) {
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
    // A one-letter part (the "x" of `x-required-permission`) names nothing, and few texts write it as a word.
    const identifierParts = partsOf(term).filter((part) => part.length > 1 && processTerm(part) !== null);
    const parts = has(term) ? [] : identifierParts.length > 1 ? [identifierParts] : /^[a-z]{6,}$/.test(term) ? splits(term, has) : [];
    alternatives.push(...parts.map(alternative));
    // Words the stem begins with are prefix matches already.
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

function splits(word: string, has: (word: string) => boolean): string[][] {
  const found: string[][] = [];
  for (let cut = 3; cut <= word.length - 3; cut += 1) {
    const [left, right] = [word.slice(0, cut), word.slice(cut)];
    const rightTerm = processTerm(right);
    if (rightTerm !== null && has(left) && has(rightTerm)) found.push([left, rightTerm]);
  }
  return found;
}
