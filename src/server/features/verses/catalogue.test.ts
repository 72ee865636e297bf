import { describe, expect, it } from 'vitest';
import { dailyVerses } from '../../../shared/content/verse-of-day.ts';
import { verseCatalogue } from '../../../shared/mood/catalogue.ts';
import { defaultVerse } from '../../../shared/mood/default-verse.ts';
import { detectMood } from '../../../shared/mood/detect-mood.ts';
import { moodSuggestions } from '../../../shared/mood/mood-suggestions.ts';
import { moods } from '../../../shared/mood/moods.ts';
import {
  catalogueResponseSchema,
  dailyVerseResponseSchema,
  moodSuggestionsResponseSchema,
} from '../../../shared/schemas/verses.ts';
import { loadBible } from '../../kjv/kjv.ts';
import { lookupPassage } from '../../kjv/passage.ts';
import { useTestApp } from '../../../../tests/api-support/test-app.ts';
import { buildVerseTexts, resolveVerseText } from './catalogue.service.ts';

const t = useTestApp();
const bible = loadBible();

const everyReference = [
  ...verseCatalogue.map((entry) => ({ list: 'catalogue', reference: entry.reference })),
  ...dailyVerses.map((entry) => ({ list: 'daily', reference: entry.reference })),
  ...moods.flatMap((mood) =>
    moodSuggestions[mood].map((reference) => ({ list: `suggestions ${mood}`, reference })),
  ),
  { list: 'default', reference: defaultVerse.reference },
];

