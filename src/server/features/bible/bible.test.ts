import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadKingJamesVersion } from '#server/bible/kjv.ts';
import { books } from '#shared/bible/books.ts';
import {
  booksResponseSchema,
  chapterResponseSchema,
  passageResponseSchema,
  translationsResponseSchema,
  type ChapterResponse,
} from '#shared/schemas/bible.ts';
import { browserRequest, signUp } from '#tests/api-support/auth-helpers.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';
import { getChapterJson } from './bible.service.ts';

const t = useTestApp();

function getPassage(reference?: string) {
  const query = reference === undefined ? '' : `?reference=${encodeURIComponent(reference)}`;
  return t.app.inject({ method: 'GET', url: `/api/bible/passage${query}` });
}

describe('GET /api/bible/passage', () => {
  it('returns Jeremiah 17:7-8 as two verses, without brackets, with supplied words in italics', async () => {
    const response = await getPassage('Jeremiah 17:7-8');
    expect(response.statusCode).toBe(200);
    const passage = passageResponseSchema.parse(response.json());
    expect(passage.reference).toBe('Jeremiah 17:7-8');
    expect(passage.verses.map((v) => [v.book, v.chapter, v.verse])).toEqual([
      ['Jeremiah', 17, 7],
      ['Jeremiah', 17, 8],
    ]);
    const [first, second] = passage.verses;
    expect(first?.text).toBe(
      'Blessed is the man that trusteth in the LORD, and whose hope the LORD is.',
    );
    for (const verse of passage.verses) expect(verse.text).not.toMatch(/[[\]#]/);
    expect(first?.segments).toEqual([
      { text: 'Blessed ' },
      { text: 'is', italic: true },
      { text: ' the man that trusteth in the LORD, and whose hope the LORD is.' },
    ]);
    expect(second?.segments).toContainEqual({ text: 'that', italic: true });
    expect(response.headers['cache-control']).toContain('max-age');
  });

  it('understands a short form: "ps 23" is the whole of Psalm 23', async () => {
    const response = await getPassage('ps 23');
    expect(response.statusCode).toBe(200);
    const passage = passageResponseSchema.parse(response.json());
    expect(passage.reference).toBe('Psalms 23');
    expect(passage.verses).toHaveLength(6);
    expect(passage.verses[0]?.text).toBe('The LORD is my shepherd; I shall not want.');
    expect(passage.verses.at(-1)?.verse).toBe(6);
  });

  it('answers a reference that names no passage with 404 JSON', async () => {
    const response = await getPassage('the book of nonsense 99:99');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
  });

  it.each([undefined, '', '   '])('answers a missing reference (%j) with 400 JSON', async (ref) => {
    const response = await getPassage(ref);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.json().message).toMatch(/reference/i);
  });

  it('refuses a passage of more than 200 verses with 400 JSON', async () => {
    const response = await getPassage('Genesis 1-10');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'BAD_REQUEST', message: expect.any(String) });
    expect(response.json().message).toContain('200');
  });
});

