// Streak maths (decision 016), pure: from the local dates (YYYY-MM-DD) that counted. Days are
// the person's own calendar dates, so a day of 23 or 25 hours is still one day here; the time
// zone matters only when a day is recorded (server/features/streaks/streaks.service.ts).
import { weekdays, type Weekday } from '#shared/rules/settings.ts';

const dayMs = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export function dayNumber(date: string): number {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return Math.round(Date.UTC(year, month - 1, day) / dayMs);
}

/** The YYYY-MM-DD date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * dayMs).toISOString().slice(0, 10);
}

/** The weekday of a day number (day 0, 1 January 1970, was a Thursday). */
function weekdayOfDay(day: number): Weekday {
  return weekdays[(((day + 3) % 7) + 7) % 7] ?? 'monday';
}

export function weekdayOf(date: string): Weekday {
  return weekdayOfDay(dayNumber(date));
}

export type StreakCounts = {
  /** Counted days in a row up to today, or up to yesterday while today has nothing yet. */
  current: number;
  longest: number;
  todayCounted: boolean;
};

/**
 * The current and longest streak. A day that did not count breaks a streak unless it is the
 * rest day (a weekday, so at most one day a week), which bridges it without adding to it. Today
 * with nothing yet does not break it either: the day is not over. Dates after today (recorded
 * in a zone further east before a move west) are left out until they come.
 */
export function countStreak(
  dates: Iterable<string>,
  today: string,
  restDay: Weekday | null,
): StreakCounts {
  const todayNumber = dayNumber(today);
  const days = [...new Set([...dates].map(dayNumber))]
    .filter((day) => day <= todayNumber)
    .sort((a, b) => a - b);
  const isRest = (day: number) => restDay !== null && weekdayOfDay(day) === restDay;
  /** Whether `later` continues a streak that had `earlier`: nothing missed but a rest day. */
  const follows = (earlier: number, later: number) =>
    later - earlier === 1 || (later - earlier === 2 && isRest(earlier + 1));

  let longest = 0;
  let run = 0;
  let previous: number | undefined;
  for (const day of days) {
    run = previous !== undefined && follows(previous, day) ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  const todayCounted = previous === todayNumber;
  // Today counts, or the run reaches today as if today were counted (it may still be).
  const isCurrent = previous !== undefined && (todayCounted || follows(previous, todayNumber));
  return { current: isCurrent ? run : 0, longest, todayCounted };
}
