/**
 * A search its caller has overtaken: the caller asked a newer one before this
 * one needed more of the index, so it fetches nothing more and rejects with
 * this error. What the caller shows instead is its own to decide (the modal's
 * client answers with the newest search, src/search/search-client.ts).
 */
export class SearchOvertaken extends Error {
  constructor() {
    super('search overtaken by a newer one of its caller');
    this.name = 'SearchOvertaken';
  }
}

export const isOvertaken = (error: unknown): boolean => error instanceof Error && error.name === 'SearchOvertaken';

/** How a caller says, each time a search is asked, when it no longer wants that search's answer. */
export interface SearchOptions {
  /** Aborted once the caller has asked a newer search: the answer then stops its shard fetches no other search waits for, fetches no more, and rejects with `SearchOvertaken`. */
  signal?: AbortSignal;
}
