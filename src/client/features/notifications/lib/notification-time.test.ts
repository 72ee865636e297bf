import { describe, expect, it } from 'vitest';
import { notificationTimestamp } from './notification-time.ts';

// Dates are built from local parts, so the tests mean the same in any time zone.
const local = (year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0) =>
  new Date(year, month - 1, day, hours, minutes, seconds);

describe('notificationTimestamp', () => {
  it('shows the time of day for today', () => {
    const now = local(2026, 11, 21, 18, 0);
    expect(notificationTimestamp(local(2026, 11, 21, 7, 30), now)).toBe('7:30 AM');
    expect(notificationTimestamp(local(2026, 11, 21, 13, 5), now)).toBe('1:05 PM');
  });

  it('accepts the ISO string the API sends', () => {
    const createdAt = local(2026, 11, 21, 9, 0);
    expect(notificationTimestamp(createdAt.toISOString(), local(2026, 11, 21, 10, 0))).toBe(
      '9:00 AM',
    );
  });

  it('splits today from yesterday exactly at midnight', () => {
    const now = local(2026, 11, 21, 0, 0, 0);
    expect(notificationTimestamp(local(2026, 11, 21, 0, 0, 0), now)).toBe('12:00 AM');
    expect(notificationTimestamp(local(2026, 11, 20, 23, 59, 59), now)).toBe('Yesterday');
  });

  it('calls the whole previous day yesterday, and the day before that by its date', () => {
    const now = local(2026, 11, 21, 23, 59, 59);
    expect(notificationTimestamp(local(2026, 11, 20, 0, 0, 0), now)).toBe('Yesterday');
    expect(notificationTimestamp(local(2026, 11, 19, 23, 59, 59), now)).toBe('Nov 19');
    expect(notificationTimestamp(local(2026, 11, 19, 0, 0, 0), local(2026, 11, 21))).toBe('Nov 19');
  });

  it('shows the month and day for older notes this year', () => {
    expect(notificationTimestamp(local(2026, 11, 3, 8, 0), local(2026, 11, 21, 8, 0))).toBe(
      'Nov 3',
    );
    expect(notificationTimestamp(local(2026, 1, 1, 8, 0), local(2026, 11, 21, 8, 0))).toBe('Jan 1');
  });

  it('crosses the year boundary: Dec 31 is yesterday on Jan 1, and carries its year later', () => {
    const newYear = local(2027, 1, 1, 0, 0, 0);
    expect(notificationTimestamp(local(2026, 12, 31, 23, 59, 59), newYear)).toBe('Yesterday');
    expect(notificationTimestamp(local(2026, 12, 30, 12, 0), newYear)).toBe('Dec 30, 2026');
    expect(notificationTimestamp(local(2026, 12, 31, 9, 0), local(2027, 1, 2, 9, 0))).toBe(
      'Dec 31, 2026',
    );
  });
});
