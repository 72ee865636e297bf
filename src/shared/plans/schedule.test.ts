import { describe, expect, it } from 'vitest';
import {
  addDays,
  caughtUpDueDates,
  daysBehind,
  daysForToday,
  daysFrom,
  effectiveDueDates,
  lastDueDate,
  resumedDueDates,
  selfPacedDueDates,
  storedDueDates,
} from './schedule.ts';

/** Seven days from 1 March 2025. */
const week = [
  '2025-03-01',
  '2025-03-02',
  '2025-03-03',
  '2025-03-04',
  '2025-03-05',
  '2025-03-06',
  '2025-03-07',
];
const none = (count: number) => Array.from({ length: count }, () => false);

describe('dates', () => {
  it('adds days across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2025-01-01', 364)).toBe('2025-12-31');
  });

  it('counts whole days between dates, across daylight-saving changes', () => {
    // Europe and the US change their clocks in these weeks; a date is a date.
    expect(daysFrom('2025-03-29', '2025-03-31')).toBe(2);
    expect(daysFrom('2025-11-01', '2025-11-03')).toBe(2);
    expect(daysFrom('2025-03-10', '2025-03-01')).toBe(-9);
    expect(addDays('2025-03-29', 2)).toBe('2025-03-31');
  });
});

describe('storedDueDates', () => {
  it('is one day a day from the start date without a stored schedule', () => {
    expect(storedDueDates({ start_date: '2025-03-01', schedule: null }, 7)).toEqual(week);
  });

  it('is the stored schedule when there is one', () => {
    const schedule = ['2025-03-01', '2025-03-05', '2025-03-05', '2025-03-06'];
    expect(storedDueDates({ start_date: '2025-03-01', schedule }, 4)).toEqual(schedule);
  });

  it('continues a day a day after a stored schedule that is too short, and cuts a long one', () => {
    const schedule = ['2025-03-01', '2025-03-03'];
    expect(storedDueDates({ start_date: '2025-03-01', schedule }, 4)).toEqual([
      '2025-03-01',
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
    ]);
    expect(storedDueDates({ start_date: '2025-03-01', schedule: week }, 2)).toEqual(
      week.slice(0, 2),
    );
  });
});

describe('days behind and the days shown for today', () => {
  const complete = [true, false, true, false, false, false, false];

  it('counts the days due before today that are not complete', () => {
    expect(daysBehind(week, complete, '2025-03-05')).toBe(2); // days 2 and 4
    expect(daysBehind(week, complete, '2025-03-01')).toBe(0);
    expect(daysBehind(week, none(7), '2025-02-20')).toBe(0);
  });

  it('shows the missed days first, then every day due today, done or not', () => {
    expect(daysForToday(week, complete, '2025-03-05', 62)).toEqual([1, 3, 4]);
    // Today's day done: still shown, as done.
    expect(daysForToday(week, complete, '2025-03-03', 62)).toEqual([1, 2]);
    expect(daysForToday(week, none(7), '2025-02-20', 62)).toEqual([]);
  });

  it('keeps to the limit, today’s days first', () => {
    const dates = ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-05', '2025-03-05'];
    expect(daysForToday(dates, none(5), '2025-03-05', 3)).toEqual([0, 3, 4]);
    expect(daysForToday(dates, none(5), '2025-03-05', 2)).toEqual([3, 4]);
  });
});

describe('pause and resume', () => {
  it('moves every day not done later by the days paused; done days keep their dates', () => {
    const complete = [true, true, false, false, false, false, false];
    expect(resumedDueDates(week, complete, '2025-03-03', '2025-03-08')).toEqual([
      '2025-03-01',
      '2025-03-02',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
      '2025-03-11',
      '2025-03-12',
    ]);
  });

  it('moves nothing when resumed the day it was paused (or a clock that went back)', () => {
    expect(resumedDueDates(week, none(7), '2025-03-03', '2025-03-03')).toEqual(week);
    expect(resumedDueDates(week, none(7), '2025-03-03', '2025-03-02')).toEqual(week);
  });

  it('shows a paused plan with the dates it would have if resumed today, so it falls no further behind', () => {
    const complete = [true, true, false, false, false, false, false];
    const paused = {
      start_date: '2025-03-01',
      schedule: null,
      status: 'paused' as const,
      paused_on: '2025-03-03',
    };
    const dates = effectiveDueDates(paused, complete, '2025-03-20');
    expect(dates[2]).toBe('2025-03-20');
    expect(daysBehind(dates, complete, '2025-03-20')).toBe(0);
    const active = { ...paused, status: 'active' as const, paused_on: null };
    expect(effectiveDueDates(active, complete, '2025-03-20')).toEqual(week);
  });
});

