import { describe, expect, it } from 'vitest';
import { verseCatalogue } from './catalogue.ts';
import { moodSuggestions } from './mood-suggestions.ts';
import { moods } from './moods.ts';

/** 'Psalms 40:1-2' → ['Psalms 40:1', 'Psalms 40:2']: the single verses a reference names. */
function versesOf(reference: string): string[] {
  const match = /^(.+) (\d+):(\d+)(?:-(\d+))?$/.exec(reference);
  if (!match) return [];
  const [, book, chapter, first = '0', last = first] = match;
  const verses: string[] = [];
  for (let verse = Number(first); verse <= Number(last); verse += 1) {
    verses.push(`${book} ${chapter}:${verse}`);
  }
  return verses;
}

describe('moodSuggestions', () => {
  it('hand-picks 8 to 12 verse references for each of the 13 moods', () => {
    expect(Object.keys(moodSuggestions).sort()).toEqual([...moods].sort());
    for (const mood of moods) {
      const references = moodSuggestions[mood];
      expect(references.length, mood).toBeGreaterThanOrEqual(8);
      expect(references.length, mood).toBeLessThanOrEqual(12);
      for (const reference of references) {
        // Verses, not chapters: a book, a chapter and one verse or a short range.
        expect(reference, mood).toMatch(
          /^(?:[1-3] )?[A-Z][a-z]+(?: [A-Z][a-z]+)* \d+:\d+(?:-\d+)?$/,
        );
        expect(versesOf(reference).length, reference).toBeGreaterThan(0);
        expect(versesOf(reference).length, reference).toBeLessThanOrEqual(4);
      }
    }
  });

  it('never repeats a catalogue verse, and never gives one verse to two moods', () => {
    const owner = new Map<string, string>();
    for (const entry of verseCatalogue) {
      for (const verse of versesOf(entry.reference)) owner.set(verse, `catalogue ${entry.mood}`);
    }
    for (const mood of moods) {
      for (const reference of moodSuggestions[mood]) {
        for (const verse of versesOf(reference)) {
          expect(owner.get(verse), `${mood} ${reference}`).toBeUndefined();
          owner.set(verse, mood);
        }
      }
    }
  });
});
