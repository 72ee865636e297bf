import { describe, expect, it } from 'vitest';
import {
  dailySavePayload,
  journalPath,
  longDate,
  msUntilNextDay,
  parsePendingSave,
  pendingSave,
} from './daily-verse.ts';

describe('verse of the day', () => {
  it('writes the date out in long English form', () => {
    expect(longDate(new Date(2026, 10, 21, 23, 59))).toBe('Saturday, November 21, 2026');
    expect(longDate(new Date(2027, 0, 1, 0, 0))).toBe('Friday, January 1, 2027');
  });

  it('saves with the theme, the daily verse tag and a dated note', () => {
    const verse = {
      day: 325,
      reference: 'Joshua 1:9',
      theme: 'Courage and Strength',
      text: 'Have not I commanded thee? Be strong and of a good courage…',
    };
    expect(dailySavePayload(verse, new Date(2026, 10, 21, 8))).toEqual({
      text: verse.text,
      reference: 'Joshua 1:9',
      theme: 'Courage and Strength',
      emotion_tag: 'daily verse',
      custom_note: 'Verse of the day for Saturday, November 21, 2026',
    });
  });

  it('keeps a waiting save through storage, and drops anything else', async () => {
    const verse = {
      day: 8,
      reference: 'John 3:16',
      theme: "God's Love",
      text: 'For God so loved…',
    };
    const date = new Date(Date.UTC(2026, 0, 8, 21, 30));
    const stored: unknown = JSON.parse(JSON.stringify(pendingSave(verse, date)));
    expect(await parsePendingSave(stored)).toEqual({ verse, date });
    expect(await parsePendingSave({ verse, date: 'yesterday' })).toBeNull();
    expect(
      await parsePendingSave({ verse: { reference: 'John 3:16' }, date: date.toISOString() }),
    ).toBeNull();
    expect(await parsePendingSave(null)).toBeNull();
  });

  it('hands the reference to the journal', () => {
    expect(journalPath('1 John 4:18')).toBe('/journal?verse=1%20John%204%3A18');
  });

  it('counts down to local midnight', () => {
    expect(msUntilNextDay(new Date(2026, 10, 21, 23, 59, 30))).toBe(30_000);
    expect(msUntilNextDay(new Date(2026, 10, 21, 0, 0, 0))).toBe(24 * 60 * 60_000);
  });
});