describe('a plan read at its own pace', () => {
  it('asks for its first day not done today and the rest one a day after, never behind', () => {
    const complete = [true, true, false, true, false, false, false];
    const dates = selfPacedDueDates(complete, '2025-03-01', '2025-03-10');
    expect(dates).toEqual([
      '2025-03-01',
      '2025-03-02',
      '2025-03-10',
      '2025-03-04',
      '2025-03-11',
      '2025-03-12',
      '2025-03-13',
    ]);
    expect(daysBehind(dates, complete, '2025-03-10')).toBe(0);
    expect(daysForToday(dates, complete, '2025-03-10', 7)).toEqual([2]);
    // Days read ahead of their planned date keep today's.
    expect(selfPacedDueDates([true, true, true, false], '2025-03-10', '2025-03-11')).toEqual([
      '2025-03-10',
      '2025-03-11',
      '2025-03-11',
      '2025-03-11',
    ]);
  });

  it('ignores a stored schedule and a pause', () => {
    const plan = {
      start_date: '2025-03-01',
      schedule: week.map(() => '2025-04-01'),
      status: 'paused' as const,
      paused_on: '2025-03-02',
    };
    expect(effectiveDueDates(plan, none(7), '2025-03-10', true)[0]).toBe('2025-03-10');
    expect(
      caughtUpDueDates(
        selfPacedDueDates(none(7), '2025-03-01', '2025-03-10'),
        none(7),
        '2025-03-10',
        '2025-03-01',
      ),
    ).toBeNull();
  });
});

describe('catch-up', () => {
  it('spreads the missed days with the rest evenly from today to the end date', () => {
    // Days 1–3 missed; today is day 4's date: 7 days over 4 dates, no date more than 2, and
    // today asks for one of them, not a heap.
    const spread = caughtUpDueDates(week, none(7), '2025-03-04', '2025-03-01');
    expect(spread).toEqual([
      '2025-03-04',
      '2025-03-05',
      '2025-03-05',
      '2025-03-06',
      '2025-03-06',
      '2025-03-07',
      '2025-03-07',
    ]);
    expect(lastDueDate(spread ?? [], '2025-03-01')).toBe('2025-03-07');
  });

  it('keeps the dates of done days and spreads only what is left', () => {
    const complete = [true, false, true, false, false, false, false];
    expect(caughtUpDueDates(week, complete, '2025-03-05', '2025-03-01')).toEqual([
      '2025-03-01',
      '2025-03-05',
      '2025-03-03',
      '2025-03-06',
      '2025-03-06',
      '2025-03-07',
      '2025-03-07',
    ]);
  });

  it('never puts more than ceil(days left / dates left) on a date, on a long plan', () => {
    const dates = storedDueDates({ start_date: '2025-01-01', schedule: null }, 365);
    const complete = dates.map((_, index) => index < 100);
    const today = '2025-06-01'; // day 152: 51 days missed, 265 to read over 214 dates
    const spread = caughtUpDueDates(dates, complete, today, '2025-01-01') ?? [];
    const perDate = new Map<string, number>();
    spread.forEach((date, index) => {
      if (!complete[index]) perDate.set(date, (perDate.get(date) ?? 0) + 1);
    });
    expect(Math.max(...perDate.values())).toBe(Math.ceil(265 / 214));
    expect([...perDate.keys()].sort()[0]).toBe(today);
    expect(lastDueDate(spread, '2025-01-01')).toBe('2025-12-31');
    expect(perDate.size).toBe(214);
    expect(spread.slice(0, 100)).toEqual(dates.slice(0, 100));
  });

  it('follows one a day from today when fewer days are left than dates (days read ahead)', () => {
    const complete = [false, true, true, true, true, true, false];
    expect(caughtUpDueDates(week, complete, '2025-03-02', '2025-03-01')).toEqual([
      '2025-03-02',
      '2025-03-02',
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-03',
    ]);
  });

  it('goes past a plan’s end at two plan days a day', () => {
    const complete = [true, true, false, false, false, false, false];
    expect(caughtUpDueDates(week, complete, '2025-03-20', '2025-03-01')).toEqual([
      '2025-03-01',
      '2025-03-02',
      '2025-03-20',
      '2025-03-21',
      '2025-03-21',
      '2025-03-22',
      '2025-03-22',
    ]);
  });

  it('asks for one day today after two days missed in the Gospels in 30 days, not three', () => {
    const dates = storedDueDates({ start_date: '2025-03-01', schedule: null }, 30);
    const spread = caughtUpDueDates(dates, none(30), '2025-03-03', '2025-03-01') ?? [];
    expect(spread.filter((date) => date === '2025-03-03')).toHaveLength(1);
    expect(lastDueDate(spread, '2025-03-01')).toBe('2025-03-30');
    const perDate = new Map<string, number>();
    for (const date of spread) perDate.set(date, (perDate.get(date) ?? 0) + 1);
    expect(Math.max(...perDate.values())).toBe(2);
    // The two extra days fall among the last dates, apart from each other.
    expect([...perDate].filter(([, count]) => count === 2).map(([date]) => date)).toEqual([
      '2025-03-16',
      '2025-03-30',
    ]);
  });

  it('is null when nothing due before today is left undone', () => {
    const complete = [true, true, true, false, false, false, false];
    expect(caughtUpDueDates(week, complete, '2025-03-04', '2025-03-01')).toBeNull();
    expect(caughtUpDueDates(week, none(7), '2025-02-27', '2025-03-01')).toBeNull();
  });
});
