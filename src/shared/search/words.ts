/**
 * Words as the search reads them, in pages and queries alike.
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
  // Quantifiers and a verb of looking name nothing a page is about ("restrict a key to some targets").
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

export const SEPARATORS = /[\s,;:()[\]{}"'`<>!?/=|]+/;

/** Identifiers whole only: `team_id` asks for that field, not every page about teams. */
export const queryTokenize = (text: string): string[] =>
  text
    .split(SEPARATORS)
    .map((word) => word.replace(/[.#*-]+$/, '').replace(/^(?!--[a-z])[.#*-]+/i, ''))
    .filter(Boolean);

export const partsOf = (word: string): string[] => word.split(/[._-]+/).filter(Boolean);

export const isIdentifier = (word: string) => partsOf(word).length > 1 || word.startsWith('--');

/** Hyphenated words also joined ("re-test" is "retest"), as readers write them either way. */
export const wordsOfWord = (word: string): string[] => {
  const parts = partsOf(word);
  return /^[a-z]+-[a-z]+$/i.test(word) ? [...parts, parts.join('')] : parts;
};

/** Identifiers also whole, so an exact field name outranks its parts. */
const tokenize = (text: string): string[] => queryTokenize(text).flatMap((word) => (isIdentifier(word) ? [word, ...wordsOfWord(word)] : [word]));

export const identifierForms = (identifier: string): string[] => {
  const bare = identifier.replace(/^--/, '');
  return bare !== identifier && isIdentifier(bare) ? [identifier, bare] : [identifier];
};

/** Identifiers and numbers stay as written. */
const hasPlural = (word: string) => /^[a-z]{4,}$/.test(word);

/** How a text may write an indexed word, singular or plural, for highlighting. */
export const termForms = (term: string): string[] => (hasPlural(term) ? [...new Set([term, pluralize.plural(term)])] : [term]);

export const processTerm = (term: string): string | null => {
  const lower = term.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  return hasPlural(lower) ? pluralize.singular(lower) : lower;
};

/** Porter's stem; identifiers, numbers and short words stay as written. */
export const stemOf = (term: string): string => (hasPlural(term) ? stemmer(term) : term);

export const wordsOf = (text: string): string[] =>
  tokenize(text)
    .map(processTerm)
    .filter((word): word is string => word !== null);
