import type {Options, SearchOptions} from 'minisearch';
import {TYPO_LENGTH, TYPO_SHARE} from './typos';
import {identifierForms, isIdentifier, processTerm, queryTokenize, wordsOfWord} from './words';

export const IDENTIFIERS = 'identifiers';
export const DEFINES = 'defines';
export const TEXT_FIELDS = ['site', 'title', 'heading', 'content'];

/** lvl0 only on the top of a page, as the hosted index finds it, so the modal's "Try searching for" suggestions find something. */
export interface SectionDocument {
  id: number;
  site: string;
  title: string;
  heading: string;
  content: string;
  /** Identifiers most pages define are left out (see ./build-index.ts). */
  defines: string;
}

/**
 * Identifiers go whole into a field of their own, so a query word matched as a
 * prefix ("finding") does not also match every identifier starting with it and
 * outweigh the pages about the word.
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

export const searchOptions: SearchOptions = {
  tokenize: queryTokenize,
  boost: {site: 0.5, title: 3, heading: 2},
  prefix: (term) => term.length > 2,
  fuzzy: (term) => (term.length >= TYPO_LENGTH ? TYPO_SHARE : false),
};
