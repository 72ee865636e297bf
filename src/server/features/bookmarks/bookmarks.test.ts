import { randomUUID } from 'node:crypto';
import type { KyselyPlugin, QueryId } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import {
  bookmarkPageSchema,
  bookmarkStatusResponseSchema,
  toggleBookmarkResponseSchema,
} from '#shared/schemas/reading.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { describePagedList, randomRowId } from '#tests/api-support/page-contract.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';
import { toggleBookmark } from './bookmarks.service.ts';

const clock = fixedClock(new Date('2026-04-01T06:00:00.000Z'));
const t = useTestApp({ clock });

const request = sendingAs(t);

async function toggle(account: SignedIn, book: string, chapter: number | string) {
  const response = await request('POST', '/api/bookmarks/toggle', account, {
    book_name: book,
    chapter_number: chapter,
  });
  expect(response.statusCode, response.body).toBe(200);
  return toggleBookmarkResponseSchema.parse(response.json()).bookmarked;
}

async function list(account: SignedIn, query = '') {
  const response = await request('GET', `/api/bookmarks?limit=100${query}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return bookmarkPageSchema.parse(response.json()).items;
}

async function isBookmarked(account: SignedIn, book: string, chapter: number | string) {
  const query = `book_name=${encodeURIComponent(book)}&chapter_number=${chapter}`;
  const response = await request('GET', `/api/bookmarks/status?${query}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return bookmarkStatusResponseSchema.parse(response.json()).bookmarked;
}

function labels(bookmarks: { book_name: string; chapter_number: number }[]) {
  return bookmarks.map((bookmark) => `${bookmark.book_name} ${bookmark.chapter_number}`);
}

describe('POST /api/bookmarks/toggle', () => {
  it('adds a bookmark (true), then removes it (false)', async () => {
    const account = await signUp(t);
    const addedAt = clock.now().toISOString();
    expect(await toggle(account, 'Psalms', 23)).toBe(true);
    expect(await list(account)).toEqual([
      { id: expect.any(String), book_name: 'Psalms', chapter_number: 23, created_at: addedAt },
    ]);
    expect(await toggle(account, 'Psalms', 23)).toBe(false);
    expect(await list(account)).toEqual([]);
  });

  it('treats any spelling of a book as the same chapter', async () => {
    const account = await signUp(t);
    expect(await toggle(account, 'song of solomon', '2')).toBe(true);
    expect(labels(await list(account))).toEqual(['Song of Solomon 2']);
    expect(await toggle(account, 'SONG OF SOLOMON', 2)).toBe(false);
  });

  it('never fails when toggles of one chapter race, and leaves at most one bookmark', async () => {
    const account = await signUp(t);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        request('POST', '/api/bookmarks/toggle', account, { book_name: 'Ruth', chapter_number: 1 }),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const rows = await list(account);
    expect(rows.length).toBeLessThanOrEqual(1);
  });

  it('answers true when a racing request inserts the same bookmark first', async () => {
    const account = await signUp(t);
    const chapter = { book_name: 'Nahum', chapter_number: 1 };
    // Right after the toggle's delete finds nothing, another request's insert lands.
    const deletes = new Set<QueryId>();
    const racer: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        if (node.kind === 'DeleteQueryNode') deletes.add(queryId);
        return node;
      },
      transformResult: async ({ queryId, result }) => {
        if (deletes.has(queryId)) {
          await t.db
            .insertInto('bookmarked_chapters')
            .values({
              id: randomUUID(),
              user_id: account.user.id,
              ...chapter,
              created_at: clock.now().toISOString(),
            })
            .execute();
        }
        return result;
      },
    };
    const result = await toggleBookmark(
      { db: t.db.withPlugin(racer), clock },
      account.user.id,
      chapter,
    );
    expect(result).toEqual({ bookmarked: true });
    expect(labels(await list(account))).toEqual(['Nahum 1']);
  });

  it.each([
    [{}, /book/i],
    [{ book_name: 'Hezekiah', chapter_number: 1 }, /no book called/],
    [{ book_name: 'Jude', chapter_number: 2 }, /Jude has 1 chapters/],
    [{ book_name: 'John', chapter_number: -3 }, /chapter/i],
    [{ book_name: 'x'.repeat(41), chapter_number: 1 }, /book_name/],
  ])('refuses %j with 400', async (payload, message) => {
    const account = await signUp(t);
    const response = await request('POST', '/api/bookmarks/toggle', account, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.json().message).toMatch(message);
  });
});

describe('GET /api/bookmarks', () => {
  it("lists the user's bookmarks newest first, and only theirs", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    for (const [book, chapter] of [
      ['Genesis', 1],
      ['Isaiah', 40],
      ['Matthew', 5],
    ] as const) {
      await toggle(a, book, chapter);
      clock.advance(60_000);
    }
    // B bookmarks one of the same chapters: B's own row, which A never sees.
    await toggle(b, 'Isaiah', 40);
    expect(labels(await list(a))).toEqual(['Matthew 5', 'Isaiah 40', 'Genesis 1']);
    expect(labels(await list(b))).toEqual(['Isaiah 40']);

    // B removing theirs leaves A's.
    expect(await toggle(b, 'Isaiah', 40)).toBe(false);
    expect(labels(await list(a))).toEqual(['Matthew 5', 'Isaiah 40', 'Genesis 1']);
  });
});

