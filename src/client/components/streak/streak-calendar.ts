// The streak calendar's months (decision 016), worked out from the server's local dates
// ('YYYY-MM-DD' in the person's time zone) as UTC days, so the device's own zone never moves
// a day.
import type { Weekday } from '#shared/rules/settings.ts';
import { weekdays } from '#shared/rules/settings.ts';
import type { StreakDay, StreakKind } from '#shared/schemas/habits.ts';

/** One day of a month in the calendar. */
export type CalendarDay = {
  date: string;
  /** The day of the month, 1–31. */
  day: number;
  /** What made it count; empty when it did not. */
  kinds: StreakKind[];
  isToday: boolean;
  isFuture: boolean;
};

export type CalendarMonth = {
  /** 'YYYY-MM' */
  key: string;
  /** 'March 2026' */
  name: string;
  /** 'Mar' */
  shortName: string;
  /** Blank places before the 1st in a week that starts on Monday (0–6). */
  offset: number;
  days: CalendarDay[];
};

/** The calendar shows the month of today and the 11 before it. */
export const calendarMonthCount = 12;

const longMonth = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

function utcDay(date: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The weekday of a local date ('2026-03-02' → 'monday'). */
export function weekdayOf(date: string): Weekday {
  // getUTCDay: 0 is Sunday; weekdays start on Monday.
  return weekdays[(utcDay(date).getUTCDay() + 6) % 7] ?? 'monday';
}

/** The 12 months up to today's, oldest first, each day marked with what made it count. */
export function calendarMonths(today: string, counted: StreakDay[]): CalendarMonth[] {
  const kindsOn = new Map(counted.map((each) => [each.date, each.kinds]));
  const now = utcDay(today);
  const months: CalendarMonth[] = [];
  for (let back = calendarMonthCount - 1; back >= 0; back -= 1) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const length = new Date(
      Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
    ).getUTCDate();
    const days: CalendarDay[] = [];
    for (let day = 1; day <= length; day += 1) {
      const date = isoDate(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day)));
      days.push({
        date,
        day,
        kinds: kindsOn.get(date) ?? [],
        isToday: date === today,
        isFuture: date > today,
      });
    }
    months.push({
      key: isoDate(first).slice(0, 7),
      name: longMonth.format(first),
      shortName: shortMonth.format(first),
      offset: (first.getUTCDay() + 6) % 7,
      days,
    });
  }
  return months;
}

const kindWords: Record<StreakKind, string> = {
  read: 'read a chapter',
  plan: 'finished a plan day',
  review: 'reviewed verses',
  journal: 'wrote in the journal',
  pray: 'prayed through the prayer list',
};

/** 'read a chapter and wrote in the journal' */
export function describeKinds(kinds: StreakKind[]): string {
  const words = kinds.map((kind) => kindWords[kind]);
  if (words.length < 2) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/** '1 day', '12 days' */
export function dayCount(count: number): string {
  return count === 1 ? '1 day' : `${count} days`;
}

/** The days of a month that counted, as the table reads them: '3, 4 and 21 (today)'. */
export function countedDaysText(month: CalendarMonth): string {
  const counted = month.days
    .filter((day) => day.kinds.length > 0)
    .map((day) => (day.isToday ? `${day.day} (today)` : String(day.day)));
  if (counted.length === 0) return 'None';
  if (counted.length === 1) return counted[0] ?? '';
  return `${counted.slice(0, -1).join(', ')} and ${counted.at(-1) ?? ''}`;
}

/** 'sunday' → 'Sunday' */
export function weekdayName(day: Weekday): string {
  return `${day.charAt(0).toUpperCase()}${day.slice(1)}`;
}
