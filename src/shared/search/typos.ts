/**
 * The typos a word of a query may hold: one per five letters (two from
 * eight), or, from four letters, two neighbouring letters swapped ("scna" for
 * "scan"), as the hosted service counts a swap as one typo.
 */
import {cached} from '../cached';

/** Words this long or longer may hold a typo. */
export const TYPO_LENGTH = 5;
/** Typos per letter of a word that long: one from five letters, two from eight. */
export const TYPO_SHARE = 0.2;
/** Words this long or longer may have two neighbouring letters swapped ("scna" for "scan"): a four-letter word has few neighbours at one edit but many, such as "one" for "once", at any. */
export const TRANSPOSITION_LENGTH = 4;
/** The typed words whose typo answers are kept (typoOf): the words of the last few queries, each typed a letter at a time. */
const TYPED_WORDS_KEPT = 256;

/** A word with each pair of neighbouring letters swapped: "pasue" gives "pause". */
export const transpositions = (word: string): string[] =>
  [...word.slice(1)].map((_, at) => `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`).filter((swapped) => swapped !== word);

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

/**
 * Whether a text's word is a word of the query despite its typos, worked out
 * once per pair: ranking asks it of each word of each title and heading of a
 * query's hits, many of which share words, and a word being typed is not in
 * the index, so takes typos, at every keystroke. The pairs are the words a
 * reader types and the index's words; the answers are kept for the words last
 * typed (each keystroke types a new one), not for every word of a long visit.
 */
export const typoOf = cached((word: string) => cached((textWord: string) => withinTypos(textWord, word, allowedTypos(word))), TYPED_WORDS_KEPT);
