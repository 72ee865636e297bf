import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dailyVerses, dayOfYear } from './verse-of-day.ts';

describe('dailyVerses', () => {
  it('has exactly 366 entries, one per day of a leap year, all references distinct', () => {
    expect(dailyVerses).toHaveLength(366);
    const references = dailyVerses.map((verse) => verse.reference);
    const repeated = references.filter(
      (reference, index) => references.indexOf(reference) !== index,
    );
    expect(repeated).toEqual([]);
  });

  it('includes the spec’s verse of the day: Joshua 1:9, Courage and Strength', () => {
    expect(dailyVerses).toContainEqual({ reference: 'Joshua 1:9', theme: 'Courage and Strength' });
  });

  it('gives every day a short theme title and a reference with chapter and verse', () => {
    for (const [index, verse] of dailyVerses.entries()) {
      const where = `day ${index + 1}: ${verse.reference}`;
      expect(verse.theme.trim(), where).toBe(verse.theme);
      expect(verse.theme.length, where).toBeGreaterThan(2);
      expect(verse.theme.length, where).toBeLessThanOrEqual(40);
      expect(verse.reference, where).toMatch(/^[1-3]? ?[A-Z][A-Za-z ]+ \d+:\d+(-\d+)?$/);
    }
  });
});

/** Runs the tests of a block with the process in another time zone (Node reads TZ live). */
function inTimeZone(timeZone: string): void {
  beforeAll(() => {
    vi.stubEnv('TZ', timeZone);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
}

describe.each(['UTC', 'Pacific/Auckland', 'America/Los_Angeles'])(
  'dayOfYear in %s: the local calendar day',
  (timeZone) => {
    inTimeZone(timeZone);

    it('counts Jan 1 as 1 from its first to its last minute', () => {
      expect(dayOfYear(new Date(2026, 0, 1, 0, 0, 0))).toBe(1);
      expect(dayOfYear(new Date(2026, 0, 1, 23, 59, 59))).toBe(1);
      expect(dayOfYear(new Date(2026, 0, 2, 0, 0, 0))).toBe(2);
    });

    it('counts Feb 29 2028 as day 60 and Mar 1 2028 as 61 (Mar 1 2026 is 60)', () => {
      expect(dayOfYear(new Date(2028, 1, 29, 12))).toBe(60);
      expect(dayOfYear(new Date(2028, 2, 1, 0, 0))).toBe(61);
      expect(dayOfYear(new Date(2026, 2, 1, 0, 0))).toBe(60);
    });

    it('counts Dec 31 as 365 in 2026 and 366 in 2028, up to local midnight', () => {
      expect(dayOfYear(new Date(2026, 11, 31, 0, 0))).toBe(365);
      expect(dayOfYear(new Date(2026, 11, 31, 23, 59, 59))).toBe(365);
      expect(dayOfYear(new Date(2028, 11, 31, 23, 59, 59))).toBe(366);
    });
  },
);

describe('dayOfYear and the time zone', () => {
  inTimeZone('Pacific/Auckland');

  it('uses the local date, not the UTC one', () => {
    // 00:30 on Jan 1 in Auckland is still Dec 31 in UTC.
    const earlyNewYear = new Date(2026, 0, 1, 0, 30);
    expect(earlyNewYear.getUTCDate()).toBe(31);
    expect(dayOfYear(earlyNewYear)).toBe(1);
  });
});
