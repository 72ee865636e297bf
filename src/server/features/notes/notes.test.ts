import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { newRowId } from '#server/db/ids.ts';
import { createPageCursors } from '#server/db/keyset.ts';
import { verseNumber } from '#shared/bible/verse-index.ts';
import {
  chapterNotesLimit,
  chapterNotesSchema,
  notePageSchema,
  noteSchema,
  type NoteListItem,
} from '#shared/schemas/notes.ts';
import {
  browserRequest,
  sendingAs,
  signUp,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { describePagedList, randomRowId, walkPages } from '#tests/api-support/page-contract.ts';
import { queriesSent, queryPlan } from '#tests/api-support/query-plan.ts';
import { testRateLimits, useTestApp } from '#tests/api-support/test-app.ts';
import { chapterNotes, listNotes } from './notes.service.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });
const send = sendingAs(t);

const noteRequired = 'Please write something before saving your note.';
const john = 42;
const john316 = { book_name: 'John', chapter_number: 3, verse_number: 16 };

async function create(account: SignedIn, payload: Record<string, unknown>) {
  const response = await send('POST', '/api/notes', account, payload);
  expect(response.statusCode, response.body).toBe(201);
  return noteSchema.parse(response.json());
}

/** One page of the list (`query` as in the URL, e.g. 'q=grace&limit=5'). */
async function page(account: SignedIn, query = '') {
  const response = await send('GET', `/api/notes${query ? `?${query}` : ''}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return notePageSchema.parse(response.json());
}

async function ids(account: SignedIn, query = '') {
  return (await page(account, query)).items.map((note) => note.id);
}

async function chapter(account: SignedIn, book: string, number: number | string) {
  const response = await send('GET', `/api/notes/chapter/${book}/${number}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return chapterNotesSchema.parse(response.json());
}

type Place = { book: number; chapter: number; verse: number; end?: number };

/** Notes written straight to the table, all in one moment unless `createdAt` says. */
async function insertNotes(
  account: SignedIn,
  notes: { place?: Place; text?: string; tags?: string[]; createdAt?: string; id?: string }[],
) {
  const rows = notes.map((note) => {
    const {
      book,
      chapter: number,
      verse,
      end,
    } = note.place ?? {
      book: john,
      chapter: 3,
      verse: 16,
    };
    const at = (v: number) => verseNumber({ bookIndex: book, chapter: number, verse: v });
    const time = note.createdAt ?? clock.now().toISOString();
    return {
      id: note.id ?? newRowId(),
      user_id: account.user.id,
      book_index: book,
      first_verse: at(verse),
      last_verse: at(end ?? verse),
      text: note.text ?? 'A note.',
      tags: note.tags ?? [],
      created_at: time,
      updated_at: time,
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await t.db
      .insertInto('verse_notes')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  return rows.map((row) => row.id);
}

function rowsOf(userId: string) {
  return t.db
    .selectFrom('verse_notes')
    .select(['id', 'user_id', 'book_index', 'first_verse', 'last_verse', 'text', 'tags'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

describe('POST /api/notes', () => {
  it('saves a note on one verse (201), trimmed, line breaks kept, tags once each', async () => {
    const account = await signUp(t);
    const note = await create(account, {
      ...john316,
      text: '  For God so loved\nthe world.\n\nAnd me.  ',
      tags: ['love', 'grace', 'love'],
    });
    expect(note).toEqual({
      id: expect.any(String),
      book_name: 'John',
      book_index: john,
      chapter_number: 3,
      verse_number: 16,
      end_verse_number: 16,
      reference: 'John 3:16',
      text: 'For God so loved\nthe world.\n\nAnd me.',
      tags: ['love', 'grace'],
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    // The place is the KJV's verse number, which every translation shares (decision 024).
    expect(await rowsOf(account.user.id)).toEqual([
      {
        id: note.id,
        user_id: account.user.id,
        book_index: john,
        first_verse: 26_136,
        last_verse: 26_136,
        text: note.text,
        tags: ['love', 'grace'],
      },
    ]);
  });

  it('saves a run of verses, naming the book as people write it', async () => {
    const account = await signUp(t);
    const run = await create(account, {
      book_name: 'ps',
      chapter_number: '23',
      verse_number: 1,
      end_verse_number: 6,
      text: 'The whole psalm.',
    });
    expect(run).toMatchObject({
      book_name: 'Psalms',
      chapter_number: 23,
      verse_number: 1,
      end_verse_number: 6,
      reference: 'Psalms 23:1–6',
      tags: [],
    });
    // A last verse equal to the first is a note on that verse.
    const one = await create(account, { ...john316, end_verse_number: 16, text: 'One.' });
    expect(one).toMatchObject({ end_verse_number: 16, reference: 'John 3:16' });
    const none = await create(account, { ...john316, end_verse_number: null, text: 'One.' });
    expect(none.reference).toBe('John 3:16');
  });

  it('takes exactly 5,000 characters, and the owner from the session, never the body', async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const note = await create(account, {
      ...john316,
      text: 'x'.repeat(5000),
      user_id: other.user.id,
    });
    expect(note.text).toHaveLength(5000);
    expect((await rowsOf(account.user.id)).map((row) => row.id)).toEqual([note.id]);
    expect(await rowsOf(other.user.id)).toEqual([]);
  });

  it.each([
    ['no words', { ...john316 }, `text: ${noteRequired}`],
    ['empty words', { ...john316, text: '' }, `text: ${noteRequired}`],
    ['only spaces and line breaks', { ...john316, text: ' \n\t ' }, `text: ${noteRequired}`],
    [
      '5,001 characters',
      { ...john316, text: 'x'.repeat(5001) },
      'text: A note can be at most 5,000 characters.',
    ],
    [
      '13 tags',
      { ...john316, text: 'Hi', tags: Array.from({ length: 13 }, (_, i) => `t${i}`) },
      'tags: Choose at most 12 tags.',
    ],
    ['an empty tag', { ...john316, text: 'Hi', tags: ['  '] }, /^tags\.0: /],
    ['a tag of 31 characters', { ...john316, text: 'Hi', tags: ['x'.repeat(31)] }, /^tags\.0: /],
    ['tags that are not a list', { ...john316, text: 'Hi', tags: 'love' }, /^tags: /],
    [
      'an unknown book',
      { ...john316, book_name: 'Hezekiah', text: 'Hi' },
      'There is no book called "Hezekiah".',
    ],
    [
      'a prototype name for a book',
      { ...john316, book_name: '__proto__', text: 'Hi' },
      'There is no book called "__proto__".',
    ],
    [
      'a chapter the book lacks',
      { ...john316, chapter_number: 22, text: 'Hi' },
      'John has 21 chapters.',
    ],
    [
      'a verse the chapter lacks',
      { ...john316, verse_number: 37, text: 'Hi' },
      'John 3 has 36 verses.',
    ],
    [
      'a run into the next chapter',
      { ...john316, end_verse_number: 40, text: 'Hi' },
      'John 3 has 36 verses.',
    ],
    [
      'a run backwards',
      { ...john316, end_verse_number: 15, text: 'Hi' },
      'end_verse_number: The last verse cannot come before the first.',
    ],
    ['verse 0', { ...john316, verse_number: 0, text: 'Hi' }, 'verse_number: Choose a verse.'],
    [
      'no verse',
      { book_name: 'John', chapter_number: 3, text: 'Hi' },
      'verse_number: Choose a verse.',
    ],
    ['no book', { chapter_number: 3, verse_number: 16, text: 'Hi' }, 'book_name: Choose a book.'],
  ])('refuses %s with 400 and stores nothing', async (_, payload, message) => {
    const account = await signUp(t);
    const response = await send('POST', '/api/notes', account, payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ error: string; message: string }>();
    expect(body.error).toBe('VALIDATION_ERROR');
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    expect(await rowsOf(account.user.id)).toEqual([]);
  });

  it('refuses a __proto__ key in the body, and keeps "__proto__" as a plain tag', async () => {
    const account = await signUp(t);
    const poisoned = await browserRequest(t, {
      method: 'POST',
      url: '/api/notes',
      cookie: account.cookie,
      headers: { 'content-type': 'application/json' },
      payload: `{"book_name":"John","chapter_number":3,"verse_number":16,"text":"Hi","__proto__":{"user_id":"x"}}`,
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    const note = await create(account, {
      ...john316,
      text: 'Hi',
      tags: ['__proto__', 'constructor'],
    });
    expect(note.tags).toEqual(['__proto__', 'constructor']);
    expect(await ids(account, 'tag=__proto__')).toEqual([note.id]);
    expect(await rowsOf(account.user.id)).toHaveLength(1);
  });

  it('answers 401 to a visitor', async () => {
    const response = await send('POST', '/api/notes', undefined, { ...john316, text: 'Hi' });
    expect(response.statusCode).toBe(401);
  });
});

describe('one note by its id', () => {
  it('is read, edited and deleted by its owner', async () => {
    const account = await signUp(t);
    const note = await create(account, { ...john316, text: 'First words', tags: ['love'] });

    const read = await send('GET', `/api/notes/${note.id}`, account);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(note);

    clock.advance(5 * 60_000);
    const edited = await send('PATCH', `/api/notes/${note.id}`, account, {
      text: '  New words\nhere ',
      tags: ['grace', 'grace'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({
      ...note,
      text: 'New words\nhere',
      tags: ['grace'],
      updated_at: clock.now().toISOString(),
    });

    // Without tags, an edit keeps them.
    const wordsOnly = await send('PATCH', `/api/notes/${note.id}`, account, { text: 'Again' });
    expect(wordsOnly.json()).toMatchObject({ text: 'Again', tags: ['grace'] });

    const deleted = await send('DELETE', `/api/notes/${note.id}`, account);
    expect(deleted.statusCode).toBe(204);
    expect(await rowsOf(account.user.id)).toEqual([]);
    expect((await send('GET', `/api/notes/${note.id}`, account)).statusCode).toBe(404);
  });

  it('refuses an edit without words, or too long, and leaves the note as it was', async () => {
    const account = await signUp(t);
    const note = await create(account, { ...john316, text: 'Kept', tags: ['love'] });
    for (const [payload, message] of [
      [{ text: '   ' }, `text: ${noteRequired}`],
      [{}, `text: ${noteRequired}`],
      [{ text: 'x'.repeat(5001) }, 'text: A note can be at most 5,000 characters.'],
      [
        { text: 'Fine', tags: Array.from({ length: 13 }, (_, i) => `t${i}`) },
        'tags: Choose at most 12 tags.',
      ],
    ] as const) {
      const response = await send('PATCH', `/api/notes/${note.id}`, account, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message });
    }
    expect(await rowsOf(account.user.id)).toEqual([
      expect.objectContaining({ id: note.id, text: 'Kept', tags: ['love'] }),
    ]);
  });

  it('answers 404 for an unknown or malformed id, and 401 to a visitor', async () => {
    const account = await signUp(t);
    for (const id of [randomRowId(), 'not-an-id', '1%20or%201=1']) {
      expect((await send('GET', `/api/notes/${id}`, account)).statusCode, id).toBe(404);
      expect((await send('PATCH', `/api/notes/${id}`, account, { text: 'x' })).statusCode).toBe(
        404,
      );
      expect((await send('DELETE', `/api/notes/${id}`, account)).statusCode).toBe(404);
    }
    const note = await create(account, { ...john316, text: 'Mine' });
    expect((await send('GET', `/api/notes/${note.id}`)).statusCode).toBe(401);
    expect(
      (await send('PATCH', `/api/notes/${note.id}`, undefined, { text: 'x' })).statusCode,
    ).toBe(401);
    expect((await send('DELETE', `/api/notes/${note.id}`)).statusCode).toBe(401);
    expect((await send('GET', '/api/notes')).statusCode).toBe(401);
    expect((await send('GET', '/api/notes/chapter/John/3')).statusCode).toBe(401);
  });
});

describe('another member’s notes', () => {
  it('are never read, listed, marked, edited or deleted: 404 and the rows stay as they were', async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const note = await create(owner, { ...john316, text: 'Private words', tags: ['secret'] });
    const before = await rowsOf(owner.user.id);

    const notFound = { error: 'NOT_FOUND', message: 'That note was not found.' };
    const read = await send('GET', `/api/notes/${note.id}`, stranger);
    expect([read.statusCode, read.json()]).toEqual([404, notFound]);
    const edit = await send('PATCH', `/api/notes/${note.id}`, stranger, { text: 'Mine now' });
    expect([edit.statusCode, edit.json()]).toEqual([404, notFound]);
    const remove = await send('DELETE', `/api/notes/${note.id}`, stranger);
    expect([remove.statusCode, remove.json()]).toEqual([404, notFound]);

    expect((await page(stranger)).items).toEqual([]);
    expect((await page(stranger, 'q=private')).items).toEqual([]);
    expect((await page(stranger, 'tag=secret')).items).toEqual([]);
    expect((await page(stranger, 'book=John')).items).toEqual([]);
    expect(await chapter(stranger, 'John', 3)).toEqual({
      book_name: 'John',
      chapter_number: 3,
      verses: [],
      notes: [],
      has_more: false,
    });
    expect(await rowsOf(owner.user.id)).toEqual(before);
    expect(await ids(owner)).toEqual([note.id]);
  });
});

describe('GET /api/notes', () => {
  it('lists the member’s notes newest first, notes of the same moment last written first', async () => {
    const account = await signUp(t);
    const [old, middle] = await insertNotes(account, [
      { createdAt: '2026-05-01T00:00:00.000Z' },
      { createdAt: '2026-05-02T00:00:00.000Z' },
    ]);
    const first = await create(account, { ...john316, text: 'One' });
    const second = await create(account, { ...john316, text: 'Two' });
    expect(await ids(account)).toEqual([second.id, first.id, middle, old]);
  });

  it('keeps one book’s notes with ?book=, by any of its names', async () => {
    const account = await signUp(t);
    const [ruth, , johnLater] = await insertNotes(account, [
      { place: { book: 7, chapter: 1, verse: 16 }, createdAt: '2026-05-01T00:00:00.000Z' },
      { place: { book: john, chapter: 1, verse: 1 }, createdAt: '2026-05-02T00:00:00.000Z' },
      { place: { book: john, chapter: 21, verse: 25 }, createdAt: '2026-05-03T00:00:00.000Z' },
    ]);
    const johnNotes = await ids(account, 'book=John');
    expect(johnNotes).toHaveLength(2);
    expect(johnNotes[0]).toBe(johnLater);
    expect(await ids(account, 'book=jn')).toEqual(johnNotes);
    expect(await ids(account, 'book=ruth')).toEqual([ruth]);
    expect(await ids(account, 'book=Genesis')).toEqual([]);
    expect(await ids(account, 'book=')).toHaveLength(3);
    for (const book of ['Hezekiah', '__proto__', 'constructor', 'x'.repeat(41)]) {
      const response = await send('GET', `/api/notes?book=${encodeURIComponent(book)}`, account);
      expect(response.statusCode, book).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
  });

  it('keeps the notes with a tag, with a book and a search too', async () => {
    const account = await signUp(t);
    const [love, both] = await insertNotes(account, [
      { text: 'God is love', tags: ['love'], createdAt: '2026-05-01T00:00:00.000Z' },
      {
        text: 'Grace upon grace',
        tags: ['love', 'grace'],
        createdAt: '2026-05-02T00:00:00.000Z',
      },
      { text: 'Loved without the tag', tags: ['loved'], createdAt: '2026-05-03T00:00:00.000Z' },
      {
        place: { book: 7, chapter: 1, verse: 16 },
        text: 'Ruth loved Naomi',
        tags: ['love'],
        createdAt: '2026-05-04T00:00:00.000Z',
      },
    ]);
    const ruth = (await ids(account, 'book=Ruth'))[0];
    expect(await ids(account, 'tag=love')).toEqual([ruth, both, love]);
    expect(await ids(account, 'tag=Love')).toEqual([]);
    expect(await ids(account, 'tag=love&book=John')).toEqual([both, love]);
    expect(await ids(account, 'tag=love&q=grace')).toEqual([both]);
    const tooLong = await send('GET', `/api/notes?tag=${'x'.repeat(31)}`, account);
    expect(tooLong.statusCode).toBe(400);
  });

  it('searches the words as the journal does: every word, as typed or by its stem, marked', async () => {
    const account = await signUp(t);
    const [patience, praying, bread] = await insertNotes(account, [
      { text: 'Prayer for patience at work.', createdAt: '2026-05-01T00:00:00.000Z' },
      {
        text: 'Praying for my sister;\nshe prayed with me.',
        createdAt: '2026-05-02T00:00:00.000Z',
      },
      { text: 'Bread, milk.', createdAt: '2026-05-03T00:00:00.000Z' },
    ]);
    const found = (q: string) => ids(account, `q=${encodeURIComponent(q)}`);
    expect(await found('pray')).toEqual([praying, patience]);
    expect(await found('PRA')).toEqual([praying, patience]);
    expect(await found('patience prayer')).toEqual([patience]);
    expect(await found('patience sister')).toEqual([]);
    expect(await found('bread')).toEqual([bread]);
    expect(await found('"sister" -prayed')).toEqual([praying]);
    expect(await found('pray&book=Ruth')).toEqual([]);

    const [hit] = (await page(account, 'q=pray%20sister')).items;
    const marked = (item: NoteListItem | undefined) =>
      (item?.matches?.text ?? []).map(([start, end]) => item?.text.slice(start, end));
    expect(marked(hit)).toEqual(['Praying', 'sister', 'prayed']);
    expect((await page(account)).items[0]).not.toHaveProperty('matches');

    // Hostile searches are words, never syntax; punctuation alone finds nothing.
    for (const q of [
      '"',
      '*',
      'NEAR(a b)',
      'text:bread',
      '-',
      "'; drop table verse_notes; --",
      '__proto__',
    ]) {
      const response = await send('GET', `/api/notes?q=${encodeURIComponent(q)}`, account);
      expect(response.statusCode, q).toBe(200);
    }
    expect(await page(account, `q=${encodeURIComponent('"*:()-')}`)).toEqual({
      items: [],
      next_cursor: null,
    });
    const many = Array.from({ length: 17 }, (_, i) => `w${i}`).join(' ');
    expect(
      (await send('GET', `/api/notes?q=${encodeURIComponent(many)}`, account)).statusCode,
    ).toBe(400);
  });

  it('finds an edited note by its new words only, and a deleted one no more', async () => {
    const account = await signUp(t);
    const note = await create(account, { ...john316, text: 'Shepherd' });
    expect(await ids(account, 'q=shepherd')).toEqual([note.id]);
    await send('PATCH', `/api/notes/${note.id}`, account, { text: 'Lamb' });
    expect(await ids(account, 'q=shepherd')).toEqual([]);
    expect(await ids(account, 'q=lamb')).toEqual([note.id]);
    await send('DELETE', `/api/notes/${note.id}`, account);
    expect(await ids(account, 'q=lamb')).toEqual([]);
  });

  it('pages through a search and a book, refusing a cursor of another filter', async () => {
    const account = await signUp(t);
    const written = await insertNotes(
      account,
      Array.from({ length: 12 }, (_, index) => ({
        text: index % 2 === 0 ? `Hope number ${index}` : `Nothing ${index}`,
        createdAt: new Date(Date.parse('2026-05-01T00:00:00.000Z') + index * 1000).toISOString(),
      })),
    );
    const walk = (query: string) =>
      walkPages((cursor) =>
        page(account, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
      );
    const pages = await walk('q=hope&limit=4');
    expect(pages.map((items) => items.length)).toEqual([4, 2]);
    expect(pages.flat().map((note) => note.id)).toEqual(
      written.filter((_, index) => index % 2 === 0).reverse(),
    );
    const { next_cursor: cursor } = await page(account, 'book=John&limit=2');
    expect(cursor).toEqual(expect.any(String));
    for (const query of [
      `q=hope&cursor=${cursor}`,
      `cursor=${cursor}`,
      `book=Ruth&cursor=${cursor}`,
    ]) {
      const response = await send('GET', `/api/notes?${query}`, account);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: 'cursor: This page cursor is not valid. Start again from the top of the list.',
      });
    }
    expect((await page(account, `book=John&limit=2&cursor=${cursor}`)).items).toHaveLength(2);
  });
});

describe('GET /api/notes/chapter/{book}/{chapter}', () => {
  it('gives the verses the member’s notes cover and the notes, in verse order', async () => {
    const account = await signUp(t);
    const [run, newer, older] = await insertNotes(account, [
      {
        place: { book: john, chapter: 3, verse: 1, end: 3 },
        createdAt: '2026-05-03T00:00:00.000Z',
      },
      { place: { book: john, chapter: 3, verse: 16 }, createdAt: '2026-05-02T00:00:00.000Z' },
      { place: { book: john, chapter: 3, verse: 16 }, createdAt: '2026-05-01T00:00:00.000Z' },
      { place: { book: john, chapter: 3, verse: 35, end: 36 } },
      // The chapters either side, and another book's John 3 place, are not marked.
      { place: { book: john, chapter: 2, verse: 25 } },
      { place: { book: john, chapter: 4, verse: 1 } },
      { place: { book: 61, chapter: 3, verse: 16 } },
    ]);
    const answer = await chapter(account, 'john', 3);
    expect(answer.book_name).toBe('John');
    expect(answer.chapter_number).toBe(3);
    expect(answer.verses).toEqual([1, 2, 3, 16, 35, 36]);
    expect(answer.notes.map((note) => note.id).slice(0, 3)).toEqual([run, newer, older]);
    expect(answer.notes.map((note) => note.reference)).toEqual([
      'John 3:1–3',
      'John 3:16',
      'John 3:16',
      'John 3:35–36',
    ]);
    expect(answer.has_more).toBe(false);
    // 1 John 3 has its own notes.
    expect((await chapter(account, '1 John', 3)).verses).toEqual([16]);
  });

  it(`gives at most ${chapterNotesLimit} notes, and every verse marked whatever their number`, async () => {
    const account = await signUp(t);
    await insertNotes(
      account,
      Array.from({ length: chapterNotesLimit + 5 }, (_, index) => ({
        place: { book: 18, chapter: 119, verse: (index % 176) + 1 },
      })),
    );
    const answer = await chapter(account, 'Psalms', 119);
    expect(answer.notes).toHaveLength(chapterNotesLimit);
    expect(answer.has_more).toBe(true);
    expect(answer.verses).toHaveLength(176);
  });

  it('refuses an unknown book or chapter with 400', async () => {
    const account = await signUp(t);
    for (const [book, number, message] of [
      ['Hezekiah', '1', 'There is no book called "Hezekiah".'],
      ['__proto__', '1', 'There is no book called "__proto__".'],
      ['John', '22', 'John has 21 chapters.'],
      ['John', '0', 'chapter_number: Choose a chapter.'],
      ['John', 'x', /^chapter_number: /],
    ] as const) {
      const response = await send('GET', `/api/notes/chapter/${book}/${number}`, account);
      expect(response.statusCode, `${book} ${number}`).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      });
    }
  });
});

async function ownAccount() {
  const owner = await signUp(t);
  return { reader: owner, owner };
}

async function addNotes(owner: SignedIn, times: string[], book = john) {
  await insertNotes(
    owner,
    times.map((time) => ({
      id: randomRowId(),
      place: { book, chapter: 1, verse: 1 },
      createdAt: time,
    })),
  );
}

async function ownNotes(owner: SignedIn, book?: number) {
  let query = t.db
    .selectFrom('verse_notes')
    .select(['id', 'created_at as time'])
    .where('user_id', '=', owner.user.id);
  if (book !== undefined) query = query.where('book_index', '=', book);
  return query.execute();
}

describePagedList(() => t, {
  url: '/api/notes',
  parties: ownAccount,
  addRows: (owner, times) => addNotes(owner, times),
  visibleRows: ({ owner }) => ownNotes(owner),
  timeField: 'created_at',
  isOwn: true,
  otherFilterUrl: '/api/notes?book=John',
});

describePagedList(() => t, {
  url: '/api/notes?book=Ruth',
  parties: ownAccount,
  addRows: (owner, times) => addNotes(owner, times, 7),
  visibleRows: ({ owner }) => ownNotes(owner, 7),
  timeField: 'created_at',
  isOwn: true,
  otherFilterUrl: '/api/notes',
});

describe('writing notes at a script’s pace', () => {
  const limited = useTestApp({ rateLimits: { ...testRateLimits, writesPerMinute: 3 } });

  it('answers 429 past the per-person write limit, and stores nothing more', async () => {
    const writer = await signUp(limited);
    const post = () =>
      browserRequest(limited, {
        method: 'POST',
        url: '/api/notes',
        cookie: writer.cookie,
        payload: { ...john316, text: 'Again' },
      });
    for (let i = 0; i < 3; i += 1) expect((await post()).statusCode).toBe(201);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });
    const stored = await limited.db
      .selectFrom('verse_notes')
      .select('id')
      .where('user_id', '=', writer.user.id)
      .execute();
    expect(stored).toHaveLength(3);
    // Another member writes on.
    const other = await signUp(limited);
    const theirs = await browserRequest(limited, {
      method: 'POST',
      url: '/api/notes',
      cookie: other.cookie,
      payload: { ...john316, text: 'Mine' },
    });
    expect(theirs.statusCode).toBe(201);
  });
});

// A member's 10,000 notes are read as the other lists are (decision 012): off an index, never whole.
describe('the notes queries', () => {
  /** The plans of the notes queries `run` sends, with the planner told to use an index. */
  async function planOf(run: (db: typeof t.db) => Promise<unknown>): Promise<string> {
    const queries = await queriesSent(t.db, run);
    const plans: string[] = [];
    for (const query of queries.filter((q) => /verse_notes/.test(q.sql))) {
      plans.push(await queryPlan(t.db, t.dialect, query));
    }
    return plans.join('\n---\n');
  }

  it('read one book’s page and one chapter’s notes off their indexes', async () => {
    const account = await signUp(t);
    const cursors = createPageCursors(t.db);
    const bookPage = await planOf((db) =>
      listNotes({ db, dialect: t.dialect, cursors }, account.user.id, {
        limit: 20,
        book: john,
        q: undefined,
        tag: undefined,
      }),
    );
    expect(bookPage).toMatch(/verse_notes_user_book_newest_idx/);
    expect(bookPage).not.toMatch(/temp b-tree|sort/i);
    const marks = await planOf((db) =>
      chapterNotes(db, account.user.id, { book_index: john, book_name: 'John', chapter_number: 3 }),
    );
    expect(marks).toMatch(/verse_notes_user_place_idx/);
    expect(marks).not.toMatch(/verse_notes_user_newest_idx|scan verse_notes(?! using)/i);
  });
});
