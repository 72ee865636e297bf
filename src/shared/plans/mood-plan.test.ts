import { describe, expect, it } from 'vitest';
import { books } from '#shared/bible/books.ts';
import { moods } from '#shared/mood/moods.ts';
import { moodPlanDays } from '#shared/rules/habits.ts';
import {
  buildMoodPlanDays,
  moodPlanPrompts,
  moodPlanTitle,
  moodPlanVerses,
  passageAround,
  type ChapterShape,
} from './mood-plan.ts';

/** Every chapter 30 verses long with a paragraph at 1, 10 and 20. */
const shapes = (): ChapterShape => ({ verses: 30, paragraphStarts: [1, 10, 20] });
const psalms = books.findIndex((book) => book.name === 'Psalms');

describe('a 7-day plan from a feeling', () => {
  it.each(moods)(
    'for %s: seven days, each around its own verse, in a chapter of its own',
    (mood) => {
      const days = buildMoodPlanDays(mood, shapes);
      expect(days).toHaveLength(moodPlanDays);
      expect(days.map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(new Set(days.map((day) => day.focus)).size).toBe(moodPlanDays);
      const chapters = days.map(
        (day) => `${day.readings[0]?.book_index}:${day.readings[0]?.chapter}`,
      );
      expect(new Set(chapters).size).toBe(moodPlanDays);
      expect(days.map((day) => day.prompt)).toEqual(moodPlanPrompts[mood]);
      for (const day of days) expect(day.readings).toHaveLength(1);
    },
  );

  it('takes the verses in a stable order: the catalogue’s first, then the suggestions', () => {
    expect(moodPlanVerses('sad').map((verse) => verse.reference)).toEqual([
      'Psalms 34:18',
      'Psalms 147:3',
      'Matthew 5:4',
      'Revelation 21:4',
      'Psalms 30:5',
      'John 11:35',
      '2 Corinthians 1:3-4',
    ]);
    // Matthew 6:26 is in the chapter of 6:34, already the third day's: it is left out.
    const anxious = moodPlanVerses('anxious').map((verse) => verse.reference);
    expect(anxious).toContain('Matthew 6:34');
    expect(anxious).not.toContain('Matthew 6:26');
  });

  it('names the focus as a person reads it, and the mood in the title', () => {
    const [first] = buildMoodPlanDays('sad', shapes);
    expect(first?.focus).toBe('Psalm 34:18');
    expect(first?.readings[0]).toEqual({
      book_index: psalms,
      chapter: 34,
      verses: '14-19',
      label: 'Psalm 34:14–19',
    });
    expect(moodPlanTitle('anxious')).toBe('7 days for when you feel anxious');
  });

  it('has seven short prompts for every mood', () => {
    for (const mood of moods) {
      expect(moodPlanPrompts[mood]).toHaveLength(moodPlanDays);
      for (const prompt of moodPlanPrompts[mood]) expect(prompt.length).toBeLessThan(100);
    }
  });
});

describe('the passage around a verse', () => {
  const verse = (first: number, last = first) => ({
    reference: 'x',
    bookIndex: 42,
    chapter: 3,
    first,
    last,
  });

  it('is four verses either side, within the verse’s paragraph', () => {
    expect(passageAround(verse(15), shapes())).toMatchObject({
      verses: '11-19',
      label: 'John 3:11–19',
    });
    expect(passageAround(verse(11), shapes())).toMatchObject({ verses: '10-15' });
    expect(passageAround(verse(6, 7), shapes())).toMatchObject({ verses: '2-9' });
  });

  it('takes two verses either side when the paragraph leaves too few', () => {
    const shape = { verses: 30, paragraphStarts: [1, 10, 12, 20] };
    expect(passageAround(verse(10), shape)).toMatchObject({ verses: '8-12' });
    expect(passageAround(verse(30), { verses: 30, paragraphStarts: [30] })).toMatchObject({
      verses: '28-30',
    });
  });

  it('reads a short chapter whole', () => {
    expect(passageAround(verse(4), { verses: 8, paragraphStarts: [] })).toEqual({
      book_index: 42,
      chapter: 3,
      verses: null,
      label: 'John 3',
    });
  });
});
