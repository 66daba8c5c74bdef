/**
 * How MiniSearch reads a section and a query: the fields of a section, how
 * each is cut into words, and the options every search runs with (prefix
 * from the third letter, typos, field weights).
 */
import type {Options, SearchOptions} from 'minisearch';
import {TYPO_LENGTH, TYPO_SHARE} from './typos';
import {identifierForms, isIdentifier, processTerm, queryTokenize, wordsOfWord} from './words';

/** The field of a section's identifiers, written whole, from its title, heading and text. */
export const IDENTIFIERS = 'identifiers';
/** The field of the identifiers a section defines. */
export const DEFINES = 'defines';
/** The fields of a section's words. */
export const TEXT_FIELDS = ['site', 'title', 'heading', 'content'];

/**
 * A section as the index reads it: the part of the site its page sits in (on
 * the top of a page only, where the hosted index would find it too, so the
 * modal's "Try searching for" suggestions find something), its page's title,
 * its own heading (below the title) and its text.
 */
export interface SectionDocument {
  id: number;
  site: string;
  title: string;
  heading: string;
  content: string;
  /** The identifiers its records begin with: the fields, parameters and headers its tables and lists define ("team_id: Identifier of the team"), but those most pages define (see ./build-index.ts). */
  defines: string;
}

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

export const indexOptions: Options<SectionDocument> = {
  fields: [...TEXT_FIELDS, IDENTIFIERS, DEFINES],
  extractField: (document, field) =>
    field === IDENTIFIERS ? `${document.title} ${document.heading} ${document.content}` : String(document[field as keyof SectionDocument]),
  idField: 'id',
  tokenize: tokenizeField,
  processTerm,
};

/** Prefix search from the third letter, and one typo per five letters; a match in a title or heading weighs more than in text. */
export const searchOptions: SearchOptions = {
  tokenize: queryTokenize,
  boost: {site: 0.5, title: 3, heading: 2},
  prefix: (term) => term.length > 2,
  fuzzy: (term) => (term.length >= TYPO_LENGTH ? TYPO_SHARE : false),
};