describe('GET /api/bookmarks?q= (product §5 bookmark search, on the server)', () => {
  async function searched(account: SignedIn, q: string) {
    return labels(await list(account, `&q=${encodeURIComponent(q)}`));
  }

  it('keeps the bookmarks whose book name or chapter number contains the term, in any case', async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    for (const [book, chapter] of [
      ['1 John', 4],
      ['John', 3],
      ['Jonah', 2],
      ['Psalms', 23],
      ['Psalms', 119],
      ['Genesis', 1],
      ['Song of Solomon', 2],
    ] as const) {
      await toggle(account, book, chapter);
      clock.advance(60_000);
    }
    await toggle(other, 'John', 1);

    expect(await searched(account, 'JOHN')).toEqual(['John 3', '1 John 4']);
    expect(await searched(account, 'jo')).toEqual(['Jonah 2', 'John 3', '1 John 4']);
    expect(await searched(account, 'of sol')).toEqual(['Song of Solomon 2']);
    // A number matches chapters containing it, and book names containing it.
    expect(await searched(account, '1')).toEqual(['Genesis 1', 'Psalms 119', '1 John 4']);
    expect(await searched(account, '23')).toEqual(['Psalms 23']);
    expect(await searched(account, '  2 ')).toEqual(['Song of Solomon 2', 'Psalms 23', 'Jonah 2']);
    expect(await searched(account, 'xyz')).toEqual([]);
    expect(await searched(account, '%')).toEqual([]);
    expect(await searched(account, "' or 1=1 --")).toEqual([]);
    // An empty term is no search.
    expect(await searched(account, '   ')).toHaveLength(7);
  });

  it('pages a search: every match once, newest first', async () => {
    const account = await signUp(t);
    for (let chapter = 1; chapter <= 30; chapter += 1) {
      await toggle(account, chapter % 2 === 0 ? 'Psalms' : 'Proverbs', chapter);
      clock.advance(1000);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/bookmarks?q=psalm&limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await request('GET', query, account);
      expect(response.statusCode, response.body).toBe(200);
      const page = bookmarkPageSchema.parse(response.json());
      seen.push(...labels(page.items));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 15 }, (_, index) => `Psalms ${30 - index * 2}`));
  });

  it('refuses a term over 200 characters with 400', async () => {
    const account = await signUp(t);
    const response = await request('GET', `/api/bookmarks?q=${'a'.repeat(201)}`, account);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  });
});

describe('GET /api/bookmarks/status', () => {
  it('says whether this user bookmarked the chapter, in any spelling of the book', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect(await isBookmarked(a, 'Psalms', 23)).toBe(false);
    await toggle(a, 'Psalms', 23);
    expect(await isBookmarked(a, 'psalms', '23')).toBe(true);
    expect(await isBookmarked(a, 'Psalms', 24)).toBe(false);
    expect(await isBookmarked(b, 'Psalms', 23)).toBe(false);
    await toggle(a, 'Psalms', 23);
    expect(await isBookmarked(a, 'Psalms', 23)).toBe(false);
  });

  it.each(['', '?book_name=John', '?chapter_number=3', '?book_name=Hezekiah&chapter_number=1'])(
    'refuses the query %j with 400',
    async (query) => {
      const account = await signUp(t);
      const response = await request('GET', `/api/bookmarks/status${query}`, account);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    },
  );
});

describe('DELETE /api/bookmarks/:id', () => {
  it('deletes the user’s bookmark (204), then answers 404 for it', async () => {
    const account = await signUp(t);
    await toggle(account, 'Micah', 6);
    const [bookmark] = await list(account);
    const response = await request('DELETE', `/api/bookmarks/${bookmark?.id}`, account);
    expect(response.statusCode).toBe(204);
    expect(await list(account)).toEqual([]);
    const again = await request('DELETE', `/api/bookmarks/${bookmark?.id}`, account);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
  });

  it("answers 404 for another user's bookmark, which stays", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await toggle(a, 'Hosea', 6);
    const [bookmark] = await list(a);
    const response = await request('DELETE', `/api/bookmarks/${bookmark?.id}`, b);
    expect(response.statusCode).toBe(404);
    expect(await list(a)).toEqual([bookmark]);
  });

  it.each([randomUUID(), 'not-a-uuid', '%00', "1' or '1'='1"])(
    'answers 404 for the id %j',
    async (id) => {
      const account = await signUp(t);
      const response = await request('DELETE', `/api/bookmarks/${encodeURIComponent(id)}`, account);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('NOT_FOUND');
    },
  );
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/bookmarks'],
    ['GET', '/api/bookmarks/status?book_name=John&chapter_number=1'],
    ['POST', '/api/bookmarks/toggle'],
    ['DELETE', `/api/bookmarks/${randomUUID()}`],
  ] as const)('%s %s answers 401', async (method, url) => {
    const payload = method === 'POST' ? { book_name: 'John', chapter_number: 1 } : undefined;
    const response = await request(method, url, undefined, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
  });
});

/** Bookmarks of Psalms chapters, one per row: the unique key allows one per chapter. */
const bookmarksAdded = new Map<string, number>();

describePagedList(() => t, {
  url: '/api/bookmarks',
  parties: async () => {
    const account = await signUp(t);
    return { reader: account, owner: account };
  },
  addRows: async (owner, times) => {
    const before = bookmarksAdded.get(owner.user.id) ?? 0;
    bookmarksAdded.set(owner.user.id, before + times.length);
    await t.db
      .insertInto('bookmarked_chapters')
      .values(
        times.map((time, index) => ({
          id: randomRowId(),
          user_id: owner.user.id,
          book_name: 'Psalms',
          chapter_number: before + index + 1,
          created_at: time,
        })),
      )
      .execute();
  },
  visibleRows: ({ owner }) =>
    t.db
      .selectFrom('bookmarked_chapters')
      .select(['id', 'created_at as time'])
      .where('user_id', '=', owner.user.id)
      .execute(),
  timeField: 'created_at',
  isOwn: true,
  otherFilterUrl: '/api/bookmarks?q=psalms',
});
