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

  it('saves with the theme, the daily verse tag, a dated note and the translation shown', () => {
    const verse = {
      day: 325,
      reference: 'Joshua 1:9',
      theme: 'Courage and Strength',
      text: 'Haven’t I commanded you? Be strong and courageous…',
      translation: 'web' as const,
    };
    expect(dailySavePayload(verse, new Date(2026, 10, 21, 8))).toEqual({
      text: verse.text,
      reference: 'Joshua 1:9',
      theme: 'Courage and Strength',
      emotion_tag: 'daily verse',
      custom_note: 'Verse of the day for Saturday, November 21, 2026',
      translation: 'web',
    });
  });

  it('keeps a waiting save through storage, and drops anything else', async () => {
    const verse = {
      day: 8,
      reference: 'John 3:16',
      theme: "God's Love",
      text: 'For God so loved…',
      translation: 'asv' as const,
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

  it('reads a save left waiting before translations as the KJV', async () => {
    const date = new Date(Date.UTC(2026, 0, 8, 21, 30));
    const verse = { day: 8, reference: 'John 3:16', theme: "God's Love", text: 'For God so…' };
    expect(await parsePendingSave({ verse, date: date.toISOString() })).toEqual({
      verse: { ...verse, translation: 'kjv' },
      date,
    });
  });

  it('hands the reference to the journal', () => {
    expect(journalPath('1 John 4:18')).toBe('/journal?verse=1%20John%204%3A18');
  });

  it('counts down to local midnight', () => {
    expect(msUntilNextDay(new Date(2026, 10, 21, 23, 59, 30))).toBe(30_000);
    expect(msUntilNextDay(new Date(2026, 10, 21, 0, 0, 0))).toBe(24 * 60 * 60_000);
  });
});
