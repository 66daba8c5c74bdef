/** How the search bench turns measurements into its figures, the same for every engine and UI. */

/** A reader query and the pages that answer it (bench/search/queries.yaml). */
export interface Query {
  query: string;
  expect: string[];
  kind: string;
  /** Written after the ranking rules and never tuned on: reported apart, so a rule that fits only the other queries shows. */
  held_out?: boolean;
}

/** The value below which `p` per cent of the values lie (nearest rank); NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

export interface Relevance {
  /** Shares of the queries, unrounded: budgets are compared with these. */
  hit1: number;
  hit5: number;
  /** The counts behind them, and the number of queries. */
  hits1: number;
  hits5: number;
  queries: number;
  /** Queries whose page is not among the first five pages. */
  misses: string[];
  /** Queries whose page is found, but not first: the query and the first three pages. */
  notFirst: string[];
}

/**
 * hit@1 and hit@5 by pages: the share of queries whose expected page is the
 * first, resp. among the first five, distinct pages of the hits (a page's
 * several sections count once, where the page first appears).
 */
export function relevance(queries: Query[], rankedPages: (query: string) => string[]): Relevance {
  let hit1 = 0;
  let hit5 = 0;
  const misses: string[] = [];
  const notFirst: string[] = [];
  for (const {query, expect} of queries) {
    const pages = [...new Set(rankedPages(query))];
    if (expect.includes(pages[0])) hit1 += 1;
    else notFirst.push(`"${query}" → ${pages.slice(0, 3).join(', ') || 'nothing'} (want ${expect.join(' or ')})`);
    if (pages.slice(0, 5).some((page) => expect.includes(page))) hit5 += 1;
    else misses.push(query);
  }
  return {hit1: hit1 / queries.length, hit5: hit5 / queries.length, hits1: hit1, hits5: hit5, queries: queries.length, misses, notFirst};
}

/** Three decimals and the count, so a rate just under a budget never reads as a rounded budget met. */
export const formatHitRate = (hits: number, queries: number): string => `${(hits / queries).toFixed(3)} (${hits}/${queries})`;
