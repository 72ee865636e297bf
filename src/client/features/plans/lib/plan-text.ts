import { formatDate, isoDay, type DatePattern } from '#client/lib/dates.ts';
import { formatCount } from '#client/lib/format-count.ts';
import { books } from '#shared/bible/books.ts';
import type { PlanReading, PlanSummary } from '#shared/schemas/plans.ts';

/** '1 day', '7 days'. */
export function dayCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'day' : 'days'}`;
}

/** A plan's length as its card and page say it: '30 days · 89 chapters'. */
export function planLength({ days, chapters }: Pick<PlanSummary, 'days' | 'chapters'>): string {
  return `${dayCount(days)} · ${formatCount(chapters)} ${chapters === 1 ? 'chapter' : 'chapters'}`;
}

/** The plan page's address: /plans?plan=bible-in-a-year. */
export function planHref(planId: string): string {
  return `/plans?plan=${encodeURIComponent(planId)}`;
}

/** The reader's address for a reading: the chapter (the first verse goes in the history state). */
export function readingHref({ book_index, chapter }: PlanReading): string {
  const name = books[book_index]?.name ?? books[0].name;
  return `/read-bible?book=${encodeURIComponent(name)}&chapter=${chapter}`;
}

/** The verse a part-chapter reading starts at ('1-24' → 1), for the reader to scroll to. */
export function readingFirstVerse({ verses }: PlanReading): number | null {
  const first = Number.parseInt(verses ?? '', 10);
  return Number.isInteger(first) && first > 0 ? first : null;
}

/** A plan's calendar date (YYYY-MM-DD, the person's own day) as words, e.g. 'Nov 21, 2026'. */
export function calendarDay(date: string, pattern: DatePattern = 'MMM d, yyyy'): string {
  // Noon UTC, shown in UTC: the same day whatever the device's zone.
  return formatDate(new Date(`${date}T12:00:00Z`), pattern, 'UTC');
}

/** This device's date today (YYYY-MM-DD). */
export function todayOnDevice(now = new Date()): string {
  return isoDay(now);
}