describe('the references of the catalogue, the daily verses and the mood suggestions', () => {
  it('all resolve in the KJV, each to exactly the passage it names (books.ts spelling)', () => {
    const bad: string[] = [];
    for (const { list, reference } of everyReference) {
      try {
        const passage = lookupPassage(bible, reference);
        if (passage.reference !== reference)
          bad.push(`${list} ${reference} → ${passage.reference}`);
      } catch (error) {
        bad.push(`${list} ${reference}: ${String(error)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('are quotations, not chapters: at most four verses each', () => {
    for (const { list, reference } of everyReference) {
      const { verses } = lookupPassage(bible, reference);
      expect(verses.length, `${list} ${reference}`).toBeLessThanOrEqual(4);
    }
  });

  it('are distinct within the catalogue', () => {
    const references = verseCatalogue.map((entry) => entry.reference);
    expect(new Set(references).size).toBe(references.length);
  });
});

describe('the start-up check', () => {
  it('accepts the real lists and names every reference that does not resolve', () => {
    expect(() =>
      buildVerseTexts(bible, { catalogue: verseCatalogue, daily: dailyVerses }),
    ).not.toThrow();
    const check = () =>
      buildVerseTexts(bible, {
        catalogue: [{ reference: 'John 3:16' }, { reference: 'Hezekiah 1:1' }],
        daily: [{ reference: 'John 3:99' }, { reference: 'John 3:30-40' }],
      });
    expect(check).toThrow(/do not resolve in the KJV \(3\)/);
    expect(check).toThrow(/catalogue "Hezekiah 1:1"/);
    expect(check).toThrow(/daily "John 3:99"/);
    expect(check).toThrow(/daily "John 3:30-40": it resolves to "John 3:30-36"/);
  });

  it('reads a book by any name the parser knows, and joins the verses of a range', () => {
    expect(resolveVerseText(bible, 'Psalm 46:1')).toEqual(resolveVerseText(bible, 'Psalms 46:1'));
    expect(resolveVerseText(bible, 'Jeremiah 17:7-8')).toEqual({
      text:
        'Blessed is the man that trusteth in the LORD, and whose hope the LORD is. ' +
        'For he shall be as a tree planted by the waters, and that spreadeth out her roots by ' +
        'the river, and shall not see when heat cometh, but her leaf shall be green; and shall ' +
        'not be careful in the year of drought, neither shall cease from yielding fruit.',
    });
  });
});

describe('GET /api/verses/catalogue', () => {
  it('lists every catalogue verse with its plain KJV text, cached for a day', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/verses/catalogue' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const { verses } = catalogueResponseSchema.parse(response.json());

    expect(verses.length).toBeGreaterThanOrEqual(130);
    expect(verses.map(({ reference, mood, themes }) => ({ reference, mood, themes }))).toEqual(
      verseCatalogue,
    );
    for (const mood of moods) {
      expect(verses.filter((verse) => verse.mood === mood).length, mood).toBeGreaterThanOrEqual(10);
    }
    for (const verse of verses) {
      expect(moods, verse.reference).toContain(verse.mood);
      expect(verse.themes.length, verse.reference).toBeGreaterThanOrEqual(2);
      expect(verse.themes.length, verse.reference).toBeLessThanOrEqual(4);
      for (const theme of verse.themes) expect(theme, verse.reference).toMatch(/^[a-z-]+$/);
      expect(verse.text.length, verse.reference).toBeGreaterThan(10);
      expect(verse.text, verse.reference).not.toMatch(/[[\]#]|\s{2}/);
    }
    // The saved-verse chips find verses to show.
    for (const chip of ['peace', 'strength', 'hope', 'love', 'comfort', 'joy']) {
      expect(verses.filter((verse) => verse.themes.includes(chip)).length, chip).toBeGreaterThan(5);
    }
    const anxious = verses.find((verse) => verse.reference === '1 Peter 5:7');
    expect(anxious).toMatchObject({
      mood: 'anxious',
      text: 'Casting all your care upon him; for he careth for you.',
    });
    // A range is its verses joined by one space.
    expect(verses.find((verse) => verse.reference === 'Philippians 4:6-7')?.text).toBe(
      'Be careful for nothing; but in every thing by prayer and supplication with thanksgiving ' +
        'let your requests be made known unto God. And the peace of God, which passeth all ' +
        'understanding, shall keep your hearts and minds through Christ Jesus.',
    );
  });
});

describe('GET /api/verses/daily/:day', () => {
  const getDay = (day: string | number) =>
    t.app.inject({ method: 'GET', url: `/api/verses/daily/${day}` });

  it('answers every day from 1 to 366 with its verse and KJV text, cached for a day', async () => {
    for (let day = 1; day <= 366; day += 1) {
      const response = await getDay(day);
      expect(response.statusCode, `day ${day}`).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      const verse = dailyVerseResponseSchema.parse(response.json());
      expect(verse, `day ${day}`).toMatchObject({ day, ...dailyVerses[day - 1] });
      expect(verse.text.length, `day ${day}`).toBeGreaterThan(10);
      expect(verse.text, `day ${day}`).not.toMatch(/[[\]#]/);
    }
  });

  it('gives Joshua 1:9 with its theme and text', async () => {
    const day = dailyVerses.findIndex((verse) => verse.reference === 'Joshua 1:9') + 1;
    const response = await getDay(day);
    expect(response.json()).toEqual({
      day,
      reference: 'Joshua 1:9',
      theme: 'Courage and Strength',
      text:
        'Have not I commanded thee? Be strong and of a good courage; be not afraid, neither be ' +
        'thou dismayed: for the LORD thy God is with thee whithersoever thou goest.',
    });
  });

  it.each(['0', '367', 'abc', '-1', '1.5', '1e2', '0x10', '%20', '1000', '007x'])(
    'answers day %j with 400 { error, message }',
    async (day) => {
      const response = await getDay(day);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: expect.stringContaining('1 to 366'),
      });
    },
  );

  it('accepts a leading zero as the same day', async () => {
    const response = await getDay('007');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ day: 7, reference: dailyVerses[6]?.reference });
  });
});

describe('the default verse (product §8)', () => {
  it('is Proverbs 3:5, word for word as the KJV has it', () => {
    expect(resolveVerseText(bible, defaultVerse.reference)).toEqual({ text: defaultVerse.text });
  });
});

describe('GET /api/verses/suggestions (issue 21 item 3)', () => {
  const getSuggestions = (mood: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/verses/suggestions?mood=${encodeURIComponent(mood)}`,
    });

  it("answers 'I am anxious and worried' only with verses chosen for anxiety", async () => {
    const { mood } = detectMood('I am anxious and worried');
    expect(mood).toBe('anxious');
    const response = await getSuggestions(mood);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const body = moodSuggestionsResponseSchema.parse(response.json());
    expect(body.mood).toBe('anxious');

    const chosen = [
      ...verseCatalogue.filter((entry) => entry.mood === 'anxious').map((entry) => entry.reference),
      ...moodSuggestions.anxious,
    ];
    expect(body.verses.map((verse) => verse.reference)).toEqual(chosen);
    for (const verse of body.verses) {
      expect(verse.book, verse.reference).not.toMatch(/^(Leviticus|Exodus|Numbers)$/);
      expect(verse.reference.startsWith(`${verse.book} ${verse.chapter}:${verse.verse}`)).toBe(
        true,
      );
      expect(verse.text).toBe((resolveVerseText(bible, verse.reference) as { text: string }).text);
    }
    expect(body.verses.find((verse) => verse.reference === 'John 14:1')).toEqual({
      reference: 'John 14:1',
      book: 'John',
      chapter: 14,
      verse: 1,
      text: 'Let not your heart be troubled: ye believe in God, believe also in me.',
    });
    expect(body.verses.find((verse) => verse.reference === 'Psalms 40:1-2')).toBeUndefined();
  });

  it('gives every mood its own catalogue verses and hand-picked ones, and nothing else', async () => {
    for (const mood of moods) {
      const body = moodSuggestionsResponseSchema.parse((await getSuggestions(mood)).json());
      const own = new Set([
        ...verseCatalogue.filter((entry) => entry.mood === mood).map((entry) => entry.reference),
        ...moodSuggestions[mood],
      ]);
      expect(body.verses.length, mood).toBe(own.size);
      for (const verse of body.verses) expect(own.has(verse.reference), mood).toBe(true);
    }
  });

  it('starts a range at its first verse, for the link to the reader', async () => {
    const body = moodSuggestionsResponseSchema.parse((await getSuggestions('sad')).json());
    expect(body.verses.find((verse) => verse.reference === 'Psalms 40:1-2')).toMatchObject({
      book: 'Psalms',
      chapter: 40,
      verse: 1,
      text: expect.stringMatching(/^I waited patiently for the LORD; .+ established my goings\.$/),
    });
  });

  it.each(['', 'blessed', 'ANXIOUS', 'anxious,sad', '../catalogue'])(
    'answers mood %j with 400 { error, message }',
    async (mood) => {
      const response = await getSuggestions(mood);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: expect.stringContaining('anxious'),
      });
    },
  );

  it('answers 400 without a mood at all', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/verses/suggestions' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });
});
