import { describe, expect, it } from 'vitest';
import { guidedPrayers, meditations } from '#shared/content/prayers.ts';
import { initialPrayerSet, nextPrayerSet, shufflePrayerSet, shuffled } from './prayer-set.ts';

/** A small seeded generator (mulberry32), so every run sees the same "random" numbers. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('shufflePrayerSet', () => {
  it('gives four prayers of four distinct categories and four distinct meditations', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const set = shufflePrayerSet(seeded(seed));
      expect(set.prayers).toHaveLength(4);
      expect(new Set(set.prayers.map((prayer) => prayer.category)).size).toBe(4);
      for (const prayer of set.prayers) expect(guidedPrayers).toContain(prayer);
      expect(set.meditations).toHaveLength(4);
      expect(new Set(set.meditations).size).toBe(4);
      for (const line of set.meditations) expect(meditations).toContain(line);
    }
  });

  it('is repeatable with the same random source and reaches every prayer over many draws', () => {
    expect(shufflePrayerSet(seeded(7))).toEqual(shufflePrayerSet(seeded(7)));
    const random = seeded(42);
    const seen = new Set<string>();
    for (let i = 0; i < 300; i += 1) {
      for (const prayer of shufflePrayerSet(random).prayers) seen.add(prayer.title);
    }
    expect(seen.size).toBe(guidedPrayers.length);
  });

  it('picks the first option when the source always returns 0', () => {
    const set = shufflePrayerSet(() => 0);
    expect(new Set(set.prayers.map((prayer) => prayer.category)).size).toBe(4);
  });
});

describe('nextPrayerSet', () => {
  it('always changes the prayers shown', () => {
    const random = seeded(3);
    let set = initialPrayerSet();
    for (let i = 0; i < 100; i += 1) {
      const next = nextPrayerSet(set, random);
      const titles = (s: typeof set) => s.prayers.map((prayer) => prayer.title).sort();
      expect(titles(next)).not.toEqual(titles(set));
      set = next;
    }
  });
});

describe('initialPrayerSet', () => {
  it('is deterministic: four categories, four meditations', () => {
    const set = initialPrayerSet();
    expect(set).toEqual(initialPrayerSet());
    expect(new Set(set.prayers.map((prayer) => prayer.category)).size).toBe(4);
    expect(set.meditations).toEqual(meditations.slice(0, 4));
  });
});

describe('shuffled', () => {
  it('keeps every item and leaves the input alone', () => {
    const input = [1, 2, 3, 4, 5];
    const output = shuffled(input, seeded(9));
    expect([...output].sort()).toEqual(input);
    expect(input).toEqual([1, 2, 3, 4, 5]);
  });
});
