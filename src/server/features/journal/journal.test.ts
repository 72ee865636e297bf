import { randomUUID } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { newRowId } from '#server/db/ids.ts';
import { createPageCursors } from '#server/db/keyset.ts';
import { streakResponseSchema } from '#shared/schemas/habits.ts';
import {
  createJournalEntryRequestSchema,
  journalEntrySchema,
  journalPageSchema,
  type JournalListItem,
} from '#shared/schemas/journal.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { failingWritesTo } from '#tests/api-support/failing-writes.ts';
import { walkPages } from '#tests/api-support/page-contract.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';
import { createJournalEntry, listJournalEntries } from './journal.service.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });

const entryRequired = 'Please write something before saving your entry.';

const send = sendingAs(t);

async function create(account: SignedIn, payload: Record<string, unknown>) {
  const response = await send('POST', '/api/journal', account, payload);
  expect(response.statusCode, response.body).toBe(201);
  return journalEntrySchema.parse(response.json());
}

/** One page of the list (`query` as in the URL, e.g. 'q=pray&limit=5'). */
async function page(account: SignedIn, query = '') {
  const response = await send('GET', `/api/journal${query ? `?${query}` : ''}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return journalPageSchema.parse(response.json());
}

/** The first page's entries, as the old list was (a test writes fewer than a page). */
async function list(account: SignedIn) {
  return (await page(account)).items;
}

/** Whether today counts for the person's streak, as the streak screen is told. */
async function todayCounted(account: SignedIn) {
  const response = await send('GET', '/api/streak', account);
  expect(response.statusCode, response.body).toBe(200);
  return streakResponseSchema.parse(response.json()).today_counted;
}

/** Every page of a list, following next_cursor to the end. */
function walk(account: SignedIn, query: string) {
  return walkPages((cursor) =>
    page(account, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
  );
}

/** Entries written straight to the table, all in one moment unless `createdAt` says. */
async function insertEntries(
  account: SignedIn,
  entries: { title?: string | null; content: string; tags?: string[]; createdAt?: string }[],
) {
  const rows = entries.map((entry) => ({
    id: newRowId(),
    user_id: account.user.id,
    title: entry.title ?? null,
    content: entry.content,
    emotion_tags: entry.tags ?? [],
    verse_reference: null,
    created_at: entry.createdAt ?? clock.now().toISOString(),
    updated_at: entry.createdAt ?? clock.now().toISOString(),
  }));
  await t.db.insertInto('journal_entries').values(rows).execute();
  return rows.map((row) => row.id);
}

function rowsOf(userId: string) {
  return t.db
    .selectFrom('journal_entries')
    .select([
      'id',
      'user_id',
      'title',
      'content',
      'emotion_tags',
      'verse_reference',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

describe('POST /api/journal', () => {
  it('saves an entry (201) with trimmed fields, tags and both timestamps', async () => {
    const account = await signUp(t);
    const entry = await create(account, {
      title: '  Morning  ',
      content: '  Felt calm today.  ',
      emotion_tags: ['Peaceful', 'Grateful', 'Peaceful'],
      verse_reference: 'Psalm 23:1',
    });
    expect(entry).toEqual({
      id: expect.any(String),
      title: 'Morning',
      content: 'Felt calm today.',
      emotion_tags: ['Peaceful', 'Grateful'],
      verse_reference: 'Psalm 23:1',
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    const rows = await rowsOf(account.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: entry.id, user_id: account.user.id, title: 'Morning' });
  });

  it('stores an empty title as null and defaults tags and verse reference', async () => {
    const account = await signUp(t);
    const entry = await create(account, { title: '', content: 'Just words' });
    expect(entry).toMatchObject({ title: null, emotion_tags: [], verse_reference: null });
    const whitespace = await create(account, { title: '   ', content: 'More words' });
    expect(whitespace.title).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['whitespace', ' \n\t '],
    ['missing', undefined],
  ])('refuses %s content with 400 and the spec message', async (_label, content) => {
    const account = await signUp(t);
    const response = await send('POST', '/api/journal', account, {
      title: 'Nothing',
      ...(content === undefined ? {} : { content }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: expect.stringContaining(entryRequired),
    });
    expect(await rowsOf(account.user.id)).toHaveLength(0);
  });

  it('ignores a user_id in the body: the owner comes from the session', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    await create(owner, { content: 'Mine', user_id: other.user.id });
    expect(await rowsOf(owner.user.id)).toHaveLength(1);
    expect(await rowsOf(other.user.id)).toHaveLength(0);
  });

  it('stores markup verbatim', async () => {
    const account = await signUp(t);
    const content = '<script>alert("x")</script> & <b>bold</b>';
    const entry = await create(account, { content });
    expect(entry.content).toBe(content);
    expect((await list(account))[0]?.content).toBe(content);
  });

  it('keeps neither the entry nor its streak day when the streak day cannot be written', async () => {
    const account = await signUp(t);
    const failingStreak = { db: t.db.withPlugin(failingWritesTo('streak_days')), clock };
    const entry = createJournalEntryRequestSchema.parse({ content: 'Kept together or not at all' });
    await expect(createJournalEntry(failingStreak, account.user.id, entry)).rejects.toThrow(
      /streak_days/,
    );
    expect(await rowsOf(account.user.id)).toHaveLength(0);
    expect(await todayCounted(account)).toBe(false);
    // The same entry written again, with the streak day, is kept with its day.
    await createJournalEntry({ db: t.db, clock }, account.user.id, entry);
    expect(await rowsOf(account.user.id)).toHaveLength(1);
    expect(await todayCounted(account)).toBe(true);
  });

  it('answers 401 to a visitor', async () => {
    const response = await send('POST', '/api/journal', undefined, { content: 'Hello' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
  });
});

describe('GET /api/journal', () => {
  it('lists only the user’s own entries, newest first', async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const first = await create(account, { content: 'First' });
    clock.advance(60_000);
    const second = await create(account, { content: 'Second' });
    await create(other, { content: 'Not yours' });
    const entries = await list(account);
    expect(entries.map((entry) => entry.id)).toEqual([second.id, first.id]);
  });

  it('lists entries written in the same moment last written first', async () => {
    const account = await signUp(t);
    const written = [];
    for (const content of ['One', 'Two', 'Three', 'Four', 'Five']) {
      written.push((await create(account, { content })).content);
    }
    expect((await list(account)).map((entry) => entry.content)).toEqual(written.reverse());
  });

  it('answers 401 to a visitor', async () => {
    const response = await send('GET', '/api/journal');
    expect(response.statusCode).toBe(401);
  });
});

describe('PATCH /api/journal/:id', () => {
  it('updates title and content and sets updated_at', async () => {
    const account = await signUp(t);
    const entry = await create(account, {
      title: 'Old',
      content: 'Old text',
      emotion_tags: ['Hopeful'],
    });
    clock.advance(5 * 60_000);
    const response = await send('PATCH', `/api/journal/${entry.id}`, account, {
      title: '',
      content: '  New text ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = journalEntrySchema.parse(response.json());
    expect(updated).toEqual({
      ...entry,
      title: null,
      content: 'New text',
      updated_at: clock.now().toISOString(),
    });
    expect(updated.created_at).toBe(entry.created_at);
    expect((await list(account))[0]).toEqual(updated);
  });

  it('refuses empty content with 400 and leaves the entry as it was', async () => {
    const account = await signUp(t);
    const entry = await create(account, { title: 'Keep', content: 'Keep me' });
    const response = await send('PATCH', `/api/journal/${entry.id}`, account, {
      title: 'Gone',
      content: '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(entryRequired);
    expect((await list(account))[0]).toEqual(entry);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const account = await signUp(t);
    for (const id of [randomUUID(), 'not-a-uuid', '42']) {
      const response = await send('PATCH', `/api/journal/${id}`, account, { content: 'x' });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('answers 401 to a visitor', async () => {
    const response = await send('PATCH', `/api/journal/${randomUUID()}`, undefined, {
      content: 'x',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/journal/:id', () => {
  it('deletes the user’s entry (204)', async () => {
    const account = await signUp(t);
    const keep = await create(account, { content: 'Keep' });
    const gone = await create(account, { content: 'Gone' });
    const response = await send('DELETE', `/api/journal/${gone.id}`, account);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await list(account)).map((entry) => entry.id)).toEqual([keep.id]);
    const again = await send('DELETE', `/api/journal/${gone.id}`, account);
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for a malformed id and 401 to a visitor', async () => {
    const account = await signUp(t);
    expect((await send('DELETE', '/api/journal/nope', account)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/journal/${randomUUID()}`)).statusCode).toBe(401);
  });
});

