/** The search benchmark's figures: percentiles by nearest rank, hit@1 and hit@5 by distinct pages. */
import {describe, expect, it} from 'vitest';
import {formatHitRate, percentile, relevance, type Query} from '../../bench/search/figures';

describe('percentile', () => {
  it('is the nearest-rank value, whatever the order of the values', () => {
    const values = [9, 1, 8, 2, 7, 3, 6, 4, 5, 10];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 10)).toBe(1);
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('relevance', () => {
  const queries: Query[] = [
    {query: 'first', expect: ['/a'], kind: 'operation'},
    {query: 'fifth page', expect: ['/e'], kind: 'concept'},
    {query: 'sixth page', expect: ['/f', '/z'], kind: 'typo'},
  ];
  const ranked: Record<string, string[]> = {
    first: ['/a', '/b'],
    // Sections of one page count once: /e is the fifth page, not the seventh hit.
    'fifth page': ['/a', '/a', '/b', '/c', '/c', '/d', '/e', '/f'],
    'sixth page': ['/a', '/b', '/c', '/d', '/e', '/f'],
  };

  it('counts a query at 1 when its page comes first and at 5 when it is among the first five pages', () => {
    const scores = relevance(queries, (query) => ranked[query]);
    expect(scores.hit1).toBeCloseTo(1 / 3);
    expect(scores.hit5).toBeCloseTo(2 / 3);
    expect(scores).toMatchObject({hits1: 1, hits5: 2, queries: 3});
    expect(scores.misses).toEqual(['sixth page']);
    expect(scores.notFirst).toEqual(['"fifth page" → /a, /b, /c (want /e)', '"sixth page" → /a, /b, /c (want /f or /z)']);
  });

  it('scores a query with no hits as a miss', () => {
    expect(relevance([queries[0]], () => [])).toMatchObject({hit1: 0, hit5: 0, misses: ['first'], notFirst: ['"first" → nothing (want /a)']});
  });
});

describe('formatHitRate', () => {
  it('prints three decimals and the count, so a share just under a budget does not read as meeting it', () => {
    expect(formatHitRate(205, 242)).toBe('0.847 (205/242)');
    expect(formatHitRate(206, 242)).toBe('0.851 (206/242)');
    expect(formatHitRate(242, 242)).toBe('1.000 (242/242)');
  });

  it('leaves the share it is compared with unrounded: 205 of 242 is below 0.85', () => {
    const queries: Query[] = Array.from({length: 242}, (_, at) => ({query: `q${at}`, expect: ['/a'], kind: 'concept'}));
    const scores = relevance(queries, (query) => (Number(query.slice(1)) < 205 ? ['/a'] : ['/b']));
    expect(scores.hits1).toBe(205);
    expect(scores.hit1).toBeLessThan(0.85);
  });
});
