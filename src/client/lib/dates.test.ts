import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { clockTime, formatDate, isoDay, type DatePattern } from './dates.ts';

const patterns: DatePattern[] = [
  'MMM d',
  'MMM d, yyyy',
  'MMMM d, yyyy',
  'EEEE',
  'EEEE, MMMM d, yyyy',
];

/** Every month and weekday, single and double digits, midnight, noon and the hours around. */
const moments = Array.from({ length: 400 }, (_, index) => {
  const day = new Date(2026, 0, 1 + index);
  day.setHours((index * 7) % 24, (index * 13) % 60);
  return day;
});

describe('dates', () => {
  it('writes every pattern exactly as date-fns format does', () => {
    for (const moment of moments) {
      for (const pattern of patterns) {
        expect(formatDate(moment, pattern)).toBe(format(moment, pattern));
      }
    }
  });

  it('writes a day in another time zone as date-fns does with a TZDate', () => {
    for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Kolkata']) {
      for (const moment of moments) {
        const there = new TZDate(moment.getTime(), zone);
        expect(formatDate(moment, 'EEEE', zone)).toBe(format(there, 'EEEE'));
        expect(clockTime(there)).toBe(format(there, 'h:mm a'));
      }
    }
  });

  it('writes the time of day and the calendar day as date-fns format does', () => {
    for (const moment of moments) {
      expect(clockTime(moment)).toBe(format(moment, 'h:mm a'));
      expect(isoDay(moment)).toBe(format(moment, 'yyyy-MM-dd'));
    }
    expect(clockTime(new Date(2026, 10, 21, 0, 5))).toBe('12:05 AM');
    expect(formatDate(new Date(2026, 10, 21), 'EEEE, MMMM d, yyyy')).toBe(
      'Saturday, November 21, 2026',
    );
  });
});
