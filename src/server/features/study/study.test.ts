import { describe, expect, it } from 'vitest';
import { studyDataVersion } from '#shared/rules/study.ts';
import {
  chapterStudyResponseSchema,
  crossReferenceAttribution,
  crossReferencesResponseSchema,
  strongsEntryResponseSchema,
} from '#shared/schemas/study.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const t = useTestApp();

async function crossReferences(path: string, status = 200) {
  const response = await t.app.inject({ method: 'GET', url: `/api/study/${path}` });
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

describe('GET /api/study/{book}/{chapter}/{verse}/cross-references', () => {
  it("answers a visitor with the verse's best references in the KJV's words, and the attribution", async () => {
    const answer = crossReferencesResponseSchema.parse(
      await crossReferences('John/3/16/cross-references'),
    );
    expect(answer).toMatchObject({
      reference: 'John 3:16',
      translation: 'kjv',
      attribution: crossReferenceAttribution,
    });
    expect(answer.items).toHaveLength(5);
    expect(answer.total).toBeGreaterThan(5);
    const romans = answer.items.find((item) => item.reference === 'Romans 5:8');
    expect(romans).toMatchObject({ book: 'Romans', chapter: 5, verse: 8 });
    expect(romans?.text).toContain('God commendeth his love toward us');
    const votes = answer.items.map((item) => item.votes);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
  });

  it('may be kept by browsers and shared caches for a day, as the Bible is', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/study/John/3/16/cross-references',
    });
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const strongs = await t.app.inject({ method: 'GET', url: '/api/study/strongs/G25' });
    expect(strongs.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('gives the words in the translation asked for, and pages on from where it was', async () => {
    const first = crossReferencesResponseSchema.parse(
      await crossReferences('John/3/16/cross-references?translation=web&limit=3'),
    );
    const romans = first.items.find((item) => item.reference === 'Romans 5:8');
    expect(first.translation).toBe('web');
    if (romans) expect(romans.text).toContain('But God commends his own love toward us');
    const next = crossReferencesResponseSchema.parse(
      await crossReferences('John/3/16/cross-references?translation=web&limit=3&offset=3'),
    );
    const both = await crossReferences('John/3/16/cross-references?translation=web&limit=6');
    expect([...first.items, ...next.items]).toEqual(both.items);
  });

  it('names a run of verses as a person writes it, a psalm as Psalm', async () => {
    const answer = crossReferencesResponseSchema.parse(
      await crossReferences('Genesis/1/1/cross-references?limit=20'),
    );
    const references = answer.items.map((item) => item.reference);
    expect(references.some((reference) => /^Psalm \d+:\d+/.test(reference))).toBe(true);
    expect(references.every((reference) => !reference.startsWith('Psalms '))).toBe(true);
    expect(references.some((reference) => /\d+:\d+–\d+/.test(reference))).toBe(true);
  });

  it.each([
    'Genesis/1/32/cross-references',
    'Genesis/51/1/cross-references',
    'Hezekiah/1/1/cross-references',
    '__proto__/1/1/cross-references',
    'constructor/1/1/cross-references',
    'John/3/16x/cross-references',
    'John/-3/16/cross-references',
    `${'a'.repeat(45)}/1/1/cross-references`,
  ])('answers 404 with a message for %s', async (path) => {
    const answer = await crossReferences(path, 404);
    expect(answer).toEqual({
      error: 'NOT_FOUND',
      message: expect.stringMatching(/^Verse not found/),
    });
  });

  it.each([
    'John/3/16/cross-references?limit=0',
    'John/3/16/cross-references?limit=21',
    'John/3/16/cross-references?offset=-1',
    'John/3/16/cross-references?translation=niv',
    'John/3/16/cross-references?limit=__proto__',
  ])('answers 400 with a message for %s', async (path) => {
    const answer = await crossReferences(path, 400);
    expect(answer).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });
});

describe('GET /api/study/{book}/{chapter}', () => {
  it("gives each verse's words their Strong's numbers, and Christ's words, for anyone", async () => {
    const answer = chapterStudyResponseSchema.parse(await crossReferences('John/3'));
    expect(answer).toMatchObject({ book: 'John', chapter: 3 });
    expect(answer.verses).toHaveLength(36);
    const verse16 = answer.verses[15];
    // 'For God so loved the world': loved is the fourth word.
    expect(verse16?.strongs.slice(0, 6)).toEqual([
      'G1063',
      'G2316',
      'G3779',
      'G25',
      'G2889',
      'G2889',
    ]);
    expect(verse16?.christ).toHaveLength(verse16?.strongs.length ?? -1);
    expect(answer.verses[0]?.christ).toEqual([]);
    // John 3:16 is among the best cross-referenced verses in the Bible; 3:1 has no strong ones.
    expect(answer.strong_references).toContain(16);
    expect(answer.strong_references).not.toContain(1);
    // Matthew Henry's notes, in verse order, one of them on verse 16.
    expect(answer.commentary.length).toBeGreaterThan(1);
    const note16 = answer.commentary.find((note) => note.from <= 16 && note.to >= 16);
    expect(note16?.paragraphs.join(' ')).toMatch(/love/i);
    const starts = answer.commentary.map((note) => note.from);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("is kept for good when asked for with this release's version, and a while without it", async () => {
    const versioned = await t.app.inject({
      method: 'GET',
      url: `/api/study/Psalms/119?v=${studyDataVersion}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers['content-encoding']).toBe('br');
    // The whole chapter's study helps, the longest chapter's too, in at most 30 KB on the wire.
    expect(versioned.rawPayload.length).toBeLessThanOrEqual(30 * 1024);
    for (const url of ['/api/study/Psalms/119', '/api/study/Psalms/119?v=old']) {
      const unversioned = await t.app.inject({ method: 'GET', url });
      expect(unversioned.headers['cache-control']).toBe('public, max-age=300');
      expect(unversioned.json()).toMatchObject({ version: studyDataVersion });
    }
  });

  it.each(['Genesis/51', 'Hezekiah/1', '__proto__/1', 'John/0', 'John/3x'])(
    'answers 404 Chapter not found for %s',
    async (path) => {
      expect(await crossReferences(path, 404)).toEqual({
        error: 'NOT_FOUND',
        message: expect.stringMatching(/^Chapter not found/),
      });
    },
  );
});

describe('GET /api/study/strongs/{number}', () => {
  it('gives G25 its word, sense, renderings and every use, counted by book, a page at a time', async () => {
    const answer = strongsEntryResponseSchema.parse(await crossReferences('strongs/G25?limit=5'));
    expect(answer).toMatchObject({
      number: 'G25',
      lemma: 'ἀγαπάω',
      transliteration: 'agapáō',
      definition: expect.stringContaining('to love'),
    });
    expect(answer.renderings[0]).toMatchObject({ word: 'love' });
    expect(answer.renderings.map((rendering) => rendering.word)).toContain('loved');
    expect(answer.uses.total).toBeGreaterThan(100);
    expect(answer.uses.by_book.reduce((sum, book) => sum + book.count, 0)).toBe(answer.uses.total);
    expect(answer.uses.by_book[0]?.book).toBe('Matthew');
    expect(answer.uses.items).toHaveLength(5);
    expect(answer.uses.items[0]).toMatchObject({ book: 'Matthew', chapter: 5, verse: 43 });
    const next = strongsEntryResponseSchema.parse(
      await crossReferences('strongs/G25?limit=5&offset=5'),
    );
    expect(next.uses.items[0]).not.toEqual(answer.uses.items[0]);
    const john = await crossReferences('strongs/g0025?limit=20&offset=0');
    expect(john.number).toBe('G25');
  });

  it('gives H430 (God) in Genesis 1:1', async () => {
    const answer = strongsEntryResponseSchema.parse(await crossReferences('strongs/H430?limit=1'));
    expect(answer).toMatchObject({ number: 'H430', lemma: 'אלהים' });
    expect(answer.uses.items[0]).toMatchObject({ reference: 'Genesis 1:1' });
    expect(answer.renderings[0]).toEqual({ word: 'god', count: expect.any(Number) });
  });

  it.each(['H0', 'H99999', 'G5625', 'X25', '__proto__', 'constructor', 'H', '25'])(
    "answers 404 for %s, which is no Strong's number",
    async (number) => {
      expect(await crossReferences(`strongs/${number}`, 404)).toEqual({
        error: 'NOT_FOUND',
        message: expect.stringMatching(/^No Strong's number/),
      });
    },
  );

  it.each(['strongs/G25?limit=0', 'strongs/G25?limit=21', 'strongs/G25?offset=-1'])(
    'answers 400 for %s',
    async (path) => {
      expect(await crossReferences(path, 400)).toMatchObject({ error: 'VALIDATION_ERROR' });
    },
  );
});
