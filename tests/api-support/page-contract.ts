import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageSizeDefault, pageSizeMax } from '#shared/schemas/pagination.ts';
import { sendingAs, signUp, type SignedIn } from './auth-helpers.ts';
import type { TestApp } from './test-app.ts';

/** A row of a list as its order sees it: newest first by time, then id (decision 012). */
export type RowKey = { id: string; time: string };

/** Who reads a list, and whose rows it shows (the same account for one's own lists). */
export type ListParties = { reader: SignedIn | undefined; owner: SignedIn };

/** One list route, described enough for describePagedList to check the page contract on it. */
export type PagedListUnderTest = {
  /** The list's address with any fixed filter, e.g. '/api/highlights?book_name=Ruth&chapter_number=1'. */
  url: string;
  /** Makes a fresh reader and owner (a new account each time for one's own lists). */
  parties: () => Promise<ListParties>;
  /** Adds one row the reader sees to the owner's list for each time given (ids of any order). */
  addRows: (owner: SignedIn, times: string[]) => Promise<void>;
  /** Every row the reader sees now, in any order, read straight from the database. */
  visibleRows: (parties: ListParties) => Promise<RowKey[]>;
  /** The item's field that orders the list: created_at, or completed_at for reading progress. */
  timeField: string;
  /** One's own list: another user's rows never show and their cursors are refused. */
  isOwn: boolean;
  /** The same list with another filter (`?q=`, a chapter), whose cursors this list refuses. */
  otherFilterUrl?: string;
};

type PageBody = { items: Record<string, unknown>[]; next_cursor: string | null };

const minute = 60_000;
let seededMinutes = 0;
let addedMinutes = 0;

/**
 * `count` times, oldest first, three rows to each instant so that the id has to order them.
 * Each call's times follow the last call's, in 2025: before the rows the tests' own clocks
 * write, so the checks here leave the other tests' newest rows on top.
 */
export function seedTimes(count: number): string[] {
  const start = Date.parse('2025-01-01T00:00:00.000Z') + seededMinutes * minute;
  seededMinutes += Math.ceil(count / 3) + 1;
  return Array.from({ length: count }, (_, index) =>
    new Date(start + Math.floor(index / 3) * minute).toISOString(),
  );
}

/** A time after every other row's: a row someone adds while a reader is paging. */
function newestTime(): string {
  addedMinutes += 1;
  return new Date(Date.parse('2099-01-01T00:00:00.000Z') + addedMinutes * minute).toISOString();
}

/** A fresh row id that says nothing of when it was made, so equal times are ordered by chance. */
export const randomRowId = randomUUID;

function newestFirst(rows: RowKey[]): string[] {
  return [...rows]
    .sort((a, b) =>
      a.time === b.time ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.time < b.time ? 1 : -1,
    )
    .map((row) => row.id);
}

function withQuery(url: string, query: Record<string, string>): string {
  const params = new URLSearchParams(query).toString();
  return params ? `${url}${url.includes('?') ? '&' : '?'}${params}` : url;
}

/** A cursor with one character of its payload changed: its signature no longer fits. */
function tampered(cursor: string): string {
  const first = cursor[0] === 'A' ? 'B' : 'A';
  return `${first}${cursor.slice(1)}`;
}

/**
 * The page contract of decision 012 on one list route: default and largest page sizes, refused
 * sizes and cursors, the newest-first order with ties broken by id, a full walk that sees every
 * row once while rows are being added, and (for one's own lists) nothing of another user's.
 */
