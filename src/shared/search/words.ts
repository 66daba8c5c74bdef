/**
 * Words as the search reads them, in pages and in queries alike: where a text
 * splits into words, which words are identifiers (`scan_profile_id`,
 * `Retry-After`, `--wait`), which carry no meaning, and the form the index
 * keeps a word in (lower case, singular) and its stem.
 */
import pluralize from 'pluralize';
import {stemmer} from 'stemmer';

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
export const SEPARATORS = /[\s,;:()[\]{}"'`<>!?/=|]+/;

/** A query's words, identifiers whole only: `team_id` asks for that field, not for every page about teams. */
export const queryTokenize = (text: string): string[] =>
  text
    .split(SEPARATORS)
    .map((word) => word.replace(/[.#*-]+$/, '').replace(/^(?!--[a-z])[.#*-]+/i, ''))
    .filter(Boolean);

/** A word's parts: an identifier such as `scan_profile_id` or `Retry-After` has several, any other word one. */
export const partsOf = (word: string): string[] => word.split(/[._-]+/).filter(Boolean);

/** Whether a word is an identifier written whole: with dots, underscores or hyphens between its parts, or a command-line option (`--wait`). */
export const isIdentifier = (word: string) => partsOf(word).length > 1 || word.startsWith('--');

/** A word's parts, and two words joined by a hyphen also as one ("re-test" is also "retest", "log-out" "logout"), as readers write them either way. */
export const wordsOfWord = (word: string): string[] => {
  const parts = partsOf(word);
  return /^[a-z]+-[a-z]+$/i.test(word) ? [...parts, parts.join('')] : parts;
};

/** A text's words, and identifiers such as `scan_profile_id` or `Retry-After` also whole, so an exact field name outranks its parts. */
const tokenize = (text: string): string[] => queryTokenize(text).flatMap((word) => (isIdentifier(word) ? [word, ...wordsOfWord(word)] : [word]));

/** An identifier as readers may type it: a command-line option with or without its dashes when it has parts (`--fail-on`, `fail-on`). */
export const identifierForms = (identifier: string): string[] => {
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

/** A text's words as the index keeps them. */
export const wordsOf = (text: string): string[] =>
  tokenize(text)
    .map(processTerm)
    .filter((word): word is string => word !== null);
