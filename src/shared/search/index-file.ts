/**
 * The local search's files: the index file every query needs, and shards fetched
 * as queries need them, so the first results cost the index and a few shards
 * rather than every posting and page.
 */
import type {AsPlainObject} from 'minisearch';
import {LEVELS, type Level} from './hierarchy';

/** DocSearch's record without what can be derived or is not searched. */
export interface IndexedRecord {
  type: Level | 'content';
  hierarchy: Record<Level, string | null>;
  content: string | null;
  url: string;
  language: string;
  docusaurus_tag: string;
}

export const TYPES: IndexedRecord['type'][] = [...LEVELS, 'content'];

export type SectionPlace = Omit<IndexedRecord, 'type' | 'content'>;

/** Type (position in TYPES), then content. */
export type SectionRecords = [number, string | null][];

export type RecordShard = SectionRecords[];

/**
 * Compact postings, decoded by ./postings.ts.
 */
export type TermPostings = number[];

export type TermShard = TermPostings[];

export interface ShardStart {
  file: string;
  first: number;
}

export type ShardKind = 'records' | 'terms';

/** Without the identity map of document ids, which load rebuilds. */
export type IndexStatistics = Omit<AsPlainObject, 'index' | 'documentIds'>;

export interface SearchIndexFile {
  strings: string[];
  /** Per section: url, language, tag and lvl0..lvl6 as string positions (-1 for null). */
  sections: number[][];
  boosts: number[];
  /** Per section, its page's operation without the common base path, as a string position; -1 when none. */
  operations: number[];
  /** The record shards: each one's file and its first section, in section order. */
  shards: ShardStart[];
  /** In MiniSearch's serialized order, where words of one prefix are consecutive. */
  terms: string[];
  termShards: ShardStart[];
  index: IndexStatistics;
}

export interface PageOperation {
  method: string;
  path: string;
}
