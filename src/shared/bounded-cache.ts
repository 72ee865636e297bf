/**
 * A cache of computed values that cannot grow without end: once it holds `limit` entries it is
 * emptied and fills again with what is asked for next. For results that are cheap to compute
 * again and asked for over and over (a word's stem, a verse's theme chips), where keys may come
 * from people's own text. A value of undefined is not kept.
 */
export function boundedCache<K, V>(limit: number): (key: K, compute: () => V) => V {
  const entries = new Map<K, V>();
  return (key, compute) => {
    const known = entries.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (entries.size >= limit) entries.clear();
    entries.set(key, value);
    return value;
  };
}
