/** A search its caller overtook with a newer one: it fetches nothing more and rejects with this error; what to show instead is the caller's choice. */
export class SearchOvertaken extends Error {
  constructor() {
    super('search overtaken by a newer one of its caller');
    this.name = 'SearchOvertaken';
  }
}

export const isOvertaken = (error: unknown): boolean => error instanceof Error && error.name === 'SearchOvertaken';

export interface SearchOptions {
  signal?: AbortSignal;
}
