/**
 * The browser's half of the local search: the index file loaded, each query's
 * term shards fetched, its sections ranked, and the records of the hits
 * shown fetched from their record shards.
 */
import type {SearchOptions} from 'minisearch';
import {cached} from '../cached';
import {loadOnceWhileWanted} from '../load-once';
import {LEVELS} from './hierarchy';
import {TYPES, type IndexedRecord, type RecordShard, type SearchIndexFile, type SectionPlace} from './index-file';
import {searchOptions} from './minisearch-options';
import {queryGroups, type QueryGroup} from './query-groups';
import {rankedSections, sectionFacts, type Evaluated} from './ranking';
import {shardAt} from './shards';
import {termIndex, type QueryWords} from './term-index';

/** A loaded index: sections ranked for a query, where they are, and their records. */
export interface LoadedIndex {
  /** Fetches the postings a query needs that are not there yet (each term shard once; a failed fetch is tried again next time); stops when `signal` aborts, and a fetch no other caller waits for is aborted. */
  load(query: string, signal?: AbortSignal): Promise<void>;
  /** Section numbers, best first, with the query terms each matched, from the postings `load` fetched for this query (an error when it has not). */
  search(query: string): {section: number; terms: string[]}[];
  /** Where a section is: the same object each time, since every keystroke asks it of every matching section. */
  placeOf(section: number): SectionPlace;
  /** The record shard a section's records are in. */
  recordShardOf(section: number): number;
  /** A section's records, from its shard (fetched once; a failed or aborted fetch is tried again next time); stops as `load` does when `signal` aborts. */
  recordsOf(section: number, signal?: AbortSignal): Promise<IndexedRecord[]>;
}

export function loadSearchIndex(file: SearchIndexFile, loadShard: (file: string, signal?: AbortSignal) => Promise<unknown>): LoadedIndex {
  const terms = termIndex(file, loadShard);
  const recordShards = file.shards.map(({file: shardFile}) => loadOnceWhileWanted((signal) => loadShard(shardFile, signal) as Promise<RecordShard>));
  const string = (position: number) => (position < 0 ? null : file.strings[position]);
  const placeOf = cached((section: number): SectionPlace => {
    const [url, language, tag, ...levels] = file.sections[section];
    return {
      url: string(url)!,
      language: string(language)!,
      docusaurus_tag: string(tag)!,
      hierarchy: Object.fromEntries(LEVELS.map((level, position) => [level, string(levels[position])])) as IndexedRecord['hierarchy'],
    };
  });
  const facts = sectionFacts(file);
  const sameStem = cached(terms.sameStem);
  // The evaluation of each group of the last query searched, by key: the next keystroke's groups are mostly the same.
  let evaluations = new Map<string, Map<number, Evaluated>>();
  // The query's groups and the words each can match, for the last query: loading and searching ask for both.
  let last: {query: string; groups: QueryGroup[]; words: Map<string, QueryWords>; termShards: number[]} | undefined;
  const needs = (query: string) => {
    if (last?.query !== query) {
      const groups = queryGroups(query, terms.has, sameStem);
      // The vocabulary does not change, and the next keystroke's groups are mostly the same.
      const words = new Map<string, QueryWords>();
      for (const {query: groupQuery, key} of groups) words.set(key, words.get(key) ?? last?.words.get(key) ?? terms.wordsOf(groupQuery));
      last = {query, groups, words, termShards: [...new Set([...words.values()].flatMap(({termShards}) => termShards))]};
    }
    return last;
  };
  return {
    load: async (query, signal) => {
      await Promise.all(needs(query).termShards.map((shard) => terms.loadShard(shard, signal)));
    },
    search: (query) => {
      const {groups, words, termShards} = needs(query);
      // Without its postings a query would rank as if its words were in no section: a caller's mistake, not an answer.
      if (termShards.some((shard) => !terms.isLoaded(shard))) throw new Error(`search: the postings of "${query}" are not loaded yet`);
      const options: SearchOptions = {...searchOptions, boostDocument: (id: unknown) => file.boosts[id as number], combineWith: 'AND'};
      // Each group evaluated once, or taken from the last keystroke's when it is the same: its words' postings are loaded, and stay as they are.
      const kept = new Map<string, Map<number, Evaluated>>();
      const evaluated = groups.map(({query: groupQuery, key}) => {
        const sections = kept.get(key) ?? evaluations.get(key) ?? terms.evaluate(groupQuery, words.get(key)!, options);
        kept.set(key, sections);
        return sections;
      });
      evaluations = kept;
      return rankedSections(evaluated, groups, facts);
    },
    placeOf,
    recordShardOf: (section) => shardAt(file.shards, section),
    recordsOf: async (section, signal) => {
      const shard = shardAt(file.shards, section);
      const records = (await recordShards[shard](signal))[section - file.shards[shard].first];
      const place = placeOf(section);
      return records.map(([type, content]) => ({...place, type: TYPES[type], content}));
    },
  };
}
