import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { books } from '#shared/bible/books.ts';
import {
  booksStartedResponseSchema,
  lastPositionSchema,
  readingProgressPageSchema,
  readingStatsSchema,
  saveProgressResponseSchema,
} from '#shared/schemas/reading.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { describePagedList, randomRowId } from '#tests/api-support/page-contract.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-03-01T08:00:00.000Z'));
const t = useTestApp({ clock });
const minute = 60_000;

const request = sendingAs(t);

async function save(account: SignedIn, payload: Record<string, unknown>) {
  const response = await request('POST', '/api/progress', account, payload);
  expect(response.statusCode, response.body).toBe(200);
  return saveProgressResponseSchema.parse(response.json());
}

async function list(account: SignedIn) {
  const response = await request('GET', '/api/progress?limit=100', account);
  expect(response.statusCode, response.body).toBe(200);
  return readingProgressPageSchema.parse(response.json()).items;
}

async function booksStarted(account: SignedIn) {
  const response = await request('GET', '/api/progress/books', account);
  expect(response.statusCode, response.body).toBe(200);
  return booksStartedResponseSchema.parse(response.json()).items;
}

async function stats(account: SignedIn) {
  const response = await request('GET', '/api/progress/stats', account);
  expect(response.statusCode).toBe(200);
  return readingStatsSchema.parse(response.json());
}

async function lastPosition(account: SignedIn) {
  const response = await request('GET', '/api/progress/last-position', account);
  expect(response.statusCode).toBe(200);
  return lastPositionSchema.parse(response.json());
}

function progressRows(userId: string) {
  return t.db
    .selectFrom('reading_progress')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('completed_at')
    .execute();
}

describe('POST /api/progress', () => {
  it('records the chapter under its canonical name and answers with the row', async () => {
    const account = await signUp(t);
    const savedAt = clock.now().toISOString();
    const body = await save(account, {
      book_name: ' john ',
      chapter_number: 3,
      reading_time_seconds: 120,
    });
    expect(body).toEqual({
      progress: {
        id: expect.any(String),
        book_name: 'John',
        chapter_number: 3,
        reading_time_seconds: 120,
        completed_at: savedAt,
        updated_at: savedAt,
      },
      plan: null,
    });
  });

  it('is an upsert: saving a chapter again moves completed_at and never adds a row', async () => {
    const account = await signUp(t);
    const first = await save(account, {
      book_name: 'Ruth',
      chapter_number: 2,
      reading_time_seconds: 90,
    });
    clock.advance(5 * minute);
    // Without a reading time the one recorded before stays.
    const second = await save(account, { book_name: 'RUTH', chapter_number: '2' });
    expect(second.progress.completed_at > first.progress.completed_at).toBe(true);
    expect(second.progress).toMatchObject({ reading_time_seconds: 90 });
    clock.advance(minute);
    const third = await save(account, {
      book_name: 'Ruth',
      chapter_number: 2,
      reading_time_seconds: 30,
    });
    expect(third.progress.reading_time_seconds).toBe(30);

    const rows = await progressRows(account.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      book_name: 'Ruth',
      chapter_number: 2,
      completed_at: third.progress.completed_at,
      updated_at: third.progress.updated_at,
    });
  });

  it.each([
    [{}, /book/i],
    [{ book_name: 'Hezekiah', chapter_number: 1 }, /no book called "Hezekiah"/],
    [{ book_name: 'John', chapter_number: 22 }, /John has 21 chapters/],
    [{ book_name: 'John', chapter_number: 0 }, /chapter/i],
    [{ book_name: 'John', chapter_number: 'three' }, /chapter/i],
    [{ book_name: 'John', chapter_number: 2.5 }, /chapter/i],
    [{ book_name: 'John', chapter_number: 1, reading_time_seconds: -1 }, /reading_time_seconds/],
    [{ book_name: 'John', chapter_number: 1, reading_time_seconds: '60' }, /reading_time_seconds/],
    [{ book_name: 42, chapter_number: 1 }, /book/i],
    [[], /./],
  ])('refuses %j with 400 and a readable message', async (payload, message) => {
    const account = await signUp(t);
    const response = await request('POST', '/api/progress', account, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.json().message).toMatch(message);
    expect(await progressRows(account.user.id)).toEqual([]);
  });

  it('takes the owner from the session, never from the body', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await save(b, { book_name: 'Acts', chapter_number: 2, user_id: a.user.id });
    expect(await progressRows(a.user.id)).toEqual([]);
    expect(await progressRows(b.user.id)).toHaveLength(1);
  });
});

