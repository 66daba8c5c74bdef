/**
 * A word's postings as MiniSearch serializes them and in the term shards' more compact form.
 */
import type {TermPostings} from './index-file';

export type SerializedPostings = Record<string, Record<string, number>>;

export function encodePostings(fields: SerializedPostings): TermPostings {
  return Object.entries(fields).flatMap(([field, counts]) => {
    const sections = Object.keys(counts).map(Number);
    const frequencies = sections.map((section) => counts[section]);
    const allOnce = frequencies.every((count) => count === 1);
    const gaps = sections.map((section, at) => section - (at === 0 ? 0 : sections[at - 1]));
    return [Number(field), allOnce ? sections.length : -sections.length, ...gaps, ...(allOnce ? [] : frequencies)];
  });
}

export function decodePostings(encoded: TermPostings): SerializedPostings {
  const fields: SerializedPostings = {};
  let at = 0;
  while (at < encoded.length) {
    const field = encoded[at];
    const count = Math.abs(encoded[at + 1]);
    const counted = encoded[at + 1] < 0;
    const sections: Record<string, number> = {};
    let section = 0;
    for (let position = 0; position < count; position += 1) {
      section += encoded[at + 2 + position];
      sections[section] = counted ? encoded[at + 2 + count + position] : 1;
    }
    fields[field] = sections;
    at += 2 + (counted ? 2 * count : count);
  }
  return fields;
}