function getChapter(book: string, chapter: string | number, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/bible/${encodeURIComponent(book)}/${chapter}`,
    headers,
  });
}

const immutable = 'public, max-age=31536000, immutable';

describe('GET /api/bible/:book/:chapter', () => {
  it(
    'returns every chapter of every book: 1,189 chapters, 31,102 verses, a consistent chain',
    { timeout: 120_000 },
    async () => {
      let verseCount = 0;
      let chapterCount = 0;
      let previous: ChapterResponse | null = null;
      for (const [bookIndex, book] of books.entries()) {
        for (let chapter = 1; chapter <= book.chapters; chapter += 1) {
          const response = await getChapter(book.name, chapter);
          expect(response.statusCode, `${book.name} ${chapter}`).toBe(200);
          const body = chapterResponseSchema.parse(response.json());
          expect(body).toMatchObject({
            reference: `${book.name} ${chapter}`,
            book: book.name,
            book_index: bookIndex,
            chapter,
            chapters_in_book: book.chapters,
            canonical: 0,
          });
          expect(body.verses.length, `${book.name} ${chapter}`).toBeGreaterThan(0);
          expect(body.verses.map((verse) => verse.verse)).toEqual(
            body.verses.map((_, index) => index + 1),
          );
          for (const verse of body.verses) {
            expect(verse.segments.map((segment) => segment.text).join('')).toBe(verse.text);
            expect(verse.text).not.toMatch(/^#|[[\]]/);
          }
          expect(body.passages).toEqual([
            body.verses.map((verse) => `[${verse.verse}] ${verse.text}`).join(' '),
          ]);
          // The chain: each chapter's previous is the one before it, whose next is this one.
          expect(body.previous).toEqual(
            previous ? { book: previous.book, chapter: previous.chapter } : null,
          );
          if (previous) expect(previous.next).toEqual({ book: book.name, chapter });
          previous = body;
          verseCount += body.verses.length;
          chapterCount += 1;
        }
      }
      expect(chapterCount).toBe(1189);
      expect(verseCount).toBe(31_102);
      expect(previous?.reference).toBe('Revelation 22');
      expect(previous?.next).toBeNull();
    },
  );

  it('gives Genesis 1 with its text, italics, plain passage and no previous chapter', async () => {
    const response = await getChapter('Genesis', 1);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = chapterResponseSchema.parse(response.json());
    expect(body.previous).toBeNull();
    expect(body.next).toEqual({ book: 'Genesis', chapter: 2 });
    expect(body.verses).toHaveLength(31);
    expect(body.verses[1]?.segments).toContainEqual({ text: 'was', italic: true });
    expect(body.passages[0]).toMatch(
      /^\[1\] In the beginning God created the heaven and the earth\. \[2\] And the earth was without form/,
    );
  });

  it('marks paragraph starts: John 3:16 begins one', async () => {
    const body = chapterResponseSchema.parse((await getChapter('John', 3)).json());
    const verse = body.verses[15];
    expect(verse?.verse).toBe(16);
    expect(verse?.is_paragraph_start).toBe(true);
    expect(verse?.text).toMatch(/^For God so loved the world/);
    expect(body.verses[14]?.is_paragraph_start).toBe(false);
  });

  it.each([
    ['john', 'John'],
    ['JOHN', 'John'],
    ['jn', 'John'],
    ['Jn.', 'John'],
    ['John', 'John'],
    ['ps', 'Psalms'],
    ['Psalm', 'Psalms'],
    ['song', 'Song of Solomon'],
    ['Song of Songs', 'Song of Solomon'],
    ['song of solomon', 'Song of Solomon'],
    ['1cor', '1 Corinthians'],
    ['1 Cor', '1 Corinthians'],
    ['1Cor', '1 Corinthians'],
    ['gen', 'Genesis'],
    ['Rev', 'Revelation'],
    ['iii john', '3 John'],
    ['phlm', 'Philemon'],
  ])(
    'reads the book %j as %s, with the same body and tag as the canonical name',
    async (alias, name) => {
      const response = await getChapter(alias, 1);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ book: name, reference: `${name} 1` });
      const canonical = await getChapter(name, 1);
      expect(response.headers.etag).toBe(canonical.headers.etag);
      expect(response.body).toBe(canonical.body);
    },
  );

  it.each([
    ['Hezekiah', '1'],
    ['abc', '1'],
    ['xyz', 'abc'],
    ['John', '0'],
    ['John', '22'],
    ['John', '999'],
    ['John', '1000'],
    ['John', 'abc'],
    ['John', '1.5'],
    ['John', '-1'],
    ['John', '3e0'],
    ['John', '%20'],
    ['Obadiah', '2'],
    ['John 3', '16'],
    ['see John', '3'],
    ['Tobit', '1'],
    ['x'.repeat(80), '1'],
  ])('answers %j chapter %j with 404 "Chapter not found"', async (book, chapter) => {
    const response = await getChapter(book, chapter);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'NOT_FOUND',
      message: expect.stringMatching(/^Chapter not found/),
    });
    expect(response.headers['cache-control']).not.toBe(immutable);
    expect(response.headers.etag).toBeUndefined();
  });

  it('is cached for a year with a tag, and answers a matching If-None-Match with 304', async () => {
    const first = await getChapter('Psalms', 23);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(immutable);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await getChapter('Psalms', 23, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(immutable);

    const strongForm = etag.replace(/^W\//, '');
    for (const header of [strongForm, `"nope", ${etag}`, '*']) {
      expect((await getChapter('ps', 23, { 'if-none-match': header })).statusCode).toBe(304);
    }
    const stale = await getChapter('Psalms', 23, { 'if-none-match': 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);

    const otherChapter = await getChapter('Psalms', 24, { 'if-none-match': etag });
    expect(otherChapter.statusCode).toBe(200);
    expect(otherChapter.headers.etag).not.toBe(etag);
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
  ])(
    'with Accept-Encoding %j sends %s, the same body under the same tag',
    async (accept, encoding) => {
      const plain = await getChapter('Psalms', 119);
      const response = await getChapter('Psalms', 119, { 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers.etag).toBe(plain.headers.etag);
      const decoded =
        encoding === 'br'
          ? brotliDecompressSync(response.rawPayload)
          : encoding === 'gzip'
            ? gunzipSync(response.rawPayload)
            : response.rawPayload;
      expect(decoded.toString('utf8')).toBe(plain.body);
      if (encoding) expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    },
  );

  it('answers each Accept-Encoding by its own value, however many a client invents', async () => {
    // The server remembers the encoding chosen for each value it has seen, a bounded number.
    for (let i = 0; i < 150; i += 1) {
      const accept = i % 2 === 0 ? `br;q=0, gzip;q=0.${(i % 9) + 1}, x-${i}` : `br, y-${i}`;
      const response = await getChapter('John', 3, { 'accept-encoding': accept });
      expect(response.headers['content-encoding']).toBe(i % 2 === 0 ? 'gzip' : 'br');
    }
    const plain = await getChapter('John', 3, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with the headers only', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/api/bible/John/1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toMatch(/^W\//);
    expect(response.body).toBe('');
  });

  it('serializes each chapter once, whatever name it was asked by', () => {
    const bible = loadKingJamesVersion();
    const first = getChapterJson(bible, 'John', '3');
    expect(getChapterJson(bible, 'jn', '3')).toBe(first);
    expect(getChapterJson(bible, 'JOHN', '3')).toBe(first);
  });

  it('needs no session, and answers a signed-in reader the same', async () => {
    const account = await signUp(t);
    const visitor = await getChapter('Ruth', 1);
    const reader = await browserRequest(t, {
      method: 'GET',
      url: '/api/bible/Ruth/1',
      cookie: account.cookie,
    });
    expect(reader.statusCode).toBe(200);
    expect(reader.body).toBe(visitor.body);
  });
});

describe('GET /api/bible/books', () => {
  it('lists the 66 books in order with OSIS codes, chapter counts and testaments', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/bible/books' });
    expect(response.statusCode).toBe(200);
    const body = booksResponseSchema.parse(response.json());
    expect(body.books).toHaveLength(66);
    expect(body.books[0]).toEqual({ name: 'Genesis', osis: 'Gen', chapters: 50, testament: 'old' });
    expect(body.books[38]).toMatchObject({ name: 'Malachi', testament: 'old' });
    expect(body.books[39]).toMatchObject({ name: 'Matthew', testament: 'new' });
    expect(body.books.filter((book) => book.testament === 'new')).toHaveLength(27);
    expect(body.books.map((book) => book.name)).toEqual(books.map((book) => book.name));
  });

  it('is cached like the chapters', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/bible/books' });
    expect(first.headers['cache-control']).toBe(immutable);
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/bible/books',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('translations', () => {
  const chapter = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return chapterResponseSchema.parse(response.json());
  };

  it('lists the three translations with their names, years and licence notes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/bible/translations' });
    expect(response.statusCode).toBe(200);
    const { translations } = translationsResponseSchema.parse(response.json());
    expect(translations.map((item) => [item.id, item.abbreviation, item.year])).toEqual([
      ['kjv', 'KJV', 1769],
      ['web', 'WEB', 2000],
      ['asv', 'ASV', 1901],
    ]);
    for (const item of translations) expect(item.licence).toMatch(/public domain/i);
  });

  it('serves a chapter in the translation asked for, the KJV when none is', async () => {
    const kjv = await chapter('/api/bible/John/3');
    const web = await chapter('/api/bible/John/3?translation=web');
    const asv = await chapter('/api/bible/john/3?translation=asv');
    expect([kjv.translation, web.translation, asv.translation]).toEqual(['kjv', 'web', 'asv']);
    // As people write it (WEB, Asv): any case names the same translation.
    const typed = await chapter('/api/bible/John/3?translation=WEB');
    expect(typed.translation).toBe('web');
    expect(typed.verses[15]?.text).toBe(web.verses[15]?.text);
    expect((await chapter('/api/bible/John/3?translation=Asv')).translation).toBe('asv');
    expect(kjv.verses[15]?.text).toMatch(
      /^For God so loved the world, that he gave his only begotten Son/,
    );
    expect(web.verses[15]?.text).toMatch(
      /^For God so loved the world, that he gave his one and only Son/,
    );
    expect(asv.verses[15]?.text).toMatch(
      /^For God so loved the world, that he gave his only begotten Son/,
    );
    // Same place, same shape: the reference and the neighbours do not depend on the translation.
    expect({ ...web, translation: 'kjv', verses: [], passages: [] }).toEqual({
      ...kjv,
      verses: [],
      passages: [],
    });
  });

  it("draws the WEB's poetry lines and a psalm's title, and the ASV's supplied words in italics", async () => {
    const psalm3 = await chapter('/api/bible/Psalms/3?translation=web');
    expect(psalm3.verses[0]?.heading).toBe('A Psalm by David, when he fled from Absalom his son.');
    expect(psalm3.verses[0]?.is_paragraph_start).toBe(true);
    const lines = psalm3.verses[0]?.segments.filter((segment) => segment.line_start) ?? [];
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(psalm3.verses[0]?.text).toBe(
      'Yahweh, how my adversaries have increased! Many are those who rise up against me.',
    );
    const genesis1 = await chapter('/api/bible/Genesis/1?translation=asv');
    expect(genesis1.verses[10]?.segments).toContainEqual({ text: 'and', italic: true });
    expect(genesis1.verses[10]?.text).not.toMatch(/[`[\]]/);
  });

  it('never drops text where the WEB numbers verses its own way', async () => {
    const romans14 = await chapter('/api/bible/Romans/14?translation=web');
    const romans16 = await chapter('/api/bible/Romans/16?translation=web');
    expect(romans14.verses).toHaveLength(26);
    expect(romans14.verses[23]?.text).toMatch(/^Now to him who is able to establish you/);
    expect(romans16.verses).toHaveLength(24);
    // A verse the WEB leaves to a footnote keeps its number, so the verses after it line up.
    const luke17 = await chapter('/api/bible/Luke/17?translation=web');
    expect(luke17.verses[35]).toMatchObject({ verse: 36, text: '' });
    expect(luke17.verses[36]?.verse).toBe(37);
  });

  it('looks a passage up in the translation asked for', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/bible/passage?reference=${encodeURIComponent('Psalm 23:1')}&translation=web`,
    });
    expect(response.statusCode).toBe(200);
    const passage = passageResponseSchema.parse(response.json());
    expect(passage.translation).toBe('web');
    expect(passage.verses[0]?.text).toBe('Yahweh is my shepherd: I shall lack nothing.');
  });

  it('refuses a translation it does not have with 400 { error, message }', async () => {
    for (const url of [
      '/api/bible/John/3?translation=niv',
      '/api/bible/John/3?translation=__proto__',
      `/api/bible/passage?reference=John%203:16&translation=constructor`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: 'translation: choose kjv, web or asv.',
      });
    }
  });
});
