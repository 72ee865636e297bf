import { describe, expect, it } from 'vitest';
import { highlightSchema, toggleHighlightResponseSchema } from '../../../shared/schemas/reading.ts';
import { fixedClock } from '../../clock.ts';
import { sendingAs, signUp, type SignedIn } from '../../../../tests/api-support/auth-helpers.ts';
import { useTestApp } from '../../../../tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-05-01T07:00:00.000Z'));
const t = useTestApp({ clock });

const request = sendingAs(t);

async function toggle(account: SignedIn, book: string, chapter: number, verse: number) {
  const response = await request('POST', '/api/highlights/toggle', account, {
    book_name: book,
    chapter_number: chapter,
    verse_number: verse,
  });
  expect(response.statusCode, response.body).toBe(200);
  return toggleHighlightResponseSchema.parse(response.json()).highlighted;
}

async function list(account: SignedIn, book: string, chapter: number) {
  const query = `book_name=${encodeURIComponent(book)}&chapter_number=${chapter}`;
  const response = await request('GET', `/api/highlights?${query}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return highlightSchema.array().parse(response.json());
}

async function verses(account: SignedIn, book: string, chapter: number) {
  return (await list(account, book, chapter)).map((highlight) => highlight.verse_number);
}

describe('POST /api/highlights/toggle', () => {
  it('highlights a verse (true), then clears it (false)', async () => {
    const account = await signUp(t);
    const at = clock.now().toISOString();
    expect(await toggle(account, 'John', 3, 16)).toBe(true);
    expect(await list(account, 'john', 3)).toEqual([{ verse_number: 16, created_at: at }]);
    expect(await toggle(account, 'JOHN', 3, 16)).toBe(false);
    expect(await list(account, 'John', 3)).toEqual([]);
  });

  it('accepts the last verse of a chapter: Psalm 119:176', async () => {
    const account = await signUp(t);
    expect(await toggle(account, 'Psalms', 119, 176)).toBe(true);
  });

  it.each([
    [{ book_name: 'John', chapter_number: 3, verse_number: 37 }, /John 3 has 36 verses/],
    [{ book_name: 'Obadiah', chapter_number: 1, verse_number: 22 }, /Obadiah 1 has 21 verses/],
    [{ book_name: 'John', chapter_number: 3, verse_number: 0 }, /verse/i],
    [{ book_name: 'John', chapter_number: 3, verse_number: 177 }, /verse_number/],
    [{ book_name: 'John', chapter_number: 3, verse_number: 'sixteen' }, /verse/i],
    [{ book_name: 'John', chapter_number: 3 }, /verse_number/],
    [{ book_name: 'John', chapter_number: 22, verse_number: 1 }, /John has 21 chapters/],
    [{ book_name: 'Hezekiah', chapter_number: 1, verse_number: 1 }, /no book called/],
  ])('refuses %j with 400', async (payload, message) => {
    const account = await signUp(t);
    const response = await request('POST', '/api/highlights/toggle', account, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.json().message).toMatch(message);
  });
});

describe('GET /api/highlights', () => {
  it('lists the highlighted verses of one chapter, in verse order', async () => {
    const account = await signUp(t);
    for (const verse of [5, 1, 3]) await toggle(account, 'Psalms', 23, verse);
    await toggle(account, 'Psalms', 24, 1);
    expect(await verses(account, 'Psalms', 23)).toEqual([1, 3, 5]);
    expect(await verses(account, 'Psalms', 24)).toEqual([1]);
  });

  it.each(['', '?book_name=John', '?chapter_number=3', '?book_name=John&chapter_number=0'])(
    'refuses the query %j with 400',
    async (query) => {
      const account = await signUp(t);
      const response = await request('GET', `/api/highlights${query}`, account);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('VALIDATION_ERROR');
    },
  );
});

describe('two users', () => {
  it("keep their own highlights: B's toggles neither show nor change A's", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect(await toggle(a, 'Romans', 8, 28)).toBe(true);
    expect(await verses(b, 'Romans', 8)).toEqual([]);

    // The same verse for B is B's own highlight, added and then removed.
    expect(await toggle(b, 'Romans', 8, 28)).toBe(true);
    expect(await toggle(b, 'Romans', 8, 1)).toBe(true);
    expect(await verses(b, 'Romans', 8)).toEqual([1, 28]);
    expect(await verses(a, 'Romans', 8)).toEqual([28]);
    expect(await toggle(b, 'Romans', 8, 28)).toBe(false);
    expect(await verses(a, 'Romans', 8)).toEqual([28]);
    expect(await verses(b, 'Romans', 8)).toEqual([1]);
  });
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/highlights?book_name=John&chapter_number=3'],
    ['POST', '/api/highlights/toggle'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const payload =
      method === 'POST' ? { book_name: 'John', chapter_number: 3, verse_number: 16 } : undefined;
    const response = await request(method, url, undefined, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
  });
});
