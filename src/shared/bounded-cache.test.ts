import { describe, expect, it } from 'vitest';
import { boundedCache } from './bounded-cache.ts';

describe('boundedCache', () => {
  it('computes a key once, and empties itself rather than grow past its limit', () => {
    const computed: string[] = [];
    const cache = boundedCache<string, string>(2);
    const upper = (key: string) =>
      cache(key, () => {
        computed.push(key);
        return key.toUpperCase();
      });
    expect([upper('a'), upper('a'), upper('b')]).toEqual(['A', 'A', 'B']);
    expect(computed).toEqual(['a', 'b']);
    // A third key empties the cache: 'a' is computed again.
    expect([upper('c'), upper('a')]).toEqual(['C', 'A']);
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });
});
