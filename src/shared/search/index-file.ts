/**
 * What the build writes for the local search and the browser fetches: the
 * index file, which every query needs (the index's words, the statistics
 * ranking needs, the sections' places in the site), and the shards it names,
 * fetched as queries need them: term shards, the postings of consecutive
 * words, and record shards, the records of whole pages. So the first results
 * cost the index and a few shards, not every word's postings and every page's
 * text.
 */
import type {AsPlainObject} from 'minisearch';
import {LEVELS, type Level} from './hierarchy';

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

/** A record's types, by their position in a record shard. */
export const TYPES: IndexedRecord['type'][] = [...LEVELS, 'content'];

/** A section's place: what a record has but its type and content. */
export type SectionPlace = Omit<IndexedRecord, 'type' | 'content'>;

/** A section's records in page order: type (position in TYPES), then content. */
export type SectionRecords = [number, string | null][];

/** A shard: the records of consecutive sections, from whole pages. */
export type RecordShard = SectionRecords[];

/**
 * A word's postings, compact: for each field that has it, the field's id, the
 * number of sections (negative when their counts follow), the gaps between
 * the section numbers, then the counts of the word in each unless all are 1
 * (./postings.ts).
 */
export type TermPostings = number[];

/** A term shard: the postings of consecutive words of the index's vocabulary. */
export type TermShard = TermPostings[];

/** Where consecutive sections' records, or consecutive words' postings, are: the shard's file (site path) and its first item, in order. */
export interface ShardStart {
  file: string;
  first: number;
}

/** The kinds of shard the index names: record shards and term shards. */
export type ShardKind = 'records' | 'terms';

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
