import { describe, expect, it } from 'vitest';
import { dailyVerses } from '../../../shared/content/daily-verses.ts';
import { verseCatalogue } from '../../../shared/mood/catalogue.ts';
import { moods } from '../../../shared/mood/moods.ts';
import { moodTopics } from '../../../shared/mood/topics.ts';
import { searchResponseSchema } from '../../../shared/schemas/bible.ts';
import {
  catalogueResponseSchema,
  dailyVerseResponseSchema,
} from '../../../shared/schemas/verses.ts';
import { loadBible } from '../../bible/kjv.ts';
import { lookupPassage } from '../../bible/passage.ts';
import { useTestApp } from '../../test/test-app.ts';
import { buildVerseTexts, resolveVerseText } from './catalogue.service.ts';

const t = useTestApp();
const bible = loadBible();

const everyReference = [
  ...verseCatalogue.map((entry) => ({ list: 'catalogue', reference: entry.reference })),
  ...dailyVerses.map((entry) => ({ list: 'daily', reference: entry.reference })),
];

describe('the references of the catalogue and the daily verses', () => {
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

describe('moodTopics', () => {
  it('gives every mood five topics, each finding verses with the Bible search', async () => {
    for (const mood of moods) {
      const topics = moodTopics[mood];
      expect(topics, mood).toHaveLength(5);
      expect(new Set(topics).size, mood).toBe(5);
      for (const topic of topics) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/bible/search?q=${encodeURIComponent(topic)}`,
        });
        expect(response.statusCode, `${mood}: ${topic}`).toBe(200);
        const { results } = searchResponseSchema.parse(response.json());
        expect(results.length, `${mood}: ${topic}`).toBeGreaterThan(0);
      }
    }
  });
});