export function describePagedList(testApp: () => TestApp, list: PagedListUnderTest): void {
  const send: ReturnType<typeof sendingAs> = (...args) => sendingAs(testApp())(...args);

  async function page(reader: SignedIn | undefined, query: Record<string, string> = {}) {
    const response = await send('GET', withQuery(list.url, query), reader);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PageBody>();
    expect(body.next_cursor === null || typeof body.next_cursor === 'string').toBe(true);
    return body;
  }

  const idsOf = (body: PageBody) => body.items.map((item) => String(item.id));

  async function expectRefused(reader: SignedIn | undefined, url: string, field: RegExp) {
    const response = await send('GET', url, reader);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    const body = response.json<{ error: string; message: string }>();
    expect(body).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(body.message).toMatch(field);
  }

  /** Every id the reader is shown, following next_cursor to the end; `between` runs between pages. */
  async function walk(reader: SignedIn | undefined, limit: number, between?: () => Promise<void>) {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const body: PageBody = await page(reader, {
        limit: String(limit),
        ...(cursor ? { cursor } : {}),
      });
      expect(body.items.length).toBeLessThanOrEqual(limit);
      seen.push(...idsOf(body));
      cursor = body.next_cursor;
      if (!cursor) return seen;
      await between?.();
    }
    throw new Error('the walk did not end within 100 pages');
  }

  async function listWithRows(count: number) {
    const parties = await list.parties();
    await list.addRows(parties.owner, seedTimes(count));
    return parties;
  }

  describe(`GET ${list.url} a page at a time`, () => {
    it(`answers ${pageSizeDefault} items by default, newest first, with a cursor for more`, async () => {
      const parties = await listWithRows(pageSizeDefault + 5);
      const expected = newestFirst(await list.visibleRows(parties));
      const body = await page(parties.reader);
      expect(idsOf(body)).toEqual(expected.slice(0, pageSizeDefault));
      expect(body.next_cursor).toEqual(expect.any(String));
      const [newest, next] = body.items;
      expect(String(newest?.[list.timeField]) >= String(next?.[list.timeField])).toBe(true);
    });

    it(`answers up to ${pageSizeMax} items when asked, and no cursor after the last`, async () => {
      const parties = await listWithRows(30);
      const expected = newestFirst(await list.visibleRows(parties));
      const body = await page(parties.reader, { limit: String(pageSizeMax) });
      expect(idsOf(body)).toEqual(expected.slice(0, pageSizeMax));
      expect(body.next_cursor === null).toBe(expected.length <= pageSizeMax);
    });

    it.each(['101', '0', 'x', '-1', '2.5', ''])('refuses limit=%j with 400', async (limit) => {
      const { reader } = await list.parties();
      await expectRefused(
        reader,
        withQuery(list.url, { limit }),
        /^limit: Choose a page size from 1 to 100\.$/,
      );
    });

    it('orders rows of the same moment by id, the same on every page', async () => {
      const parties = await listWithRows(12);
      const expected = newestFirst(await list.visibleRows(parties));
      expect(await walk(parties.reader, 4)).toEqual(expected);
    });

    it('walks every row exactly once while newer rows are added between pages', async () => {
      const parties = await listWithRows(23);
      const expected = newestFirst(await list.visibleRows(parties));
      const seen = await walk(parties.reader, 5, () =>
        list.addRows(parties.owner, [newestTime(), newestTime()]),
      );
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(expected);
      // The rows added meanwhile are on top of the next first page.
      const now = newestFirst(await list.visibleRows(parties));
      expect(now.length).toBeGreaterThan(expected.length);
      expect(idsOf(await page(parties.reader))).toEqual(now.slice(0, pageSizeDefault));
    });

    it('refuses a changed, made-up or over-long cursor with 400', async () => {
      const parties = await listWithRows(3);
      const { next_cursor: cursor } = await page(parties.reader, { limit: '1' });
      expect(cursor).toEqual(expect.any(String));
      for (const bad of [
        tampered(String(cursor)),
        `${cursor}x`,
        'not-a-cursor',
        Buffer.from('[1,"x","2025-01-01T00:00:00.000Z","id"]').toString('base64url'),
        'x'.repeat(1001),
      ]) {
        await expectRefused(parties.reader, withQuery(list.url, { cursor: bad }), /^cursor: /);
      }
    });

    it("refuses another list's cursor with 400", async () => {
      const parties = await listWithRows(3);
      const other = await otherListCursor(testApp(), list.url);
      await expectRefused(parties.reader, withQuery(list.url, { cursor: other }), /^cursor: /);
    });

    const { otherFilterUrl } = list;
    if (otherFilterUrl) {
      it(`refuses a cursor of ${otherFilterUrl} with 400`, async () => {
        const parties = await listWithRows(3);
        const response = await send(
          'GET',
          withQuery(otherFilterUrl, { limit: '1' }),
          parties.reader,
        );
        expect(response.statusCode, response.body).toBe(200);
        const cursor = response.json<PageBody>().next_cursor;
        expect(cursor).toEqual(expect.any(String));
        await expectRefused(
          parties.reader,
          withQuery(list.url, { cursor: String(cursor) }),
          /^cursor: /,
        );
      });
    }

    if (list.isOwn) {
      it("shows each user only their own rows and refuses another user's cursor", async () => {
        const a = await listWithRows(7);
        const b = await listWithRows(7);
        const seenByA = await walk(a.reader, 3);
        const seenByB = await walk(b.reader, 3);
        expect(seenByA).toEqual(newestFirst(await list.visibleRows(a)));
        expect(seenByB).toEqual(newestFirst(await list.visibleRows(b)));
        expect(seenByA.filter((id) => seenByB.includes(id))).toEqual([]);

        const { next_cursor: cursorOfB } = await page(b.reader, { limit: '2' });
        await expectRefused(
          a.reader,
          withQuery(list.url, { cursor: String(cursorOfB) }),
          /^cursor: /,
        );
      });
    }
  });
}

/**
 * A valid cursor of a list other than `url`: a new account's notifications, or for the
 * notifications list its bookmarks.
 */
async function otherListCursor(t: TestApp, url: string): Promise<string> {
  const account = await signUp(t);
  const [first, second] = seedTimes(2);
  const isNotifications = url.startsWith('/api/notifications');
  if (isNotifications) {
    await t.db
      .insertInto('bookmarked_chapters')
      .values(
        [first, second].map((time, index) => ({
          id: randomRowId(),
          user_id: account.user.id,
          book_name: 'Ruth',
          chapter_number: index + 1,
          created_at: String(time),
        })),
      )
      .execute();
  } else {
    await t.db
      .insertInto('notifications')
      .values(
        [first, second].map((time) => ({
          id: randomRowId(),
          user_id: account.user.id,
          type: 'test',
          title: 'Test',
          message: 'A test.',
          link: null,
          local_date: null,
          is_read: false,
          created_at: String(time),
        })),
      )
      .execute();
  }
  const response = await sendingAs(t)(
    'GET',
    isNotifications ? '/api/bookmarks?limit=1' : '/api/notifications?limit=1',
    account,
  );
  expect(response.statusCode, response.body).toBe(200);
  return String(response.json<PageBody>().next_cursor);
}

/**
 * Every page of a list, following next_cursor to the end: `readPage` gets the cursor to send
 * (null for the first page) and answers one page.
 */
export async function walkPages<T>(
  readPage: (cursor: string | null) => Promise<{ items: T[]; next_cursor: string | null }>,
): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const next: { items: T[]; next_cursor: string | null } = await readPage(cursor);
    pages.push(next.items);
    cursor = next.next_cursor;
  } while (cursor);
  return pages;
}
