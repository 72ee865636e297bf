import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { highlightPageSchema, toggleHighlightResponseSchema } from '#shared/schemas/reading.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { describePagedList, randomRowId } from '#tests/api-support/page-contract.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

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
  const query = `book_name=${encodeURIComponent(book)}&chapter_number=${chapter}&limit=100`;
  const response = await request('GET', `/api/highlights?${query}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return highlightPageSchema.parse(response.json()).items;
}

/** The chapter's highlighted verses, newest first. */
async function verses(account: SignedIn, book: string, chapter: number) {
  return (await list(account, book, chapter)).map((highlight) => highlight.verse_number);
}

async function everywhere(account: SignedIn) {
  const response = await request('GET', '/api/highlights?limit=100', account);
  expect(response.statusCode, response.body).toBe(200);
  return highlightPageSchema
    .parse(response.json())
    .items.map((item) => `${item.book_name} ${item.chapter_number}:${item.verse_number}`);
}

describe('POST /api/highlights/toggle', () => {
  it('highlights a verse (true), then clears it (false)', async () => {
    const account = await signUp(t);
    const at = clock.now().toISOString();
    expect(await toggle(account, 'John', 3, 16)).toBe(true);
    expect(await list(account, 'john', 3)).toEqual([
      {
        id: expect.any(String),
        book_name: 'John',
        chapter_number: 3,
        verse_number: 16,
        tags: [],
        created_at: at,
      },
    ]);
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
  it("lists one chapter's highlighted verses, newest first", async () => {
    const account = await signUp(t);
    for (const verse of [5, 1, 3]) {
      await toggle(account, 'Psalms', 23, verse);
      clock.advance(1000);
    }
    await toggle(account, 'Psalms', 24, 1);
    expect(await verses(account, 'Psalms', 23)).toEqual([3, 1, 5]);
    expect(await verses(account, 'Psalms', 24)).toEqual([1]);
  });

  it('gives every highlight of a 176-verse chapter in two pages of 100', async () => {
    const account = await signUp(t);
    await t.db
      .insertInto('verse_highlights')
      .values(
        Array.from({ length: 176 }, (_, index) => ({
          id: randomRowId(),
          user_id: account.user.id,
          book_name: 'Psalms',
          chapter_number: 119,
          verse_number: index + 1,
          created_at: clock.now().toISOString(),
        })),
      )
      .execute();
    const first = await request(
      'GET',
      '/api/highlights?book_name=Psalms&chapter_number=119&limit=100',
      account,
    );
    const firstPage = highlightPageSchema.parse(first.json());
    expect(firstPage.items).toHaveLength(100);
    const second = await request(
      'GET',
      `/api/highlights?book_name=Psalms&chapter_number=119&limit=100&cursor=${firstPage.next_cursor}`,
      account,
    );
    const secondPage = highlightPageSchema.parse(second.json());
    expect(secondPage.next_cursor).toBeNull();
    const all = [...firstPage.items, ...secondPage.items].map((item) => item.verse_number);
    expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: 176 }, (_, index) => index + 1));
  });

  it('lists all of the user’s highlights, newest first, without a chapter', async () => {
    const account = await signUp(t);
    for (const [book, chapter, verse] of [
      ['John', 3, 16],
      ['Psalms', 23, 1],
      ['Romans', 8, 28],
    ] as const) {
      await toggle(account, book, chapter, verse);
      clock.advance(1000);
    }
    expect(await everywhere(account)).toEqual(['Romans 8:28', 'Psalms 23:1', 'John 3:16']);
  });

  it('lists one book’s highlights, newest first, with a book but no chapter', async () => {
    const account = await signUp(t);
    for (const [book, chapter, verse] of [
      ['John', 3, 16],
      ['Romans', 8, 28],
      ['John', 1, 1],
    ] as const) {
      await toggle(account, book, chapter, verse);
      clock.advance(1000);
    }
    const response = await request('GET', '/api/highlights?book_name=john', account);
    expect(response.statusCode, response.body).toBe(200);
    const labels = highlightPageSchema
      .parse(response.json())
      .items.map((item) => `${item.book_name} ${item.chapter_number}:${item.verse_number}`);
    expect(labels).toEqual(['John 1:1', 'John 3:16']);
  });

  it.each([
    '?chapter_number=3',
    '?book_name=Hezekiah',
    '?book_name=John&chapter_number=0',
    '?book_name=John&chapter_number=22',
    '?book_name=Hezekiah&chapter_number=1',
    '?book_name=&chapter_number=1',
  ])('refuses the query %j with 400', async (query) => {
    const account = await signUp(t);
    const response = await request('GET', `/api/highlights${query}`, account);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });
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
    expect((await verses(b, 'Romans', 8)).sort((x, y) => x - y)).toEqual([1, 28]);
    expect(await verses(a, 'Romans', 8)).toEqual([28]);
    expect(await toggle(b, 'Romans', 8, 28)).toBe(false);
    expect(await verses(a, 'Romans', 8)).toEqual([28]);
    expect(await verses(b, 'Romans', 8)).toEqual([1]);
  });
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/highlights?book_name=John&chapter_number=3'],
    ['GET', '/api/highlights'],
    ['POST', '/api/highlights/toggle'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const payload =
      method === 'POST' ? { book_name: 'John', chapter_number: 3, verse_number: 16 } : undefined;
    const response = await request(method, url, undefined, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
  });
});

/** Highlights of Psalm 119, one per verse (the unique key allows one per verse). */
const versesAdded = new Map<string, number>();

async function addHighlights(owner: SignedIn, times: string[]) {
  const before = versesAdded.get(owner.user.id) ?? 0;
  versesAdded.set(owner.user.id, before + times.length);
  await t.db
    .insertInto('verse_highlights')
    .values(
      times.map((time, index) => ({
        id: randomRowId(),
        user_id: owner.user.id,
        book_name: 'Psalms',
        chapter_number: 119,
        verse_number: before + index + 1,
        created_at: time,
      })),
    )
    .execute();
  // And one elsewhere, which only the list of every chapter shows.
  await t.db
    .insertInto('verse_highlights')
    .values({
      id: randomRowId(),
      user_id: owner.user.id,
      book_name: 'Psalms',
      chapter_number: 118,
      verse_number: before + 1,
      created_at: times[0] ?? clock.now().toISOString(),
    })
    .execute();
}

async function ownHighlights(owner: SignedIn, chapter?: number) {
  let query = t.db
    .selectFrom('verse_highlights')
    .select(['id', 'created_at as time'])
    .where('user_id', '=', owner.user.id);
  if (chapter !== undefined) {
    query = query.where('book_name', '=', 'Psalms').where('chapter_number', '=', chapter);
  }
  return query.execute();
}

async function ownAccount() {
  const account = await signUp(t);
  return { reader: account, owner: account };
}

describePagedList(() => t, {
  url: '/api/highlights?book_name=Psalms&chapter_number=119',
  parties: ownAccount,
  addRows: (owner, times) => addHighlights(owner, times),
  visibleRows: ({ owner }) => ownHighlights(owner, 119),
  timeField: 'created_at',
  isOwn: true,
  otherFilterUrl: '/api/highlights',
});

describePagedList(() => t, {
  url: '/api/highlights',
  parties: ownAccount,
  addRows: (owner, times) => addHighlights(owner, times),
  visibleRows: ({ owner }) => ownHighlights(owner),
  timeField: 'created_at',
  isOwn: true,
  otherFilterUrl: '/api/highlights?book_name=Psalms&chapter_number=119',
});
