// The verse of the day as the server drew /verse-of-day (decision 011): the server's calendar
// day and the translation the request named. The page is drawn before the app knows the
// visitor's own day (their time zone) and translation (their device's), so the app shows what
// was drawn while it hydrates, and then its own day's verse if that differs (a visitor past
// midnight where the server is not yet, or the other way round): in the common case nothing
// changes, and hydration matches the markup.
import { skipToken, useQuery } from '@tanstack/react-query';
import type { DailyVerseResponse } from '#shared/schemas/verses.ts';
import { longDate } from './daily-verse.ts';

export type DrawnDailyVerse = {
  /** The calendar day drawn, '2026-11-29'. */
  date: string;
  /** That day written out as the page shows it, so hydrating it formats no date. */
  label: string;
  verse: DailyVerseResponse;
};

/** Never fetched: only the server puts it in the cache it hands over. */
export const drawnDailyVerseKey = ['verses', 'drawn-daily'] as const;

/** Local midnight of a calendar day written '2026-11-29'. */
export function localDay(date: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, day);
}

export function drawnDailyVerse(date: string, verse: DailyVerseResponse): DrawnDailyVerse {
  return { date, label: longDate(localDay(date)), verse };
}

/** The verse the page was drawn with, if it was drawn by the server. */
export function useDrawnDailyVerse(): DrawnDailyVerse | undefined {
  return useQuery<DrawnDailyVerse>({
    queryKey: drawnDailyVerseKey,
    queryFn: skipToken,
    staleTime: Infinity,
  }).data;
}
