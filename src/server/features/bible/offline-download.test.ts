import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { books } from '#shared/bible/books.ts';
import { canonicalChapters, chapterFromVerses } from '#shared/bible/chapter.ts';
import { translationIds } from '#shared/bible/translations.ts';
import { chapterResponseSchema } from '#shared/schemas/bible.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const t = useTestApp();

function getDownload(headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: '/api/bible/download', headers });
}

function lines(body: Buffer): string[] {
  const text = body.toString('utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n');
}

describe('GET /api/bible/download', () => {
  it('sends every chapter in canonical order, each line the body of its chapter URL', async () => {
    const response = await getDownload({ 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    // Compressed: the whole Bible is a download of a couple of megabytes, not sixteen.
    expect(response.rawPayload.length).toBeLessThan(2.5 * 1024 * 1024);

    const chapters = lines(brotliDecompressSync(response.rawPayload));
    expect(chapters).toHaveLength(books.reduce((sum, book) => sum + book.chapters, 0));
    expect(chapters).toHaveLength(1189);
    const parsed = chapters.map((line) => chapterResponseSchema.parse(JSON.parse(line)));
    expect(parsed.map(({ reference }) => reference).slice(0, 2)).toEqual([
      'Genesis 1',
      'Genesis 2',
    ]);
    expect(parsed.at(-1)?.reference).toBe('Revelation 22');
    expect(parsed.find(({ reference }) => reference === 'Obadiah 1')?.verses).toHaveLength(21);

    // Byte for byte what the reader gets for the same chapter.
    for (const [book, chapter] of [
      ['John', 3],
      ['Song of Solomon', 2],
      ['Psalms', 119],
    ] as const) {
      const single = await t.app.inject({
        method: 'GET',
        url: `/api/bible/${encodeURIComponent(book)}/${chapter}`,
      });
      expect(chapters).toContain(single.body);
    }
    // Building and compressing the whole Bible takes a few seconds on a busy machine, once.
  }, 30_000);

  it('sends gzip to a client without brotli, and plain JSON lines to one without either', async () => {
    const gzipped = await getDownload({ 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await getDownload();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(lines(plain.rawPayload)).toHaveLength(1189);
  });

  it('answers 304 to a client that already holds it', async () => {
    const first = await getDownload({ 'accept-encoding': 'gzip' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const again = await getDownload({ 'accept-encoding': 'gzip', 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('needs no session and ignores a query string', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/bible/download?v=1',
      headers: { cookie: 'grounded_session=not-a-session' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/bible/download/verses (the whole Bible in at most 1.5 MB)', () => {
  const getVerses = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/bible/download/verses', headers });

  it('sends every chapter’s raw verses, from which the browser rebuilds each chapter’s answer byte for byte', async () => {
    const response = await getVerses({ 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThanOrEqual(1.5 * 1000 * 1000);

    const verseLines = lines(brotliDecompressSync(response.rawPayload));
    const positions = canonicalChapters();
    expect(verseLines).toHaveLength(1189);
    expect(positions).toHaveLength(1189);
    // The whole chapters, as GET /api/bible/{book}/{chapter} answers each (checked above).
    const answers = lines((await getDownload()).rawPayload);
    verseLines.forEach((line, index) => {
      const position = positions[index];
      if (!position) throw new Error(`no chapter at line ${index}`);
      const verses = JSON.parse(line) as string[];
      expect(JSON.stringify(chapterFromVerses(position.bookIndex, position.chapter, verses))).toBe(
        answers[index],
      );
    });
    // The marks the reader draws with are there: a paragraph (#) and an italic word ([…]).
    expect(verseLines[0]).toContain('#');
    expect(verseLines.some((line) => /\[\w+\]/.test(line))).toBe(true);
  }, 60_000);

  it('is at most 1.5 MB with gzip too, and plain to a client that takes neither', async () => {
    const gzipped = await getVerses({ 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThanOrEqual(1.5 * 1000 * 1000);
    const plain = await getVerses();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  }, 30_000);
});

describe('GET /api/bible/download/verses?translation= (each translation for offline use)', () => {
  const getVerses = (translation: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/bible/download/verses?translation=${encodeURIComponent(translation)}`,
      headers,
    });
  const limit = 1.5 * 1000 * 1000;

  it.each(translationIds)(
    'sends the %s in at most 1.5 MB with brotli and with gzip, each chapter its own answer',
    async (translation) => {
      const brotli = await getVerses(translation, { 'accept-encoding': 'br' });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toBe('accept-encoding');
      expect(brotli.rawPayload.length).toBeLessThanOrEqual(limit);
      const gzipped = await getVerses(translation, { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.rawPayload.length).toBeLessThanOrEqual(limit);
      const plain = brotliDecompressSync(brotli.rawPayload);
      expect(gunzipSync(gzipped.rawPayload).equals(plain)).toBe(true);

      // Each line rebuilds the chapter the API serves in that translation, byte for byte.
      const verseLines = lines(plain);
      const positions = canonicalChapters();
      expect(verseLines).toHaveLength(1189);
      for (const [book, chapter] of [
        ['John', 3],
        ['Psalms', 3],
        ['Romans', 16],
        ['Luke', 17],
      ] as const) {
        const index = positions.findIndex(
          (position) => books[position.bookIndex]?.name === book && position.chapter === chapter,
        );
        const single = await t.app.inject({
          method: 'GET',
          url: `/api/bible/${book}/${chapter}?translation=${translation}`,
        });
        const verses = JSON.parse(verseLines[index] ?? '[]') as string[];
        expect(
          JSON.stringify(
            chapterFromVerses(positions[index]?.bookIndex ?? -1, chapter, verses, translation),
          ),
          `${translation} ${book} ${chapter}`,
        ).toBe(single.body);
      }
    },
    60_000,
  );

  it('sends each translation its own text under its own ETag; absent is the KJV', async () => {
    const bodies = new Map<string, string>();
    const etags = new Map<string, string>();
    for (const translation of translationIds) {
      const response = await getVerses(translation);
      bodies.set(translation, response.body);
      etags.set(translation, String(response.headers.etag));
    }
    expect(new Set(etags.values()).size).toBe(3);
    expect(new Set(bodies.values()).size).toBe(3);
    const john316 = (body: string | undefined) => {
      const index = canonicalChapters().findIndex(
        (position) => books[position.bookIndex]?.name === 'John' && position.chapter === 3,
      );
      return (JSON.parse(body?.split('\n')[index] ?? '[]') as string[])[15];
    };
    expect(john316(bodies.get('kjv'))).toContain('only begotten Son, that whosoever believeth');
    expect(john316(bodies.get('web'))).toContain('one and only Son, that whoever believes');
    const absent = await t.app.inject({ method: 'GET', url: '/api/bible/download/verses' });
    expect(absent.headers.etag).toBe(etags.get('kjv'));
    // A tag is good for its own translation only.
    const notModified = await getVerses('web', { 'if-none-match': etags.get('web') ?? '' });
    expect(notModified.statusCode).toBe(304);
    const other = await getVerses('asv', { 'if-none-match': etags.get('web') ?? '' });
    expect(other.statusCode).toBe(200);
  }, 60_000);

  it.each(['niv', '__proto__', 'constructor', ''])(
    'refuses translation=%j with 400 { error, message }',
    async (translation) => {
      const response = await getVerses(translation, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(400);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: 'translation: choose kjv, web or asv.',
      });
    },
  );
});
