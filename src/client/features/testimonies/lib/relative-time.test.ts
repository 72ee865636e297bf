import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

// Local time on purpose: the function counts calendar days where the reader is.
const now = new Date(2025, 5, 30, 9, 15);
const daysBefore = (days: number, hour = 12) => new Date(2025, 5, 30 - days, hour, 0);

describe('relativeTime (product §9)', () => {
  it.each([
    [0, 'Today'],
    [1, '1 day ago'],
    [2, '2 days ago'],
    [3, '3 days ago'],
    [6, '6 days ago'],
    [7, '1 week ago'],
    [13, '1 week ago'],
    [14, '2 weeks ago'],
    [20, '2 weeks ago'],
    [21, '3 weeks ago'],
    [27, '3 weeks ago'],
    [28, '4 weeks ago'],
    [29, '4 weeks ago'],
    [30, '1 month ago'],
    [59, '1 month ago'],
    [60, '2 months ago'],
    [365, '12 months ago'],
  ])('%i calendar days ago reads %s', (days, expected) => {
    expect(relativeTime(daysBefore(days), now)).toBe(expected);
  });

  it('counts calendar days, not 24-hour periods', () => {
    // Late last night is yesterday, although fewer than 24 hours have passed.
    expect(relativeTime(new Date(2025, 5, 29, 23, 59), now)).toBe('1 day ago');
    // Just after midnight today is today.
    expect(relativeTime(new Date(2025, 5, 30, 0, 1), now)).toBe('Today');
    // 6 days and a few hours ago by the clock is still 6 calendar days.
    expect(relativeTime(new Date(2025, 5, 24, 0, 1), now)).toBe('6 days ago');
    expect(relativeTime(new Date(2025, 5, 23, 23, 59), now)).toBe('1 week ago');
  });

  it('accepts ISO strings as the API sends them', () => {
    expect(relativeTime(daysBefore(3).toISOString(), now)).toBe('3 days ago');
  });

  it('reads a time in the future, or an unreadable one, as today', () => {
    expect(relativeTime(new Date(2025, 6, 2), now)).toBe('Today');
    expect(relativeTime('not a date', now)).toBe('Today');
  });
});
