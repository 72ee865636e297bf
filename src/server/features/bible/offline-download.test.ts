import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { books } from '../../../shared/bible/books.ts';
import { chapterResponseSchema } from '../../../shared/schemas/bible.ts';
import { useTestApp } from '../../../../tests/api-support/test-app.ts';

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
