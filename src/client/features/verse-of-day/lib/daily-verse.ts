import { addDays, format, startOfDay } from 'date-fns';
import type {
  CreateSavedVerseRequest,
  DailyVerseResponse,
} from '../../../../shared/schemas/verses.ts';

/** spec §2: the long English date, 'Saturday, November 21, 2026', in the visitor's time zone. */
export function longDate(date: Date): string {
  return format(date, 'EEEE, MMMM d, yyyy');
}

/** spec §9: verse-of-the-day saves carry the day's theme, 'daily verse' and a dated note. */
export function dailySavePayload(verse: DailyVerseResponse, date: Date): CreateSavedVerseRequest {
  return {
    text: verse.text,
    reference: verse.reference,
    theme: verse.theme,
    emotion_tag: 'daily verse',
    custom_note: `Verse of the day for ${longDate(date)}`,
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
