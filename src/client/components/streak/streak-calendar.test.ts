import { describe, expect, it } from 'vitest';
import { calendarMonths, countedDaysText, describeKinds, weekdayOf } from './streak-calendar.ts';

describe('the streak calendar', () => {
  it('has the 12 months up to today, each placed in weeks that start on Monday', () => {
    const months = calendarMonths('2024-03-15', []);
    expect(months.map((month) => month.key)).toEqual([
      '2023-04',
      '2023-05',
      '2023-06',
      '2023-07',
      '2023-08',
      '2023-09',
      '2023-10',
      '2023-11',
      '2023-12',
      '2024-01',
      '2024-02',
      '2024-03',
    ]);
    const february = months[10];
    expect(february?.name).toBe('February 2024');
    expect(february?.days).toHaveLength(29); // a leap year
    expect(february?.offset).toBe(3); // 1 February 2024 was a Thursday
    const march = months[11];
    expect(march?.offset).toBe(4); // a Friday
    expect(march?.days.find((day) => day.isToday)?.date).toBe('2024-03-15');
    expect(march?.days.filter((day) => day.isFuture)).toHaveLength(16);
  });

  it('does not move a day with the device’s time zone', () => {
    const months = calendarMonths('2026-01-01', [{ date: '2026-01-01', kinds: ['read'] }]);
    expect(months.at(-1)?.days[0]).toMatchObject({ date: '2026-01-01', kinds: ['read'] });
    expect(weekdayOf('2026-01-01')).toBe('thursday');
    expect(weekdayOf('2026-03-01')).toBe('sunday');
  });

  it('words the days and what made them count', () => {
    const [month] = calendarMonths('2026-03-03', [
      { date: '2026-03-01', kinds: ['review'] },
      { date: '2026-03-03', kinds: ['read', 'plan', 'journal'] },
    ]).slice(-1);
    expect(month && countedDaysText(month)).toBe('1 and 3 (today)');
    expect(describeKinds(['read', 'plan', 'journal'])).toBe(
      'read a chapter, finished a plan day and wrote in the journal',
    );
  });
});
