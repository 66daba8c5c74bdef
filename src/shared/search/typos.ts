/**
 * The hosted service counts a swap of neighbouring letters as one typo, so this does too.
 */
import {cached} from '../cached';

export const TYPO_LENGTH = 5;
export const TYPO_SHARE = 0.2;
/** A four-letter word has few neighbours at one edit but many at any ("one" for "once"). */
export const TRANSPOSITION_LENGTH = 4;
/** Enough for the words of the last few queries, each typed a letter at a time. */
const TYPED_WORDS_KEPT = 256;

export const transpositions = (word: string): string[] =>
  [...word.slice(1)].map((_, at) => `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`).filter((swapped) => swapped !== word);

const allowedTypos = (word: string) => (word.length >= TYPO_LENGTH ? Math.round(word.length * TYPO_SHARE) : word.length >= TRANSPOSITION_LENGTH ? 1 : 0);

/**
 * Optimal string alignment distance; words too far apart in length are answered
 * without the table, since ranking asks this of every title word of every hit.
 */
function withinTypos(a: string, b: string, limit: number): boolean {
  if (limit === 0 || Math.abs(a.length - b.length) > limit) return a === b;
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
 * Cached per pair: ranking asks it of each title and heading word of a query's
 * hits at every keystroke. Bounded to the words last typed, not every word of a
 * long visit.
 */
export const typoOf = cached((word: string) => cached((textWord: string) => withinTypos(textWord, word, allowedTypos(word))), TYPED_WORDS_KEPT);
