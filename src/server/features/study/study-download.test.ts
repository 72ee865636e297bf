import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { studyDownloadBytes } from '#shared/rules/study-download.ts';
import { studyDataVersion } from '#shared/rules/study.ts';
import { chapterStudyResponseSchema } from '#shared/schemas/study.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';
import { forgetStudyPack, studyPackBuildCount } from './study-download.ts';

const t = useTestApp();

const packUrl = `/api/study/download?v=${studyDataVersion}`;
const dictionaryUrl = `/api/study/dictionary?v=${studyDataVersion}`;

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

function lines(body: Buffer): string[] {
  const text = body.toString('utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n');
}

describe('GET /api/study/download (the study notes for offline use)', () => {
  it('builds once for requests that come together, and sends every chapter, each line the chapter route’s body', async () => {
    forgetStudyPack();
    const before = studyPackBuildCount();
    const answers = await Promise.all([
      get(packUrl, { 'accept-encoding': 'br' }),
      get(packUrl, { 'accept-encoding': 'br' }),
      get(packUrl, { 'accept-encoding': 'br' }),
    ]);
    expect(studyPackBuildCount()).toBe(before + 1);
    const [response] = answers;
    if (!response) throw new Error('no answer');
    for (const answer of answers) expect(answer.rawPayload.equals(response.rawPayload)).toBe(true);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    // At most 8 MB on the wire, commentary included (about 0.83 MB without it).
    expect(response.rawPayload.length).toBeLessThanOrEqual(8 * 1000 * 1000);

    const chapters = lines(brotliDecompressSync(response.rawPayload));
    expect(chapters).toHaveLength(1189);
    const first = chapterStudyResponseSchema.parse(JSON.parse(chapters[0] ?? ''));
    expect(first).toMatchObject({ book: 'Genesis', chapter: 1, version: studyDataVersion });
    expect(JSON.parse(chapters.at(-1) ?? '')).toMatchObject({ book: 'Revelation', chapter: 22 });

    // Byte for byte what the reader gets for the same chapter.
    for (const chapter of ['John/3', 'Psalms/119', 'Obadiah/1']) {
      const single = await get(`/api/study/${chapter}?v=${studyDataVersion}`);
      expect(single.statusCode).toBe(200);
      expect(chapters).toContain(single.body);
    }
    const john3 = await get(`/api/study/John/3?v=${studyDataVersion}`);
    expect(
      chapters[chapters.findIndex((line) => line.startsWith('{"book":"John","chapter":3,'))],
    ).toBe(john3.body);
  }, 60_000);

  it('is as big on the wire as the size the reader shows before downloading (within 5%)', async () => {
    const pack = await get(packUrl, { 'accept-encoding': 'br' });
    const dictionary = await get(dictionaryUrl, { 'accept-encoding': 'br' });
    const measured = pack.rawPayload.length + dictionary.rawPayload.length;
    expect(
      Math.abs(measured - studyDownloadBytes) / measured,
      `measured ${measured} bytes: run node scripts/data/measure-study-download.ts`,
    ).toBeLessThanOrEqual(0.05);
  }, 60_000);

  it('sends gzip to a client without brotli, plain lines to one without either, and 304 to one that holds it', async () => {
    const gzipped = await get(packUrl, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await get(packUrl);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(lines(plain.rawPayload)).toHaveLength(1189);

    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get(packUrl, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  }, 60_000);

  it('is kept only a while when asked for without this release’s version, and refuses a bad one', async () => {
    for (const url of ['/api/study/download', '/api/study/download?v=old']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
    }
    const bad = await get(`/api/study/download?v=${'x'.repeat(41)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });
});

describe('GET /api/study/dictionary', () => {
  it("gives every Strong's entry with its word, transliteration, pronunciation and definition, kept for good", async () => {
    const response = await get(dictionaryUrl, { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThanOrEqual(1000 * 1000);
    const { entries } = JSON.parse(brotliDecompressSync(response.rawPayload).toString()) as {
      entries: Record<string, Record<string, string>>;
    };
    expect(Object.keys(entries)).toHaveLength(14_298);
    expect(entries.G25).toMatchObject({
      lemma: 'ἀγαπάω',
      transliteration: 'agapáō',
      pronunciation: expect.any(String),
      definition: expect.stringContaining('to love'),
    });
    const strongs = await get('/api/study/strongs/H430');
    expect(entries.H430).toMatchObject({ lemma: strongs.json().lemma });
  });
});
