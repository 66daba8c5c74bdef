/**
 * MiniSearch loads an index whole, so each query group is evaluated by
 * MiniSearch's own search over an index of just the words it can match and the
 * sections holding them, which is all its evaluation reads: same statistics, same
 * sections and scores as the whole index.
 */
import MiniSearch, {type AsPlainObject, type Query, type SearchOptions} from 'minisearch';
import {loadOnceWhileWanted} from '../load-once';
import type {SearchIndexFile, TermShard} from './index-file';
import {indexOptions, searchOptions} from './minisearch-options';
import {decodePostings, type SerializedPostings} from './postings';
import type {Evaluated} from './ranking';
import {shardAt} from './shards';
import {processTerm, stemOf} from './words';

export interface QueryWords {
  positions: number[];
  termShards: number[];
}

export interface TermIndex {
  has(word: string): boolean;
  sameStem(term: string): string[];
  wordsOf(query: Query): QueryWords;
  /** A failed or aborted fetch is tried again next time. */
  loadShard(shard: number, signal?: AbortSignal): Promise<void>;
  isLoaded(shard: number): boolean;
  /** Before MiniSearch multiplies by the number of query words a section matched. */
  evaluate(query: Query, words: QueryWords, options: SearchOptions): Map<number, Evaluated>;
}

const AS_WRITTEN: SearchOptions = {prefix: true, fuzzy: false, tokenize: (text) => [text], processTerm: (term) => term};

export function termIndex(file: SearchIndexFile, loadFile: (file: string, signal?: AbortSignal) => Promise<unknown>): TermIndex {
  const termPositions = new Map(file.terms.map((term, position) => [term, position]));
  // An index of one section with every word in every field tells which words a query matches before their postings are there.
  const fields = Object.values(file.index.fieldIds);
  const everywhere = Object.fromEntries(fields.map((field) => [field, {0: 1}]));
  const vocabulary = MiniSearch.loadJS(
    {
      documentCount: 1,
      nextId: 1,
      documentIds: {0: 0},
      fieldIds: file.index.fieldIds,
      fieldLength: {0: fields.map(() => 1)},
      averageFieldLength: fields.map(() => 1),
      storedFields: {},
      index: file.terms.map((term) => [term, everywhere]),
      serializationVersion: file.index.serializationVersion,
    },
    indexOptions,
  );
  const matchedWords = (query: Query, options: SearchOptions) => Object.keys(vocabulary.search(query, options)[0]?.match ?? {});
  const postings: (SerializedPostings | undefined)[] = [];
  const loaded = new Set<number>();
  const shards = file.termShards.map(({file: shardFile, first}, shard) =>
    loadOnceWhileWanted(async (signal) => {
      const words = (await loadFile(shardFile, signal)) as TermShard;
      words.forEach((encoded, offset) => {
        postings[first + offset] = decodePostings(encoded);
      });
      loaded.add(shard);
    }),
  );
  return {
    has: (word) => {
      const term = processTerm(word);
      return term !== null && termPositions.has(term);
    },
    // A stem is its words' beginning but for its last letter at most ("happi", "happy").
    sameStem: (term) => {
      const stem = stemOf(term);
      return matchedWords(stem.slice(0, Math.max(3, stem.length - 1)), AS_WRITTEN).filter((other) => other !== term && stemOf(other) === stem);
    },
    wordsOf: (query) => {
      const positions = matchedWords(query, searchOptions)
        .map((term) => termPositions.get(term)!)
        .sort((a, b) => a - b);
      return {positions, termShards: [...new Set(positions.map((position) => shardAt(file.termShards, position)))]};
    },
    loadShard: async (shard, signal) => {
      await shards[shard](signal);
    },
    isLoaded: (shard) => loaded.has(shard),
    evaluate: (query, {positions}, options) => {
      const documentIds: Record<string, number> = {};
      const fieldLength: Record<string, number[]> = {};
      for (const position of positions)
        for (const counts of Object.values(postings[position]!))
          for (const section in counts)
            if (!(section in documentIds)) {
              documentIds[section] = Number(section);
              fieldLength[section] = file.index.fieldLength[section];
            }
      const index: AsPlainObject = {...file.index, documentIds, fieldLength, index: positions.map((position) => [file.terms[position], postings[position]!])};
      // MiniSearch multiplies each score by the number of query words matched, which the ranking does once for all groups.
      return new Map(
        MiniSearch.loadJS(index, indexOptions)
          .search(query, options)
          .map(({id, score, queryTerms, match}) => [id as number, {score: score / (queryTerms.length || 1), terms: queryTerms, match}]),
      );
    },
  };
}
