import { describe, expect, it } from 'vitest';
import { addDays, countStreak, weekdayOf } from './streak.ts';

/** `count` dates in a row ending on `last`. */
function run(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(last, -i));
}

describe('dates', () => {
  it('steps over month, year and leap days, and names weekdays', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(weekdayOf('1970-01-01')).toBe('thursday');
    expect(weekdayOf('2026-06-01')).toBe('monday');
    expect(weekdayOf('2026-06-07')).toBe('sunday');
    expect(weekdayOf('1969-12-31')).toBe('wednesday');
  });
});

describe('countStreak', () => {
  // Monday 8 June 2026.
  const today = '2026-06-08';

  it('is nothing without any day', () => {
    expect(countStreak([], today, null)).toEqual({ current: 0, longest: 0, todayCounted: false });
  });

  it('counts the days in a row ending today', () => {
    expect(countStreak(run(today, 5), today, null)).toEqual({
      current: 5,
      longest: 5,
      todayCounted: true,
    });
  });

  it('is not broken in the morning: a run ending yesterday is still current', () => {
    expect(countStreak(run('2026-06-07', 4), today, null)).toEqual({
      current: 4,
      longest: 4,
      todayCounted: false,
    });
  });

  it('is broken by a missed day, and the longest is kept', () => {
    const dates = [...run('2026-06-01', 6), ...run('2026-06-04', 2)];
    expect(countStreak(dates, today, null)).toEqual({
      current: 0,
      longest: 6,
      todayCounted: false,
    });
    expect(countStreak([...dates, today], today, null).current).toBe(1);
  });

  it('counts each date once, in any order', () => {
    const dates = [today, '2026-06-06', today, '2026-06-07', '2026-06-07'];
    expect(countStreak(dates, today, null).current).toBe(3);
  });

  it('lets the rest day be missed without breaking or adding to the streak', () => {
    // Sunday 7 June missed: Saturday 6 June and Monday 8 June are one streak of 3 with Friday.
    const dates = ['2026-06-05', '2026-06-06', today];
    expect(countStreak(dates, today, 'sunday')).toEqual({
      current: 3,
      longest: 3,
      todayCounted: true,
    });
    expect(countStreak(dates, today, null).current).toBe(1);
    expect(countStreak(dates, today, 'saturday').current).toBe(1);
  });

  it('counts the rest day when something was done on it', () => {
    expect(countStreak(run(today, 10), today, 'sunday').current).toBe(10);
  });

  it('bridges one day a week only: two missed days break it, rest day or not', () => {
    // Saturday 6 and Sunday 7 June missed.
    const dates = ['2026-06-04', '2026-06-05', today];
    expect(countStreak(dates, today, 'sunday').current).toBe(1);
    expect(countStreak(dates, today, 'saturday').current).toBe(1);
    expect(countStreak(dates, today, 'sunday').longest).toBe(2);
  });

  it('bridges a rest day in every week of a long streak', () => {
    // Five weeks, every Sunday missed: 30 counted days.
    const dates = run(today, 35).filter((date) => weekdayOf(date) !== 'sunday');
    expect(countStreak(dates, today, 'sunday')).toMatchObject({ current: 30, longest: 30 });
    expect(countStreak(dates, today, null)).toMatchObject({ current: 1, longest: 6 });
  });

  it('in the morning after a rest day, the streak before it is still current', () => {
    // Today (Monday) has nothing yet, Sunday was the rest day, Saturday counted.
    const dates = run('2026-06-06', 3);
    expect(countStreak(dates, today, 'sunday')).toMatchObject({ current: 3, todayCounted: false });
    expect(countStreak(dates, today, null).current).toBe(0);
  });

  it('on the rest day itself, with nothing yet, the streak before it is current', () => {
    const sunday = '2026-06-07';
    expect(countStreak(run('2026-06-06', 2), sunday, 'sunday').current).toBe(2);
    // But Saturday missed as well breaks it.
    expect(countStreak(run('2026-06-05', 2), sunday, 'sunday').current).toBe(0);
  });

  it('leaves out dates after today until they come', () => {
    expect(countStreak([...run(today, 2), '2026-06-09'], today, null)).toEqual({
      current: 2,
      longest: 2,
      todayCounted: true,
    });
  });

  it('counts a run across a year end and a leap day', () => {
    expect(countStreak(run('2027-01-02', 5), '2027-01-02', null).current).toBe(5);
    expect(countStreak(run('2028-03-01', 3), '2028-03-01', null).current).toBe(3);
  });
});