describe('GET /api/progress', () => {
  it("lists the user's chapters newest first, and only theirs", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    for (const [book, chapter] of [
      ['Genesis', 1],
      ['Psalms', 23],
      ['John', 1],
    ] as const) {
      await save(a, { book_name: book, chapter_number: chapter });
      clock.advance(minute);
    }
    await save(b, { book_name: 'Jude', chapter_number: 1 });
    clock.advance(minute);
    // Reading Genesis 1 again makes it the newest.
    await save(a, { book_name: 'Genesis', chapter_number: 1 });

    expect((await list(a)).map((row) => `${row.book_name} ${row.chapter_number}`)).toEqual([
      'Genesis 1',
      'John 1',
      'Psalms 23',
    ]);
    expect((await list(b)).map((row) => row.book_name)).toEqual(['Jude']);
  });
});

describe('GET /api/progress/books', () => {
  it('gives one row per started book, most recently read first, with its latest chapter', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect(await booksStarted(a)).toEqual([]);
    const readAt: Record<string, string> = {};
    for (const [book, chapter] of [
      ['Genesis', 1],
      ['Genesis', 3],
      ['Psalms', 23],
      ['Genesis', 2],
      ['John', 1],
      ['Psalms', 1],
      ['Psalms', 150],
    ] as const) {
      await save(a, { book_name: book, chapter_number: chapter });
      readAt[book] = clock.now().toISOString();
      clock.advance(minute);
    }
    await save(b, { book_name: 'Jude', chapter_number: 1 });
    // Reading Genesis 3 again makes it the book's latest chapter, and the book the latest read.
    await save(a, { book_name: 'Genesis', chapter_number: 3 });
    readAt.Genesis = clock.now().toISOString();

    expect(await booksStarted(a)).toEqual([
      { book_name: 'Genesis', chapters_read: 3, latest_chapter: 3, last_read_at: readAt.Genesis },
      { book_name: 'Psalms', chapters_read: 3, latest_chapter: 150, last_read_at: readAt.Psalms },
      { book_name: 'John', chapters_read: 1, latest_chapter: 1, last_read_at: readAt.John },
    ]);
    expect((await booksStarted(b)).map((row) => row.book_name)).toEqual(['Jude']);
  });

  it('has at most 66 rows, whatever was read', async () => {
    const account = await signUp(t);
    await t.db
      .insertInto('reading_progress')
      .values(
        books.flatMap((book, bookIndex) =>
          [1, 2].map((chapter) => ({
            id: randomRowId(),
            user_id: account.user.id,
            book_name: book.name,
            chapter_number: chapter,
            reading_time_seconds: null,
            completed_at: new Date(Date.UTC(2026, 0, 1, 0, bookIndex, chapter)).toISOString(),
            updated_at: new Date(Date.UTC(2026, 0, 1)).toISOString(),
          })),
        ),
      )
      .execute();
    const rows = await booksStarted(account);
    expect(rows).toHaveLength(66);
    expect(rows[0]).toMatchObject({ book_name: 'Revelation', chapters_read: 2, latest_chapter: 2 });
    expect(rows.at(-1)).toMatchObject({ book_name: 'Genesis', chapters_read: 2 });
  });
});

describe('DELETE /api/progress', () => {
  it('removes one chapter of the user (204), then answers 404 for it', async () => {
    const account = await signUp(t);
    await save(account, { book_name: 'Mark', chapter_number: 1 });
    await save(account, { book_name: 'Mark', chapter_number: 2 });
    const url = '/api/progress?book_name=mark&chapter_number=1';
    const response = await request('DELETE', url, account);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await list(account)).map((row) => row.chapter_number)).toEqual([2]);
    const again = await request('DELETE', url, account);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'NOT_FOUND', message: expect.stringMatching(/Mark 1/) });
  });

  it('cannot remove another user’s chapter', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await save(a, { book_name: 'Luke', chapter_number: 15 });
    const response = await request('DELETE', '/api/progress?book_name=Luke&chapter_number=15', b);
    expect(response.statusCode).toBe(404);
    expect(await progressRows(a.user.id)).toHaveLength(1);
  });

  it.each(['', '?book_name=Luke', '?book_name=Luke&chapter_number=99', '?chapter_number=1'])(
    'refuses the query %j with 400',
    async (query) => {
      const account = await signUp(t);
      const response = await request('DELETE', `/api/progress${query}`, account);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('VALIDATION_ERROR');
    },
  );
});

