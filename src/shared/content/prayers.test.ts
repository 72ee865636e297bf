import { describe, expect, it } from 'vitest';
import { guidedPrayers, meditations, prayerCategories } from './prayers.ts';

describe('guided prayers', () => {
  it('has 15 prayers with distinct titles', () => {
    expect(guidedPrayers).toHaveLength(15);
    expect(new Set(guidedPrayers.map((prayer) => prayer.title)).size).toBe(15);
  });

  it('covers the six categories of product §3, each with at least two prayers', () => {
    expect(prayerCategories).toEqual([
      'Peace & Comfort',
      'Strength & Courage',
      'Gratitude & Praise',
      'Guidance & Wisdom',
      'Forgiveness & Healing',
      'Faith & Trust',
    ]);
    for (const category of prayerCategories) {
      const count = guidedPrayers.filter((prayer) => prayer.category === category).length;
      expect(count, category).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives each prayer a one-line description and 80–160 words of prayer', () => {
    for (const { title, description, prayer } of guidedPrayers) {
      expect(description.trim(), title).toBe(description);
      expect(description, title).not.toContain('\n');
      expect(description.length, title).toBeGreaterThan(10);
      const words = prayer.trim().split(/\s+/).length;
      expect(words, title).toBeGreaterThanOrEqual(80);
      expect(words, title).toBeLessThanOrEqual(160);
    }
  });
});

describe('meditations', () => {
  it('has 20 distinct short lines', () => {
    expect(meditations).toHaveLength(20);
    expect(new Set(meditations).size).toBe(20);
    for (const line of meditations) {
      expect(line.trim()).toBe(line);
      expect(line.length).toBeLessThanOrEqual(100);
    }
  });
});
