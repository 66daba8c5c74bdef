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

export interface LoadedIndex {
  /** A fetch no other caller waits for is aborted with `signal`. */
  load(query: string, signal?: AbortSignal): Promise<void>;
  /** Throws when `load` has not fetched this query's postings. */
  search(query: string): {section: number; terms: string[]}[];
  /** The same object each time, since every keystroke asks it of every matching section. */
  placeOf(section: number): SectionPlace;
  recordShardOf(section: number): number;
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
  // Kept for the next keystroke, whose groups are mostly the same.
  let evaluations = new Map<string, Map<number, Evaluated>>();
  let last: {query: string; groups: QueryGroup[]; words: Map<string, QueryWords>; termShards: number[]} | undefined;
  const needs = (query: string) => {
    if (last?.query !== query) {
      const groups = queryGroups(query, terms.has, sameStem);
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
