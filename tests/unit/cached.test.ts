import {describe, expect, it} from 'vitest';
import {cached} from '../../src/shared/cached';

/** A cached function of a key's length, and the keys it computed, in order. */
function counted(limit?: number) {
  const computed: string[] = [];
  const lengthOf = cached((key: string) => (computed.push(key), key.length), limit);
  return {lengthOf, computed};
}

describe('cached', () => {
  it('works out each answer once', () => {
    const {lengthOf, computed} = counted();
    expect([lengthOf('scan'), lengthOf('scan'), lengthOf('target'), lengthOf('scan')]).toEqual([4, 4, 6, 4]);
    expect(computed).toEqual(['scan', 'target']);
  });

  it('with a limit, keeps the answers of the keys last asked for', () => {
    const {lengthOf, computed} = counted(2);
    for (const key of ['a', 'bb', 'a', 'ccc', 'a', 'bb']) lengthOf(key);
    // 'ccc' pushed out 'bb', the key asked for longest ago ('a' was asked for again after it).
    expect(computed).toEqual(['a', 'bb', 'ccc', 'bb']);
    lengthOf('a');
    // 'bb' pushed out 'ccc'; 'a' was asked for after 'ccc', so stayed.
    expect(computed).toEqual(['a', 'bb', 'ccc', 'bb']);
  });
});
