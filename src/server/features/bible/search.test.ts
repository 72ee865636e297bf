import { describe, expect, it } from 'vitest';
import { usesOf } from '#server/study/strongs-dictionary.ts';
import { strongsCode } from '#server/study/strongs-file.ts';
import { searchResponseSchema } from '#shared/schemas/bible.ts';
import { sharedBible, useTestApp } from '#tests/api-support/test-app.ts';

const t = useTestApp();

function getSearch(query: Record<string, string | string[]>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  }
  return t.app.inject({ method: 'GET', url: `/api/bible/search?${params.toString()}` });
}

describe('GET /api/bible/search', () => {
  it('resolves a reference to its verses, cacheable for an hour', async () => {
    const response = await getSearch({ q: 'jn3:16' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const body = searchResponseSchema.parse(response.json());
    expect(body).toEqual({
      query: 'jn3:16',
      kind: 'reference',
      total: 1,
      results: [
        {
          reference: 'John 3:16',
          book: 'John',
          chapter: 3,
          verse: 16,
          content: expect.stringMatching(/^For God so loved the world, that he gave his only/),
          highlights: [],
        },
      ],
    });
  });

  it('says why an out-of-range reference has no verses, without word hits for the book', async () => {
    const response = await getSearch({ q: 'Psalm 151' });
    expect(response.statusCode).toBe(200);
    expect(searchResponseSchema.parse(response.json())).toEqual({
      query: 'Psalm 151',
      kind: 'missing',
      total: 0,
      results: [],
      note: 'Psalms has 150 chapters.',
    });
  });

  it('ranks a text search and highlights the words that matched', async () => {
    const response = await getSearch({ q: '  faith hope charity ', limit: '5' });
    expect(response.statusCode).toBe(200);
    const body = searchResponseSchema.parse(response.json());
    expect(body.query).toBe('faith hope charity');
    expect(body.kind).toBe('text');
    expect(body.results).toHaveLength(5);
    expect(body.total).toBeGreaterThan(100);
    const [first] = body.results;
    expect(first?.reference).toBe('1 Corinthians 13:13');
    expect(first?.highlights.map(([start, end]) => first.content.slice(start, end))).toEqual([
      'faith',
      'hope',
      'charity',
      'charity',
    ]);
    for (const result of body.results) expect(result.content).not.toMatch(/[[\]#]/);
  });

  it('returns 20 results by default and pages with offset, keeping the total', async () => {
    const first = searchResponseSchema.parse((await getSearch({ q: 'shepherd' })).json());
    expect(first.results).toHaveLength(20);
    const second = searchResponseSchema.parse(
      (await getSearch({ q: 'shepherd', limit: '10', offset: '10' })).json(),
    );
    expect(second.total).toBe(first.total);
    expect(second.results.map((r) => r.reference)).toEqual(
      first.results.slice(10).map((r) => r.reference),
    );
    const beyond = await getSearch({ q: 'shepherd', offset: String(first.total + 5) });
    expect(beyond.statusCode).toBe(200);
    expect(searchResponseSchema.parse(beyond.json())).toMatchObject({
      total: first.total,
      results: [],
    });
    const passage = searchResponseSchema.parse(
      (await getSearch({ q: 'ps 23', limit: '4', offset: '4' })).json(),
    );
    expect(passage).toMatchObject({ kind: 'reference', total: 6 });
    expect(passage.results.map((r) => r.reference)).toEqual(['Psalms 23:5', 'Psalms 23:6']);
  });

  it.each([
    ['no q', {}],
    ['an empty q', { q: '' }],
    ['a blank q', { q: '   ' }],
    ['a q of 201 characters', { q: 'a'.repeat(201) }],
    ['two qs', { q: ['love', 'hope'] }],
    ['limit 0', { q: 'love', limit: '0' }],
    ['limit 51', { q: 'love', limit: '51' }],
    ['a limit that is not a number', { q: 'love', limit: 'ten' }],
    ['a fractional limit', { q: 'love', limit: '2.5' }],
    ['a negative offset', { q: 'love', offset: '-1' }],
    ['an offset past 10,000', { q: 'love', offset: '10001' }],
    ['an offset that is not a number', { q: 'love', offset: '1e999' }],
  ])('answers %s with 400 JSON', async (_label, query) => {
    const response = await getSearch(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });

  it('accepts a q of exactly 200 characters', async () => {
    const response = await getSearch({ q: 'a'.repeat(200) });
    expect(response.statusCode).toBe(200);
    expect(searchResponseSchema.parse(response.json()).total).toBe(0);
  });

  it.each([
    'q=%',
    'q=%E0%A4%A',
    'q=%FF',
    'q[]=x',
    'q[a]=b',
    'q',
    'q=a&limit=',
    'q=a&limit=1&limit=2',
    'q=a&offset=0x10',
    'q=a;b',
    'q=%22%22',
  ])('answers the raw query string %j without a 500', async (queryString) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/bible/search?${queryString}`,
    });
    expect([200, 400]).toContain(response.statusCode);
    if (response.statusCode === 200) searchResponseSchema.parse(response.json());
  });

  it('never answers odd input with a 500', async () => {
    const odd = [
      '"',
      '""',
      '"""',
      '\\',
      '.*+?^${}()|[]\\/',
      '(?<x>a)\\1',
      '%',
      '%00',
      '\u0000',
      '\uffff\ufffe',
      '\ud800',
      '😀',
      '🙏 John 3:16',
      'ｊｏｈｎ ３:１６',
      'ﬁre',
      'Ἰησοῦς',
      '耶稣',
      'יהוה',
      'z'.repeat(200),
      '1'.repeat(200),
      'john 3:16 '.repeat(20).trim(),
      'gen 1 - rev 22',
      'Genesis 1-50',
      'john 0:0',
      'john 3:0',
      'ps 151',
      'jude 99',
      '0',
      '-1',
      '1 2 3 4 5',
      '"love" "one" "another"',
      '"love one another',
      "'''",
      '<script>alert(1)</script>',
      'constructor',
      '__proto__',
      'hasOwnProperty',
      'toString valueOf',
    ];
    // A fixed-seed generator of random strings drawn from awkward characters.
    let seed = 20_240_601;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = [
      'a',
      'e',
      's',
      't',
      'h',
      ' ',
      '"',
      "'",
      ':',
      '-',
      '1',
      '3',
      '.',
      ',',
      '😀',
      'é',
      '\\',
      '*',
    ];
    for (let i = 0; i < 150; i += 1) {
      const length = 1 + Math.floor(random() * 40);
      odd.push(
        Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''),
      );
    }
    for (const q of odd) {
      const response = await getSearch({ q, limit: '50' });
      expect(response.statusCode, `q=${JSON.stringify(q)}`).toBeLessThan(500);
      if (response.statusCode === 200) searchResponseSchema.parse(response.json());
      else
        expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    }
  });
});

describe('GET /api/bible/search?translation=', () => {
  it('searches the words of the translation asked for, the KJV when none is', async () => {
    const kjv = searchResponseSchema.parse((await getSearch({ q: 'shall not want' })).json());
    const web = searchResponseSchema.parse(
      (await getSearch({ q: 'shall lack nothing', translation: 'web' })).json(),
    );
    expect(kjv.results[0]?.content).toBe('The LORD is my shepherd; I shall not want.');
    expect(web.results.map((result) => result.reference)).toContain('Psalms 23:1');
    expect(web.results.find((result) => result.reference === 'Psalms 23:1')?.content).toBe(
      'Yahweh is my shepherd: I shall lack nothing.',
    );
    // A word only the WEB uses finds nothing in the KJV.
    const yahweh = (translation?: string) =>
      getSearch({ q: 'yahweh', ...(translation ? { translation } : {}) });
    expect(searchResponseSchema.parse((await yahweh()).json()).total).toBe(0);
    expect(searchResponseSchema.parse((await yahweh('web')).json()).total).toBeGreaterThan(1000);
  });

  it('finds the same place by reference in every translation', async () => {
    const contents: string[] = [];
    for (const translation of ['kjv', 'web', 'asv']) {
      const body = searchResponseSchema.parse(
        (await getSearch({ q: 'ps 23:1', translation })).json(),
      );
      expect(body.kind).toBe('reference');
      expect(body.results.map((result) => result.reference)).toEqual(['Psalms 23:1']);
      contents.push(body.results[0]?.content ?? '');
    }
    expect(contents).toEqual([
      'The LORD is my shepherd; I shall not want.',
      'Yahweh is my shepherd: I shall lack nothing.',
      'Jehovah is my shepherd; I shall not want.',
    ]);
  });

  it('refuses a translation it does not have with 400', async () => {
    const response = await getSearch({ q: 'love', translation: 'niv' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'translation: choose kjv, web or asv.',
    });
  });
});

describe("GET /api/bible/search for Strong's numbers and transliterations", () => {
  const usesTotal = (number: string) => usesOf(sharedBible(), strongsCode(number)).verses.length;
  const searchBody = async (query: Record<string, string>) => {
    const response = await getSearch(query);
    expect(response.statusCode, JSON.stringify(query)).toBe(200);
    return searchResponseSchema.parse(response.json());
  };

  it.each([
    ['H2617', 'חסד', 'chêsêd', 'Genesis 19:19'],
    ['G26', 'ἀγάπη', 'agápē', 'Matthew 24:12'],
  ])(
    'finds the verses where %s stands, as many as the study data counts, with the word above them',
    async (number, lemma, transliteration, firstVerse) => {
      const body = await searchBody({ q: number });
      expect(body.kind).toBe('strongs');
      expect(body.total).toBe(usesTotal(number));
      expect(body.total).toBeGreaterThan(100);
      expect(body.strongs).toEqual({
        number,
        lemma,
        transliteration,
        pronunciation: expect.any(String),
        definition: expect.any(String),
        total: body.total,
      });
      expect(body.strongs?.definition.length).toBeLessThanOrEqual(160);
      expect(body.results).toHaveLength(20);
      expect(body.results[0]?.reference).toBe(firstVerse);
      for (const result of body.results) expect(result.highlights.length).toBeGreaterThan(0);
    },
  );

  it('reads a number in any case and with leading zeros', async () => {
    const h2617 = await searchBody({ q: 'H2617' });
    for (const q of ['h2617', 'h02617', 'H002617']) {
      expect(await searchBody({ q })).toEqual({ ...h2617, query: q });
    }
    const g26 = await searchBody({ q: 'G26' });
    expect(await searchBody({ q: 'g0026' })).toEqual({ ...g26, query: 'g0026' });
  });

  it('pages through every verse of a number once, in Bible order', async () => {
    const total = usesTotal('H2617');
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 50) {
      const page = await searchBody({ q: 'H2617', limit: '50', offset: String(offset) });
      expect(page.total).toBe(total);
      seen.push(
        ...page.results.map((result) => `${result.book} ${result.chapter}:${result.verse}`),
      );
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const second = await searchBody({ q: 'H2617', limit: '10', offset: '10' });
    const first = await searchBody({ q: 'H2617', limit: '20' });
    expect(second.results.map((r) => r.reference)).toEqual(
      first.results.slice(10).map((r) => r.reference),
    );
    const beyond = await searchBody({ q: 'H2617', offset: String(total) });
    expect(beyond).toMatchObject({ total, results: [] });
  });

  it('answers a number no dictionary has with no results', async () => {
    for (const q of ['H9999', 'G0', 'H99999', 'G10000', 'H0']) {
      expect(await searchBody({ q })).toEqual({ query: q, kind: 'strongs', total: 0, results: [] });
    }
  });

  it('finds a word by its transliteration, spelled the ways people spell it', async () => {
    for (const q of ['chesed', 'hesed', 'checed', 'khesed', 'Chesed']) {
      const body = await searchBody({ q });
      expect(body.kind, q).toBe('strongs');
      expect(body.strongs?.number, q).toBe('H2617');
      expect(body.total).toBe(usesTotal('H2617'));
    }
    expect((await searchBody({ q: 'agape' })).strongs?.number).toBe('G26');
    expect((await searchBody({ q: 'agapao' })).strongs?.number).toBe('G25');
  });

  it('keeps the verses of an English word that is also a transliteration, offering the other', async () => {
    const body = await searchBody({ q: 'hen' });
    expect(body.kind).toBe('text');
    expect(body.results.map((result) => result.reference)).toContain('Matthew 23:37');
    expect(body.strongs).toBeUndefined();
    // hên, 'lo!', spelled as typed.
    expect(body.strongs_matches?.[0]).toMatchObject({ number: 'H2004', transliteration: 'hên' });
  });

  it('lists the verses in the translation asked for, the KJV’s tagging deciding which', async () => {
    const kjv = await searchBody({ q: 'H2617', limit: '5' });
    const web = await searchBody({ q: 'H2617', limit: '5', translation: 'web' });
    expect(web.total).toBe(kjv.total);
    expect(web.results.map((r) => r.reference)).toEqual(kjv.results.map((r) => r.reference));
    expect(web.results[0]?.content).not.toBe(kjv.results[0]?.content);
    // The tagging marks the KJV's words; another translation's are shown unmarked.
    expect(web.results.every((result) => result.highlights.length === 0)).toBe(true);
    expect((await searchBody({ q: 'chesed', translation: 'asv' })).strongs?.number).toBe('H2617');
  });

  it('never answers hostile input with a 500', async () => {
    const hostile = [
      'H',
      'G',
      'G-1',
      'H-2617',
      'H2617 OR 1=1',
      "H2617'; DROP TABLE users; --",
      '__proto__',
      'constructor',
      'H__proto__',
      `H${'9'.repeat(199)}`,
      `G${'0'.repeat(199)}`,
      'chesed'.repeat(33),
      'ḥ'.repeat(100),
      'H2617\u0000',
      'H\u00a02617',
      'Ｈ２６１７',
    ];
    for (const q of hostile) {
      const response = await getSearch({ q });
      expect(response.statusCode, JSON.stringify(q)).toBeLessThan(500);
      if (response.statusCode === 200) searchResponseSchema.parse(response.json());
      else
        expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    }
    const long = await getSearch({ q: 'H'.repeat(500) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'q: That search is too long.',
    });
  });
});
