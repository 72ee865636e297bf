import { describe, expect, it } from 'vitest';
import { lookupPassage } from '#server/bible/passage.ts';
import { createTranslations } from '#server/bible/translations.ts';
import { defaultTranslation, translationIds } from '#shared/bible/translations.ts';
import { dailyVerses } from '#shared/content/verse-of-day.ts';
import { verseCatalogue } from '#shared/mood/catalogue.ts';
import { defaultVerse } from '#shared/mood/default-verse.ts';
import { detectMood } from '#shared/mood/detect-mood.ts';
import { moodSuggestions } from '#shared/mood/mood-suggestions.ts';
import { moods } from '#shared/mood/moods.ts';
import {
  catalogueResponseSchema,
  dailyVerseResponseSchema,
  moodSuggestionsResponseSchema,
} from '#shared/schemas/verses.ts';
import { sharedBible, useTestApp } from '#tests/api-support/test-app.ts';
import { buildVerseTexts, resolveVerseText } from './catalogue.service.ts';

const t = useTestApp();
const bible = sharedBible();
const translations = createTranslations(bible);

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

  it('resolve in the WEB and the ASV too, each to words', () => {
    for (const id of translationIds) {
      const translation = translations.get(id);
      expect(() =>
        buildVerseTexts(translation, { catalogue: verseCatalogue, daily: dailyVerses }),
      ).not.toThrow();
      for (const { list, reference } of everyReference) {
        const resolved = resolveVerseText(translation, reference);
        expect(resolved, `${id} ${list} ${reference}`).toEqual({ text: expect.any(String) });
        const { text } = resolved as { text: string };
        expect(text.length, `${id} ${list} ${reference}`).toBeGreaterThan(10);
        expect(text, `${id} ${list} ${reference}`).not.toMatch(/[[\]#{}\n]|\s{2}|^\s|\s$/);
      }
    }
  });

  it('each end a sentence in every translation, never mid-thought on : , ; or no stop', () => {
    // A stop, then perhaps a closing quote or bracket; a psalm's closing 'Selah' may follow the
    // stop (the ASV gives it no full stop of its own: 'be still. Selah').
    const endsASentence = (text: string) => /[.!?][’”'")\]]*$/.test(text.replace(/ Selah\.?$/, ''));
    const unfinished: string[] = [];
    for (const id of translationIds) {
      const translation = translations.get(id);
      for (const { list, reference } of everyReference) {
        // The default verse is always shown in the KJV words that ship with the app.
        if (list === 'default' && id !== defaultTranslation) continue;
        const { text } = resolveVerseText(translation, reference) as { text: string };
        if (!endsASentence(text))
          unfinished.push(`${id} ${list} ${reference}: …${text.slice(-30)}`);
      }
    }
    expect(unfinished).toEqual([]);
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
      translation: 'kjv',
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

describe('GET /api/verses/suggestions', () => {
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
    expect(body.translation).toBe('kjv');
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

describe("the verse texts in the person's translation", () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const john316 = {
    kjv: 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
    web: 'For God so loved the world, that he gave his one and only Son, that whoever believes in him should not perish, but have eternal life.',
    asv: 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth on him should not perish, but have eternal life.',
  };
  const john316Day = dailyVerses.findIndex((verse) => verse.reference === 'John 3:16') + 1;

  it('gives the daily verse in the translation asked for, the KJV when none is', async () => {
    expect(john316Day).toBeGreaterThan(0);
    for (const [query, translation] of [
      ['', 'kjv'],
      ['?translation=kjv', 'kjv'],
      ['?translation=web', 'web'],
      ['?translation=asv', 'asv'],
    ] as const) {
      const response = await get(`/api/verses/daily/${john316Day}${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(dailyVerseResponseSchema.parse(response.json()), query).toEqual({
        day: john316Day,
        reference: 'John 3:16',
        theme: dailyVerses[john316Day - 1]?.theme,
        text: john316[translation],
        translation,
      });
    }
  });

  it('lists the catalogue in the translation asked for', async () => {
    const kjv = catalogueResponseSchema.parse((await get('/api/verses/catalogue')).json());
    const response = await get('/api/verses/catalogue?translation=web');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const web = catalogueResponseSchema.parse(response.json());
    expect(kjv.translation).toBe('kjv');
    expect(web.translation).toBe('web');
    // The same verses, moods and themes; only the words are the WEB's.
    expect(web.verses.map(({ text: _text, ...rest }) => rest)).toEqual(
      kjv.verses.map(({ text: _text, ...rest }) => rest),
    );
    const webBible = translations.get('web');
    for (const verse of web.verses) {
      expect(verse.text, verse.reference).toBe(
        (resolveVerseText(webBible, verse.reference) as { text: string }).text,
      );
    }
    const anxious = (body: typeof kjv) =>
      body.verses.find((verse) => verse.reference === '1 Peter 5:7')?.text;
    expect(anxious(web)).toBe('casting all your worries on him, because he cares for you.');
    expect(anxious(kjv)).toBe('Casting all your care upon him; for he careth for you.');
    const asv = catalogueResponseSchema.parse(
      (await get('/api/verses/catalogue?translation=asv')).json(),
    );
    expect(asv.translation).toBe('asv');
    expect(asv.verses.map((verse) => verse.text)).not.toEqual(kjv.verses.map((v) => v.text));
  });

  it('gives the mood suggestions in the translation asked for', async () => {
    const kjv = moodSuggestionsResponseSchema.parse(
      (await get('/api/verses/suggestions?mood=anxious')).json(),
    );
    const response = await get('/api/verses/suggestions?mood=anxious&translation=web');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const web = moodSuggestionsResponseSchema.parse(response.json());
    expect(kjv.translation).toBe('kjv');
    expect(web).toMatchObject({ mood: 'anxious', translation: 'web' });
    expect(web.verses.map(({ text: _text, ...place }) => place)).toEqual(
      kjv.verses.map(({ text: _text, ...place }) => place),
    );
    expect(web.verses.find((verse) => verse.reference === 'John 14:1')?.text).toBe(
      '“Don’t let your heart be troubled. Believe in God. Believe also in me.',
    );
  });

  it.each(['foo', '__proto__', 'constructor', 'toString', 'King James Version', 'kjv,web', ''])(
    'refuses translation=%j with 400 { error, message } on each route',
    async (translation) => {
      const query = `translation=${encodeURIComponent(translation)}`;
      for (const url of [
        `/api/verses/daily/${john316Day}?${query}`,
        `/api/verses/catalogue?${query}`,
        `/api/verses/suggestions?mood=anxious&${query}`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.headers['cache-control'], url).toBe('no-store');
        expect(response.json(), url).toEqual({
          error: 'VALIDATION_ERROR',
          message: 'translation: choose kjv, web or asv.',
        });
      }
    },
  );

  it('reads a translation named in any case (translation=WEB) on each route', async () => {
    for (const url of [
      `/api/verses/daily/${john316Day}?translation=WEB`,
      `/api/verses/catalogue?translation=Web`,
      `/api/verses/suggestions?mood=anxious&translation=WEB`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json().translation, url).toBe('web');
    }
  });

  it('refuses a translation given twice', async () => {
    const response = await get('/api/verses/catalogue?translation=web&translation=asv');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });
});
