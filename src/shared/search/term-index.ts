/**
 * The index's words and their postings, in the browser. The index file lists
 * every word; its postings come in term shards, fetched for the words a query
 * can match. MiniSearch loads an index whole, through its public `loadJS`, so
 * each group of a query is evaluated by MiniSearch's own search (prefix,
 * typos, BM25 with the whole index's statistics) over an index of just the
 * words that group can match and the sections that hold them, which is all
 * its evaluation reads: the same words, postings and statistics as the whole
 * index, so the same sections and scores.
 */
import MiniSearch, {type AsPlainObject, type Query, type SearchOptions} from 'minisearch';
import {loadOnceWhileWanted} from '../load-once';
import type {SearchIndexFile, TermShard} from './index-file';
import {indexOptions, searchOptions} from './minisearch-options';
import {decodePostings, type SerializedPostings} from './postings';
import type {Evaluated} from './ranking';
import {shardAt} from './shards';
import {processTerm, stemOf} from './words';

/** The words of the index a query can match, as positions in the index's list, in its order, and the term shards that hold their postings. */
export interface QueryWords {
  positions: number[];
  termShards: number[];
}

export interface TermIndex {
  /** Whether the index holds a word exactly, as a query would ask for it. */
  has(word: string): boolean;
  /** The index's words of a word's stem, other than the word. */
  sameStem(term: string): string[];
  /** The words a query can match (as typed, as a prefix, with typos), before their postings are there. */
  wordsOf(query: Query): QueryWords;
  /** Fetches a term shard once (a failed or aborted fetch is tried again next time); stops as `loadOnceWhileWanted` does when `signal` aborts. */
  loadShard(shard: number, signal?: AbortSignal): Promise<void>;
  isLoaded(shard: number): boolean;
  /** Per section, a query's evaluation over the postings of `words` (loaded), as MiniSearch's search scores it before it counts the query's words a section matched. */
  evaluate(query: Query, words: QueryWords, options: SearchOptions): Map<number, Evaluated>;
}

/** Options that read a query as one word, as written: the beginning of index words. */
const AS_WRITTEN: SearchOptions = {prefix: true, fuzzy: false, tokenize: (text) => [text], processTerm: (term) => term};

export function termIndex(file: SearchIndexFile, loadFile: (file: string, signal?: AbortSignal) => Promise<unknown>): TermIndex {
  const termPositions = new Map(file.terms.map((term, position) => [term, position]));
  // The same words in an index of one section that has every word in every field: which words a query matches, before their postings are there.
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
    // A stem is its words' beginning, but for its last letter at most ("happi", "happy"), so they are among the words that begin as it does.
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
      // The sections that hold the words, by their numbers, which are the document ids, with their fields' lengths.
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
      // MiniSearch's search multiplies each section's score by the number of the query's words it matched, which the query's ranking does once for all its groups.
      return new Map(
        MiniSearch.loadJS(index, indexOptions)
          .search(query, options)
          .map(({id, score, queryTerms, match}) => [id as number, {score: score / (queryTerms.length || 1), terms: queryTerms, match}]),
      );
    },
  };
}
