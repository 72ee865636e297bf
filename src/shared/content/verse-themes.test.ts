import { describe, expect, it } from 'vitest';
import { verseCatalogue } from '#shared/mood/catalogue.ts';
import { moods } from '#shared/mood/moods.ts';
import { dailyVerses } from './verse-of-day.ts';
import { findVerseThemes, verseThemes } from './verse-themes.ts';

/** A verse saved from the reader: no feeling, and the theme every reader save has. */
function fromReader(reference: string) {
  return { reference, theme: 'Bible Reading', emotion_tag: null };
}

describe('findVerseThemes', () => {
  it('gives a reader save the themes of its verse in the catalogue', () => {
    expect(findVerseThemes(fromReader('Psalms 23:4'))).toEqual(['Strength', 'Comfort']);
    expect(findVerseThemes(fromReader('Isaiah 40:31'))).toEqual(['Strength', 'Hope']);
    expect(findVerseThemes(fromReader('Ephesians 4:32'))).toContain('Love');
  });

  it('finds a single verse inside a catalogue passage, whatever the book is called', () => {
    expect(findVerseThemes(fromReader('Psalms 23:2'))).toEqual(['Peace', 'Comfort']);
    expect(findVerseThemes(fromReader('psalm 23:2'))).toEqual(['Peace', 'Comfort']);
    expect(findVerseThemes(fromReader('Psalms 23:5'))).toEqual([]);
  });

  it("adds the theme of the day's verse", () => {
    // Day 8, "God's Love"; not in the mood catalogue.
    expect(findVerseThemes(fromReader('John 3:16'))).toEqual(['Love']);
    expect(findVerseThemes(fromReader('Psalms 118:24'))).toEqual(['Joy']);
  });

  it('reads a feeling as the themes that answer it', () => {
    const feeling = (mood: string) => ({
      reference: 'Leviticus 4:10',
      theme: mood,
      emotion_tag: mood,
    });
    expect(findVerseThemes(feeling('anxious'))).toEqual(['Peace', 'Comfort']);
    expect(findVerseThemes(feeling('sad'))).toEqual(['Hope', 'Comfort']);
    expect(findVerseThemes(feeling('lonely'))).toEqual(['Love', 'Comfort']);
    expect(findVerseThemes(feeling('fearful'))).toEqual(['Strength', 'Comfort']);
    expect(findVerseThemes(feeling('Joyful'))).toEqual(['Joy']);
  });

  it("reads the words of a saved theme, such as the day's", () => {
    const daily = {
      reference: 'Leviticus 4:10',
      theme: 'Courage and Strength',
      emotion_tag: 'daily verse',
    };
    expect(findVerseThemes(daily)).toEqual(['Strength']);
    expect(findVerseThemes({ ...daily, theme: "God's Love" })).toEqual(['Love']);
    expect(findVerseThemes({ ...daily, theme: 'Peace in Prayer' })).toEqual(['Peace']);
  });

  it('gives nothing to a verse nobody chose, and ignores a word that only contains a theme', () => {
    expect(findVerseThemes(fromReader('Leviticus 4:10'))).toEqual([]);
    expect(findVerseThemes({ ...fromReader('Leviticus 4:10'), emotion_tag: 'beloved' })).toEqual(
      [],
    );
    expect(findVerseThemes(fromReader('not a reference'))).toEqual([]);
    expect(findVerseThemes(fromReader('constructor 1:1'))).toEqual([]);
  });

  it('answers each theme once, in the order of the chips', () => {
    const themes = findVerseThemes({
      reference: 'Romans 15:13',
      theme: 'Hope and Joy',
      emotion_tag: 'hopeful',
    });
    expect(themes).toEqual(['Peace', 'Hope', 'Joy']);
  });

  it('gives every mood, every catalogue verse and most daily verses a theme', () => {
    for (const mood of moods) {
      expect(findVerseThemes({ reference: '', theme: mood, emotion_tag: mood }), mood).not.toEqual(
        [],
      );
    }
    for (const entry of verseCatalogue) {
      expect(findVerseThemes(fromReader(entry.reference)), entry.reference).not.toEqual([]);
    }
    const themed = dailyVerses.filter(
      (verse) => findVerseThemes(fromReader(verse.reference)).length > 0,
    );
    expect(themed.length / dailyVerses.length).toBeGreaterThan(0.5);
  });

  it('knows the six themes of the chips on /saved-verses (product §2)', () => {
    expect(verseThemes).toEqual(['Peace', 'Strength', 'Hope', 'Love', 'Comfort', 'Joy']);
  });
});
