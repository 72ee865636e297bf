import { describe, expect, it } from 'vitest';
import { defaultVerse } from '#shared/mood/default-verse.ts';
import {
  feelingSavePayload,
  parsePendingVerse,
  pickSuggestions,
  readerHref,
  toVerseResult,
} from './feeling-verse.ts';

const catalogueVerse = {
  reference: 'Philippians 4:6',
  mood: 'anxious',
  themes: ['peace', 'prayer'],
  text: 'Be careful for nothing; but in every thing by prayer…',
};

describe('feeling verse', () => {
  it('shows the detected mood with the verse, and its translation', () => {
    expect(toVerseResult(catalogueVerse, 'fearful', 'web')).toEqual({
      text: catalogueVerse.text,
      reference: 'Philippians 4:6',
      mood: 'fearful',
      themes: ['peace', 'prayer'],
      translation: 'web',
    });
  });

  it('saves with the mood as theme and emotion tag, no note, in the translation shown', () => {
    expect(feelingSavePayload(toVerseResult(catalogueVerse, 'anxious', 'asv'))).toEqual({
      text: catalogueVerse.text,
      reference: 'Philippians 4:6',
      theme: 'anxious',
      emotion_tag: 'anxious',
      custom_note: null,
      translation: 'asv',
    });
  });

  it('shows the default verse with the mood that was found', () => {
    expect(toVerseResult(defaultVerse, 'lonely', 'kjv')).toEqual({
      text: 'Trust in the LORD with all thine heart; and lean not unto thine own understanding.',
      reference: 'Proverbs 3:5',
      mood: 'lonely',
      themes: ['trust', 'guidance'],
      translation: 'kjv',
    });
  });

  it('takes back a waiting verse only when it is one', async () => {
    const verse = toVerseResult(catalogueVerse, 'anxious', 'web');
    expect(await parsePendingVerse(JSON.parse(JSON.stringify(verse)))).toEqual(verse);
    // One left waiting before translations is the KJV's.
    const { translation: _, ...older } = verse;
    expect(await parsePendingVerse(older)).toEqual({ ...verse, translation: 'kjv' });
    expect(await parsePendingVerse({ ...verse, translation: 'niv' })).toBeNull();
    expect(await parsePendingVerse(null)).toBeNull();
    expect(await parsePendingVerse({ ...verse, mood: 'blessed' })).toBeNull();
    expect(await parsePendingVerse({ ...verse, text: '' })).toBeNull();
    expect(await parsePendingVerse({ reference: 'John 3:16' })).toBeNull();
  });

  it('links a result to its chapter in the reader, in its translation', () => {
    expect(readerHref({ book: '1 Peter', chapter: 5 })).toBe(
      '/read-bible?book=1%20Peter&chapter=5',
    );
    expect(readerHref({ book: '1 Peter', chapter: 5 }, 'kjv')).toBe(
      '/read-bible?book=1%20Peter&chapter=5',
    );
    expect(readerHref({ book: '1 Peter', chapter: 5 }, 'web')).toBe(
      '/read-bible?book=1%20Peter&chapter=5&translation=web',
    );
  });
});

describe('pickSuggestions', () => {
  const chosen = ['A 1:1', 'B 1:1', 'C 1:1', 'D 1:1', 'E 1:1', 'F 1:1'].map((reference) => ({
    reference,
  }));
  const references = (verses: { reference: string }[]) => verses.map((verse) => verse.reference);

  it('shows three distinct verses, never the one already on the card', () => {
    for (const shown of ['A 1:1', 'C 1:1', 'F 1:1', 'Proverbs 3:5']) {
      for (let seed = 1; seed < 20; seed += 1) {
        let state = seed;
        const random = () => (state = (state * 16_807) % 2_147_483_647) / 2_147_483_647;
        const picked = references(pickSuggestions(chosen, shown, random));
        expect(picked).toHaveLength(3);
        expect(new Set(picked).size).toBe(3);
        expect(picked).not.toContain(shown);
      }
    }
  });

  it('does not always show the same three', () => {
    const first = references(pickSuggestions(chosen, 'A 1:1', () => 0));
    const last = references(pickSuggestions(chosen, 'A 1:1', () => 0.999));
    expect(first).not.toEqual(last);
  });

  it('keeps whatever there is when fewer than three are left', () => {
    expect(references(pickSuggestions(chosen.slice(0, 3), 'B 1:1'))).toHaveLength(2);
    expect(pickSuggestions([], 'B 1:1')).toEqual([]);
  });
});