describe('another user’s journal', () => {
  it('cannot be read, edited or deleted: 404 and the rows stay unchanged', async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const entry = await create(owner, { title: 'Private', content: 'My secret prayer' });
    const before = await rowsOf(owner.user.id);

    expect(await list(intruder)).toEqual([]);

    const edit = await send('PATCH', `/api/journal/${entry.id}`, intruder, {
      title: 'Hacked',
      content: 'Hacked',
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ error: 'NOT_FOUND' });

    const remove = await send('DELETE', `/api/journal/${entry.id}`, intruder);
    expect(remove.statusCode).toBe(404);

    expect(await rowsOf(owner.user.id)).toEqual(before);
    expect(await list(owner)).toEqual([entry]);
  });
});

describe('GET /api/journal pages', () => {
  it('answers 20 entries by default, at most 100, and a cursor for the rest', async () => {
    const account = await signUp(t);
    const ids = await insertEntries(
      account,
      Array.from({ length: 105 }, (_, index) => ({ content: `Entry ${index}` })),
    );
    const first = await page(account);
    expect(first.items).toHaveLength(20);
    expect(first.next_cursor).toEqual(expect.any(String));
    const largest = await page(account, 'limit=100');
    expect(largest.items).toHaveLength(100);
    // One moment for all: the last written comes first.
    expect(largest.items.map((entry) => entry.id)).toEqual([...ids].reverse().slice(0, 100));
  });

  it('walks every entry exactly once, newest first, equal times by the last written', async () => {
    const account = await signUp(t);
    const older = await insertEntries(
      account,
      Array.from({ length: 7 }, (_, index) => ({
        content: `Older ${index}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
      })),
    );
    const sameMoment = await insertEntries(
      account,
      Array.from({ length: 16 }, (_, index) => ({ content: `Same ${index}` })),
    );
    const pages = await walk(account, 'limit=5');
    expect(pages.map((items) => items.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.flat().map((entry) => entry.id)).toEqual([
      ...[...sameMoment].reverse(),
      ...[...older].reverse(),
    ]);
  });

  it('answers a last page without a cursor, and an empty list for a new member', async () => {
    const account = await signUp(t);
    expect(await page(account)).toEqual({ items: [], next_cursor: null });
    await insertEntries(account, [{ content: 'Only one' }]);
    expect((await page(account, 'limit=1')).next_cursor).toBeNull();
  });

  it.each(['0', '101', 'abc', '2.5', '-1'])('refuses limit=%s with a 400', async (limit) => {
    const account = await signUp(t);
    const response = await send('GET', `/api/journal?limit=${limit}`, account);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: expect.stringContaining('from 1 to 100'),
    });
  });

  it('refuses a cursor from another person, another filter, another list, or changed', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    await insertEntries(
      owner,
      Array.from({ length: 3 }, () => ({ content: 'Grace and peace', tags: ['prayer'] })),
    );
    await insertEntries(
      other,
      Array.from({ length: 3 }, () => ({ content: 'Grace and peace', tags: ['prayer'] })),
    );
    const cursor = (await page(owner, 'limit=1')).next_cursor ?? '';
    const searched = (await page(owner, 'limit=1&q=grace')).next_cursor ?? '';
    const tagged = (await page(owner, 'limit=1&tag=prayer')).next_cursor ?? '';
    await t.db
      .insertInto('saved_verses')
      .values(
        ['John 1:1', 'John 1:2'].map((reference) => ({
          id: newRowId(),
          user_id: owner.user.id,
          text: 'In the beginning',
          reference,
          theme: 'Bible Reading',
          emotion_tag: null,
          custom_note: null,
          created_at: clock.now().toISOString(),
        })),
      )
      .execute();
    const verses = await send('GET', '/api/saved-verses?limit=1', owner);
    const versesCursor = (verses.json() as { next_cursor: string }).next_cursor;
    const [payload = '', mac = ''] = cursor.split('.');
    const tampered = `${payload.slice(0, -2)}${payload.at(-2) === 'A' ? 'B' : 'A'}${payload.at(-1)}.${mac}`;

    const refused: [SignedIn, string][] = [
      [other, `cursor=${cursor}`],
      [owner, `cursor=${cursor}&q=grace`],
      [owner, `cursor=${cursor}&tag=prayer`],
      [owner, `cursor=${searched}`],
      [owner, `cursor=${searched}&q=peace`],
      [owner, `cursor=${tagged}&tag=other`],
      [owner, `cursor=${tagged}&q=grace`],
      [owner, `cursor=${versesCursor}`],
      [owner, `cursor=${tampered}`],
      [owner, 'cursor=not-a-cursor'],
    ];
    for (const [account, query] of refused) {
      const response = await send('GET', `/api/journal?${query}`, account);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: 'cursor: This page cursor is not valid. Start again from the top of the list.',
      });
    }
    expect((await page(owner, `cursor=${searched}&q=grace`)).items).toHaveLength(2);
    expect((await page(owner, `cursor=${tagged}&tag=prayer`)).items).toHaveLength(2);
  });
});

describe('GET /api/journal?q= searches one’s own journal', () => {
  function marked(item: JournalListItem, field: 'title' | 'content') {
    const text = item[field] ?? '';
    return (item.matches?.[field] ?? []).map(([start, end]) => text.slice(start, end));
  }

  it('finds every word in the title or the text, as typed or by its stem, newest first', async () => {
    const account = await signUp(t);
    const [morning, evening, unrelated] = await insertEntries(account, [
      {
        title: 'Morning prayer',
        content: 'Asked for patience at work.',
        createdAt: '2026-05-01T08:00:00.000Z',
      },
      {
        title: null,
        content: 'Praying for my sister tonight; she prayed with me.',
        createdAt: '2026-05-02T21:00:00.000Z',
      },
      { title: 'Groceries', content: 'Bread, milk.', createdAt: '2026-05-03T10:00:00.000Z' },
    ]);
    const ids = async (q: string) =>
      (await page(account, `q=${encodeURIComponent(q)}`)).items.map((entry) => entry.id);

    expect(await ids('pray')).toEqual([evening, morning]);
    expect(await ids('PRA')).toEqual([evening, morning]);
    expect(await ids('praying')).toContain(evening);
    expect(await ids('morning')).toEqual([morning]);
    expect(await ids('patience prayer')).toEqual([morning]);
    expect(await ids('patience sister')).toEqual([]);
    expect(await ids('bread')).toEqual([unrelated]);
    expect(await ids('"sister" -tonight')).toEqual([evening]);
  });

  it('marks where the words are in the title and the text', async () => {
    const account = await signUp(t);
    await insertEntries(account, [
      { title: 'Prayer list', content: 'I prayed. Then prayed again — PRAYING is rest.' },
    ]);
    const [entry] = (await page(account, 'q=pray%20rest')).items;
    expect(entry).toBeDefined();
    if (!entry) return;
    expect(marked(entry, 'title')).toEqual(['Prayer']);
    expect(marked(entry, 'content')).toEqual(['prayed', 'prayed', 'PRAYING', 'rest']);
    expect(entry.matches?.title).toEqual([[0, 6]]);
    // Without a search there is nothing to mark.
    expect((await page(account)).items[0]).not.toHaveProperty('matches');
  });

  it('never finds another person’s entries', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    await insertEntries(other, [{ title: 'Secret', content: 'My secret prayer' }]);
    expect((await page(me, 'q=secret')).items).toEqual([]);
    const mine = await insertEntries(me, [{ content: 'Not so secret' }]);
    expect((await page(me, 'q=secret')).items.map((entry) => entry.id)).toEqual(mine);
  });

  it('pages through the results', async () => {
    const account = await signUp(t);
    const found = await insertEntries(
      account,
      Array.from({ length: 12 }, (_, index) => ({
        content: index % 2 === 0 ? `Hope number ${index}` : `Nothing ${index}`,
      })),
    );
    const pages = await walk(account, 'q=hope&limit=4');
    expect(pages.map((items) => items.length)).toEqual([4, 2]);
    expect(pages.flat().map((entry) => entry.id)).toEqual(
      found.filter((_, index) => index % 2 === 0).reverse(),
    );
  });

  it('finds the newest matches first, whatever order the entries were stored in', async () => {
    const account = await signUp(t);
    // Stored first, yet the newest (written on a clock set ahead), then 30 older matches and
    // one stored last but the oldest of all.
    const [newest] = await insertEntries(account, [
      { content: 'Hope, written first', createdAt: '2026-12-31T00:00:00.000Z' },
    ]);
    const middle = await insertEntries(
      account,
      Array.from({ length: 30 }, (_, index) => ({
        content: `Hope on day ${index}`,
        createdAt: new Date(Date.UTC(2026, 5, 1 + index)).toISOString(),
      })),
    );
    const [oldest] = await insertEntries(account, [
      { content: 'Hope, written last', createdAt: '2025-01-01T00:00:00.000Z' },
    ]);
    const expected = [newest, ...middle.reverse(), oldest];
    const first = await page(account, 'q=hope&limit=20');
    expect(first.items.map((entry) => entry.id)).toEqual(expected.slice(0, 20));
    const pages = await walk(account, 'q=hope&limit=20');
    expect(pages.flat().map((entry) => entry.id)).toEqual(expected);
    // In the order stored, the first page is the newest too.
    const inOrder = await signUp(t);
    const stored = await insertEntries(
      inOrder,
      Array.from({ length: 25 }, (_, index) => ({
        content: index % 5 === 0 ? `Nothing ${index}` : `Hope ${index}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
      })),
    );
    const hopes = stored.filter((_, index) => index % 5 !== 0).reverse();
    expect((await page(inOrder, 'q=hope&limit=5')).items.map((entry) => entry.id)).toEqual(
      hopes.slice(0, 5),
    );
    expect((await page(inOrder, 'q=hope&limit=50')).items.map((entry) => entry.id)).toEqual(hopes);
  });

  it('finds what every word of a longer search matches, one by its stem and one as typed, on every page', async () => {
    const account = await signUp(t);
    const at = (index: number) => new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
    // 'praying' finds 'prayed' by its stem only, 'happin' finds 'happiness' as typed only.
    const both = await insertEntries(
      account,
      Array.from({ length: 300 }, (_, index) => ({
        content: `She prayed for happiness (${index}).`,
        createdAt: at(index * 3),
      })),
    );
    await insertEntries(
      account,
      Array.from({ length: 300 }, (_, index) => ({
        content: index % 2 ? `She prayed (${index}).` : `Happiness (${index}).`,
        createdAt: at(index * 3 + 1),
      })),
    );
    const few = await insertEntries(
      account,
      Array.from({ length: 7 }, (_, index) => ({
        title: 'Sister',
        content: `She prayed for happiness (${index}).`,
        createdAt: at(index * 3 + 2),
      })),
    );
    const found = async (q: string) =>
      (await walk(account, `q=${encodeURIComponent(q)}&limit=100`)).flat().map((entry) => entry.id);
    const newestFirst = (ids: string[], times: number[]) =>
      ids.map((id, index) => ({ id, time: times[index] ?? 0 })).sort((a, b) => b.time - a.time);
    expect(await found('praying happin')).toEqual(
      newestFirst(
        [...both, ...few],
        [...both.map((_, index) => index * 3), ...few.map((_, index) => index * 3 + 2)],
      ).map((entry) => entry.id),
    );
    expect(await found('happin sister praying')).toEqual([...few].reverse());
    expect(await found('happin nowhere praying')).toEqual([]);
  });

  it('gives others turns of the event loop between the words of a long search', async () => {
    const account = await signUp(t);
    await insertEntries(
      account,
      Array.from({ length: 40 }, (_, index) => ({ content: `the lord is my shepherd ${index}` })),
    );
    let turns = 0;
    let ticking = setImmediate(function tick() {
      turns += 1;
      ticking = setImmediate(tick);
    });
    let searches: number[] = [];
    // The turns others had been given when each search statement was sent.
    const recording: KyselyPlugin = {
      transformQuery: (args) => {
        const { sql: text } = t.db.getExecutor().compileQuery(args.node, args.queryId);
        if (/ match |@@/i.test(text)) searches.push(turns);
        return args.node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    };
    const db = t.db.withPlugin(recording);
    const words = ['the', 'lord', 'is', 'my', 'shepherd'];
    const read = (cursor?: string) => {
      searches = [];
      return listJournalEntries(
        { db, dialect: t.dialect, cursors: createPageCursors(db) },
        account.user.id,
        { q: words.join(' '), limit: 20, ...(cursor ? { cursor } : {}) },
      );
    };
    try {
      // The first page (read newest first from the indexes) and the next (every match).
      const first = await read();
      expect(first.items).toHaveLength(20);
      const firstSearches = searches;
      const second = await read(first.next_cursor ?? undefined);
      expect(second.items).toHaveLength(20);
      for (const sent of [firstSearches, searches]) {
        if (t.dialect === 'sqlite') {
          // Each word looked up in a statement of its own, with a turn for others before each.
          expect(sent.length).toBeGreaterThanOrEqual(words.length);
          for (const [index, turn] of sent.slice(1).entries()) {
            expect(turn).toBeGreaterThan(sent[index] ?? turn);
          }
        } else {
          // PostgreSQL's own process does the search: one statement, no work on the event loop.
          expect(sent).toHaveLength(1);
        }
      }
    } finally {
      clearImmediate(ticking);
    }
  });

  it('answers an empty page for punctuation alone, and a 400 for too long a search', async () => {
    const account = await signUp(t);
    await insertEntries(account, [{ content: 'Anything at all' }]);
    expect(await page(account, `q=${encodeURIComponent('"*:()-')}`)).toEqual({
      items: [],
      next_cursor: null,
    });
    expect((await page(account, 'q=%20%20')).items).toHaveLength(1);
    for (const q of ['x'.repeat(201), Array.from({ length: 17 }, (_, i) => `w${i}`).join(' ')]) {
      const response = await send('GET', `/api/journal?q=${encodeURIComponent(q)}`, account);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
  });

  it('takes hostile searches as words and never fails', async () => {
    const account = await signUp(t);
    await insertEntries(account, [
      { title: 'NEAR the end', content: 'He said: "come" (quietly) - AND rest* OR not.' },
    ]);
    const hostile = [
      '"',
      '""',
      "'",
      '*',
      'rest*',
      'NEAR',
      'NEAR(a b)',
      'a NEAR/2 b',
      '-',
      '-rest',
      ':',
      'title:come',
      'content : rest',
      '{title}: x',
      '(',
      ')',
      '(rest',
      'AND',
      'OR NOT',
      '^rest',
      '+come',
      '\\',
      "'; drop table journal_entries; --",
      '__proto__',
      'constructor',
      `${'a'.repeat(100)} ${'b'.repeat(99)}`,
      'é́́́',
      '🙏',
      '%',
      'rest & come | !x',
      'come:* <-> rest',
    ];
    for (const q of hostile) {
      const response = await send('GET', `/api/journal?q=${encodeURIComponent(q)}`, account);
      expect(response.statusCode, q).toBe(200);
      journalPageSchema.parse(response.json());
    }
    // A NUL byte is refused before any route sees it: a clean 400, never a 500.
    const nul = await send('GET', '/api/journal?q=a%00b', account);
    expect(nul.statusCode).toBe(400);
    const near = await page(account, `q=${encodeURIComponent('NEAR(rest "come")')}`);
    expect(near.items).toHaveLength(1);
  });
});

describe('GET /api/journal?tag=', () => {
  it('keeps the entries with that tag, alone or with a search', async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const [prayer, both] = await insertEntries(account, [
      { content: 'Lord, hear me', tags: ['prayer'], createdAt: '2026-05-01T00:00:00.000Z' },
      {
        content: 'Thankful prayer',
        tags: ['Grateful', 'prayer'],
        createdAt: '2026-05-02T00:00:00.000Z',
      },
      {
        content: 'A prayer without the tag',
        tags: ['prayers'],
        createdAt: '2026-05-03T00:00:00.000Z',
      },
    ]);
    await insertEntries(other, [{ content: 'Not mine', tags: ['prayer'] }]);
    const ids = async (query: string) =>
      (await page(account, query)).items.map((entry) => entry.id);
    expect(await ids('tag=prayer')).toEqual([both, prayer]);
    expect(await ids('tag=Grateful')).toEqual([both]);
    expect(await ids('tag=grateful')).toEqual([]);
    expect(await ids('tag=prayer&q=thankful')).toEqual([both]);
    expect(await ids('tag=')).toHaveLength(3);
  });

  it('takes any tag text as a tag, and refuses one longer than a tag can be', async () => {
    const account = await signUp(t);
    for (const tag of ['"', "'", '%', '_', '["prayer"]', '__proto__', '\\']) {
      const response = await send('GET', `/api/journal?tag=${encodeURIComponent(tag)}`, account);
      expect(response.statusCode, tag).toBe(200);
      expect(response.json()).toEqual({ items: [], next_cursor: null });
    }
    const response = await send('GET', `/api/journal?tag=${'x'.repeat(31)}`, account);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });
});
