import { addDays, startOfDay } from 'date-fns';
import { formatDate } from '#client/lib/dates.ts';
import type { CreateSavedVerseRequest, DailyVerseResponse } from '#shared/schemas/verses.ts';

/** product §2: the long English date, 'Saturday, November 21, 2026', in the visitor's time zone. */
export function longDate(date: Date): string {
  return formatDate(date, 'EEEE, MMMM d, yyyy');
}

/**
 * product §9: verse-of-the-day saves carry the day's theme, 'daily verse' and a dated note, and
 * the translation the text is in (decision 015).
 */
export function dailySavePayload(verse: DailyVerseResponse, date: Date): CreateSavedVerseRequest {
  return {
    text: verse.text,
    reference: verse.reference,
    theme: verse.theme,
    emotion_tag: 'daily verse',
    custom_note: `Verse of the day for ${longDate(date)}`,
    translation: verse.translation,
  };
}

/** The journal opens with the verse to reflect on (the journal reads the `verse` parameter). */
export function journalPath(reference: string): string {
  return `/journal?verse=${encodeURIComponent(reference)}`;
}

/** Milliseconds from `now` until the next local midnight. */
export function msUntilNextDay(now: Date): number {
  return addDays(startOfDay(now), 1).getTime() - now.getTime();
}

/** A visitor's Save Verse, waiting while they sign in (lib/pending-action.ts). */
export const pendingSaveKind = 'save-daily-verse';

/** The verse and the day it was shown on, so the note names that day even after midnight. */
export function pendingSave(
  verse: DailyVerseResponse,
  date: Date,
): { verse: DailyVerseResponse; date: string } {
  return { verse, date: date.toISOString() };
}

/** The waiting save as it came back from storage, or null when it is not one. */
export async function parsePendingSave(
  data: unknown,
): Promise<{ verse: DailyVerseResponse; date: Date } | null> {
  const { pendingSaveSchema } = await import('./pending-save.lazy.ts');
  const parsed = pendingSaveSchema.safeParse(data);
  return parsed.success ? { verse: parsed.data.verse, date: new Date(parsed.data.date) } : null;
}

/** A visitor's Download Image, waiting with the verse they were shown (docs/product.md §4, pending actions). */
export const pendingDownloadKind = 'download-daily-verse';

export async function parsePendingDownload(data: unknown): Promise<DailyVerseResponse | null> {
  const { dailyVerseResponseSchema } = await import('./pending-save.lazy.ts');
  const parsed = dailyVerseResponseSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** A visitor's Enable on the 'Daily Notifications' card, waiting while they sign in. */
export const pendingNotificationsKind = 'enable-daily-notifications';

export function parsePendingNotifications(data: unknown): true | null {
  return data === true ? true : null;
}
