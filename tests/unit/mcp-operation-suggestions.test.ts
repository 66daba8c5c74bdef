/**
 * The nearest operation ids the MCP server suggests for an unknown one cost
 * work bounded by the edits allowed, not by the length of what a caller
 * sends: the reads of the caller's characters are counted.
 */
import {describe, expect, it} from 'vitest';
import {editDistanceWithin, MAX_OPERATION_ID_LENGTH, MAX_SUGGESTION_EDITS} from '../../lib/mcp/docs';

/** The characters of `text`, counting each read of one. */
function counted(text: string): {chars: ArrayLike<string>; reads: () => number} {
  let reads = 0;
  const chars = new Proxy([...text], {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return {chars, reads: () => reads};
}

describe('editDistanceWithin', () => {
  it.each([
    ['kitten', 'sitting', 3],
    ['target_create', 'targets_create', 1],
    ['targets_create', 'targets_create', 0],
    ['', 'abc', 3],
    ['flaw', 'lawn', 2],
    ['scans_list', 'scans_get', 3],
  ])('gives the distance of %s and %s within the bound', (a, b, distance) => {
    expect(editDistanceWithin(a, b, 4)).toBe(distance);
    expect(editDistanceWithin(b, a, 4)).toBe(distance);
    expect(editDistanceWithin(a, b, distance)).toBe(distance);
    if (distance > 0) expect(editDistanceWithin(a, b, distance - 1)).toBeUndefined();
  });

  it('reads no character of an id whose length alone puts it beyond the bound', () => {
    const long = counted('x'.repeat(MAX_OPERATION_ID_LENGTH));
    expect(editDistanceWithin(long.chars, 'targets_create', MAX_SUGGESTION_EDITS)).toBeUndefined();
    expect(long.reads()).toBe(0);
  });

  it('reads only the band around the diagonal, and stops once every cell of a row is beyond the bound', () => {
    const bound = MAX_SUGGESTION_EDITS;
    const band = 2 * bound + 1;
    // As long as the longest id a caller may send, one edit away: the band, row after row.
    const near = counted(`${'ab'.repeat(MAX_OPERATION_ID_LENGTH / 2 - 1)}abc`);
    expect(editDistanceWithin(near.chars, `${'ab'.repeat(MAX_OPERATION_ID_LENGTH / 2 - 1)}ab`, bound)).toBe(1);
    expect(near.reads()).toBeLessThanOrEqual(band * MAX_OPERATION_ID_LENGTH);
    // Nothing in common: a few rows, then it stops.
    const far = counted('x'.repeat(MAX_OPERATION_ID_LENGTH));
    expect(editDistanceWithin(far.chars, 'y'.repeat(MAX_OPERATION_ID_LENGTH), bound)).toBeUndefined();
    expect(far.reads()).toBeLessThanOrEqual(band * (bound + 1));
  });
});