describe('GET /api/progress/stats', () => {
  it('counts chapters read, books started and bookmarks, for this user only', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect(await stats(a)).toEqual({ chaptersRead: 0, booksStarted: 0, bookmarks: 0 });
    for (const [book, chapter] of [
      ['Genesis', 1],
      ['Genesis', 2],
      ['Genesis', 2],
      ['Exodus', 20],
      ['Romans', 8],
    ] as const) {
      await save(a, { book_name: book, chapter_number: chapter });
    }
    for (const chapter of [1, 2]) {
      await request('POST', '/api/bookmarks/toggle', a, {
        book_name: 'Romans',
        chapter_number: chapter,
      });
    }
    await save(b, { book_name: 'Jonah', chapter_number: 1 });
    await request('POST', '/api/bookmarks/toggle', b, { book_name: 'Jonah', chapter_number: 1 });

    expect(await stats(a)).toEqual({ chaptersRead: 4, booksStarted: 3, bookmarks: 2 });
    expect(await stats(b)).toEqual({ chaptersRead: 1, booksStarted: 1, bookmarks: 1 });
  });
});

describe('GET /api/progress/last-position', () => {
  it('is Genesis 1 for a new reader', async () => {
    const account = await signUp(t);
    expect(await lastPosition(account)).toEqual({ bookIndex: 0, chapter: 1 });
  });

  it('is the latest chapter read (not the furthest) when there is no plan', async () => {
    const account = await signUp(t);
    await save(account, { book_name: 'John', chapter_number: 3 });
    clock.advance(minute);
    await save(account, { book_name: 'Genesis', chapter_number: 5 });
    expect(await lastPosition(account)).toEqual({ bookIndex: 0, chapter: 5 });
    clock.advance(minute);
    await save(account, { book_name: 'John', chapter_number: 3 });
    expect(await lastPosition(account)).toEqual({ bookIndex: 42, chapter: 3 });
  });

  it("is the active plan's place when there is one, whatever was read last", async () => {
    const account = await signUp(t);
    await save(account, { book_name: 'John', chapter_number: 3 });
    await save(account, { book_name: 'Psalms', chapter_number: 22 });
    clock.advance(minute);
    expect((await request('POST', '/api/reading-plan', account)).statusCode).toBe(201);
    clock.advance(minute);
    await save(account, { book_name: 'John', chapter_number: 3 });
    expect(await lastPosition(account)).toEqual({ bookIndex: 18, chapter: 23 });

    await request('DELETE', '/api/reading-plan', account);
    expect(await lastPosition(account)).toEqual({ bookIndex: 42, chapter: 3 });
  });

  it("never follows another user's reading", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await save(a, { book_name: 'Revelation', chapter_number: 22 });
    await request('POST', '/api/reading-plan', a);
    expect(await lastPosition(b)).toEqual({ bookIndex: 0, chapter: 1 });
  });
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/progress'],
    ['POST', '/api/progress'],
    ['DELETE', '/api/progress?book_name=John&chapter_number=1'],
    ['GET', '/api/progress/stats'],
    ['GET', '/api/progress/last-position'],
    ['GET', '/api/progress/books'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const response = await request(
      method,
      url,
      undefined,
      method === 'POST' ? { book_name: 'John', chapter_number: 1 } : undefined,
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
  });
});

/** Progress rows of Psalms chapters, one per row: the unique key allows one per chapter. */
const chaptersAdded = new Map<string, number>();

describePagedList(() => t, {
  url: '/api/progress',
  parties: async () => {
    const account = await signUp(t);
    return { reader: account, owner: account };
  },
  addRows: async (owner, times) => {
    const before = chaptersAdded.get(owner.user.id) ?? 0;
    chaptersAdded.set(owner.user.id, before + times.length);
    await t.db
      .insertInto('reading_progress')
      .values(
        times.map((time, index) => ({
          id: randomRowId(),
          user_id: owner.user.id,
          book_name: 'Psalms',
          chapter_number: before + index + 1,
          reading_time_seconds: null,
          completed_at: time,
          updated_at: time,
        })),
      )
      .execute();
  },
  visibleRows: ({ owner }) =>
    t.db
      .selectFrom('reading_progress')
      .select(['id', 'completed_at as time'])
      .where('user_id', '=', owner.user.id)
      .execute(),
  timeField: 'completed_at',
  isOwn: true,
});
