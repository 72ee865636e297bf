import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadKingJamesVersion } from '#server/bible/kjv.ts';
import { lookupPassage } from '#server/bible/passage.ts';
import { fixedClock } from '#server/clock.ts';
import { newRowId } from '#server/db/ids.ts';
import { perRequestCompressionThreshold } from '#server/delivery/compression.ts';
import { demoSavedVerses } from '#shared/content/demo-verses.ts';
import {
  savedVersePageSchema,
  savedVerseSchema,
  savedVerseStatusSchema,
  type SavedVerseListItem,
} from '#shared/schemas/verses.ts';
import {
  browserRequest,
  sendingAs,
  signUp,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { walkPages } from '#tests/api-support/page-contract.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });
const send = sendingAs(t);

const john316 = {
  text: 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
  reference: 'John 3:16',
  theme: 'Bible Reading',
};

function create(payload: unknown, account?: SignedIn) {
  return browserRequest(t, {
    method: 'POST',
    url: '/api/saved-verses',
    payload: payload as Record<string, unknown>,
    ...(account ? { cookie: account.cookie } : {}),
  });
}

function request(method: 'GET' | 'DELETE', url: string, account?: SignedIn) {
  return browserRequest(t, { method, url, ...(account ? { cookie: account.cookie } : {}) });
}

async function save(account: SignedIn, payload: Record<string, unknown>) {
  const response = await create(payload, account);
  expect(response.statusCode, response.body).toBe(201);
  return savedVerseSchema.parse(response.json());
}

/** One page of the list (`query` as in the URL, e.g. 'q=peace&limit=5'). */
async function page(account: SignedIn, query = '') {
  const response = await request('GET', `/api/saved-verses${query ? `?${query}` : ''}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return savedVersePageSchema.parse(response.json());
}

/** The first page's verses, as the old list was (a test saves fewer than a page). */
async function list(account: SignedIn) {
  return (await page(account)).items;
}

/** Every page of a list, following next_cursor to the end. */
function walk(account: SignedIn, query: string) {
  return walkPages((cursor) =>
    page(account, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
  );
}

type VerseFields = {
  reference: string;
  text?: string;
  theme?: string;
  emotion_tag?: string | null;
  createdAt?: string;
};

/** Verses written straight to the table, all in one moment unless `createdAt` says. */
async function insertVerses(account: SignedIn, verses: VerseFields[]) {
  const rows = verses.map((verse) => ({
    id: newRowId(),
    user_id: account.user.id,
    text: verse.text ?? john316.text,
    reference: verse.reference,
    theme: verse.theme ?? 'Bible Reading',
    emotion_tag: verse.emotion_tag ?? null,
    custom_note: null,
    created_at: verse.createdAt ?? clock.now().toISOString(),
  }));
  await t.db.insertInto('saved_verses').values(rows).execute();
  return rows.map((row) => row.id);
}

function savedRows(userId: string) {
  return t.db
    .selectFrom('saved_verses')
    .select([
      'id',
      'user_id',
      'text',
      'reference',
      'theme',
      'emotion_tag',
      'custom_note',
      'translation',
      'tags',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .execute();
}

describe('POST /api/saved-verses', () => {
  it('saves a verse from the reader (201) and answers with it', async () => {
    const account = await signUp(t);
    const response = await create(john316, account);
    expect(response.statusCode, response.body).toBe(201);
    const saved = savedVerseSchema.parse(response.json());
    expect(saved).toEqual({
      id: expect.any(String),
      ...john316,
      emotion_tag: null,
      custom_note: null,
      // Saved without a translation: the KJV, as every verse saved before there were translations.
      translation: 'kjv',
      tags: [],
      created_at: clock.now().toISOString(),
    });
    expect(response.json()).not.toHaveProperty('user_id');
    expect(await savedRows(account.user.id)).toEqual([{ ...saved, user_id: account.user.id }]);
  });

  it('trims the fields and stores empty optional ones as null', async () => {
    const account = await signUp(t);
    const response = await create(
      {
        text: '  Jesus wept.  ',
        reference: ' John 11:35 ',
        theme: ' Comfort ',
        emotion_tag: '  ',
        custom_note: ' For the funeral ',
      },
      account,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      text: 'Jesus wept.',
      reference: 'John 11:35',
      theme: 'Comfort',
      emotion_tag: null,
      custom_note: 'For the funeral',
    });
  });

  it.each([
    [{ ...john316, text: '' }, /^text: The verse text is missing/],
    [{ ...john316, text: '   ' }, /^text: /],
    [{ ...john316, text: 'x'.repeat(2001) }, /^text: That verse is too long/],
    [{ ...john316, reference: undefined }, /^reference: /],
    [{ ...john316, theme: '' }, /^theme: Choose a theme/],
    [{ ...john316, custom_note: 'x'.repeat(501) }, /^custom_note: /],
    [{ ...john316, emotion_tag: 7 }, /^emotion_tag: /],
    [{ ...john316, text: 'Nul \u0000 byte' }, /^text: /],
    [{ ...john316, custom_note: 'Nul \u0000 byte' }, /^custom_note: /],
    [[], /./],
    [{}, /^text: /],
  ])('refuses %j with 400 and saves nothing', async (payload, message) => {
    const account = await signUp(t);
    const response = await create(payload, account);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.json().message).toMatch(message);
    expect(await savedRows(account.user.id)).toEqual([]);
  });

  it('saves for the session user only, whatever user_id the body claims', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await create(john316, a);
    const response = await create({ ...john316, user_id: a.user.id }, b);
    expect(response.statusCode).toBe(201);
    expect(await savedRows(a.user.id)).toHaveLength(1);
    const bRows = await savedRows(b.user.id);
    expect(bRows.map((row) => row.id)).toEqual([response.json().id]);
  });

  it('answers 401 without a session and saves nothing', async () => {
    const before = await t.db.selectFrom('saved_verses').select('id').execute();
    const response = await create(john316);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
    expect(await t.db.selectFrom('saved_verses').select('id').execute()).toEqual(before);
  });
});

describe('saved verses in a translation', () => {
  const john316Web = {
    text: 'For God so loved the world, that he gave his one and only Son, that whoever believes in him should not perish, but have eternal life.',
    reference: 'John 3:16',
    theme: 'Bible Reading',
    translation: 'web',
  };

  it('stores the translation, lists it and says it in the status, for the owner only', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const saved = await save(a, john316Web);
    expect(saved).toMatchObject({ ...john316Web, translation: 'web' });
    expect(await savedRows(a.user.id)).toEqual([{ ...saved, user_id: a.user.id }]);
    expect(await list(a)).toEqual([saved]);
    const status = await request('GET', '/api/saved-verses/status?reference=John%203:16', a);
    expect(status.json()).toEqual({ saved: true, translation: 'web' });

    // B sees none of it, and B's own KJV save of the same verse is B's.
    expect(await list(b)).toEqual([]);
    const unsaved = await request('GET', '/api/saved-verses/status?reference=John%203:16', b);
    expect(unsaved.json()).toEqual({ saved: false });
    const theirs = await save(b, john316);
    expect(theirs.translation).toBe('kjv');
    expect(await list(b)).toEqual([theirs]);
    expect(await list(a)).toEqual([saved]);
  });

  it('finds a WEB verse by its own words', async () => {
    const account = await signUp(t);
    const saved = await save(account, john316Web);
    expect((await page(account, 'q=whoever')).items.map((verse) => verse.id)).toEqual([saved.id]);
    expect((await page(account, 'q=whosoever')).items).toEqual([]);
  });

  it.each(['niv', 'WEB', '__proto__', 'constructor', ''])(
    'refuses the translation %j with 400 and saves nothing',
    async (translation) => {
      const account = await signUp(t);
      const response = await create({ ...john316, translation }, account);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: 'translation: Choose kjv, web or asv.',
      });
      expect(await savedRows(account.user.id)).toEqual([]);
    },
  );
});

describe('POST /api/saved-verses saves a reference once per person', () => {
  it('answers 200 with the row already saved, and keeps one row', async () => {
    const account = await signUp(t);
    const first = await save(account, { ...john316, emotion_tag: 'anxious' });
    clock.advance(60_000);
    const again = await create({ ...john316, theme: 'Love', custom_note: 'Again' }, account);
    expect(again.statusCode, again.body).toBe(200);
    expect(savedVerseSchema.parse(again.json())).toEqual(first);
    expect(await list(account)).toEqual([first]);
  });

  it('takes the reference as the form gives it, after trimming', async () => {
    const account = await signUp(t);
    const first = await save(account, john316);
    const again = await create({ ...john316, reference: '  John 3:16 ' }, account);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect(await savedRows(account.user.id)).toHaveLength(1);
  });

  it('keeps one row when the same verse is saved twice at the same moment', async () => {
    const account = await signUp(t);
    const answers = await Promise.all([create(john316, account), create(john316, account)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(await savedRows(account.user.id)).toHaveLength(1);
  });

  it('lets two people each save the same verse', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const saved = await save(a, john316);
    const other = await save(b, john316);
    expect(other.id).not.toBe(saved.id);
    expect(await list(a)).toEqual([saved]);
    expect(await list(b)).toEqual([other]);
  });
});

describe('GET /api/saved-verses/status', () => {
  function status(reference: string | undefined, account?: SignedIn) {
    const query = reference === undefined ? '' : `?${new URLSearchParams({ reference })}`;
    return request('GET', `/api/saved-verses/status${query}`, account);
  }

  async function isSaved(reference: string, account: SignedIn): Promise<boolean> {
    const response = await status(reference, account);
    expect(response.statusCode, response.body).toBe(200);
    return savedVerseStatusSchema.parse(response.json()).saved;
  }

  it("answers whether the reference is in the person's own collection", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect(await isSaved('John 3:16', a)).toBe(false);
    const verse = await save(a, john316);
    expect(await isSaved('John 3:16', a)).toBe(true);
    expect(await isSaved(' John 3:16 ', a)).toBe(true);
    expect(await isSaved('John 3:17', a)).toBe(false);
    expect(await isSaved('John 3:16', b)).toBe(false);
    await request('DELETE', `/api/saved-verses/${verse.id}`, a);
    expect(await isSaved('John 3:16', a)).toBe(false);
  });

  it.each([undefined, '', '   ', 'x'.repeat(101)])(
    'refuses the reference %j with 400',
    async (reference) => {
      const account = await signUp(t);
      const response = await status(reference, account);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: expect.stringContaining('Give the reference of the verse.'),
      });
    },
  );

  it('answers 401 without a session', async () => {
    const response = await status('John 3:16');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
  });
});

describe('GET /api/saved-verses', () => {
  it('answers an empty list for a user who has saved nothing', async () => {
    const account = await signUp(t);
    expect(await list(account)).toEqual([]);
  });

  it("lists the user's verses newest first, with every field, and only theirs", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const saved = [];
    for (const reference of ['Psalms 23:1', 'Isaiah 41:10', 'John 14:27']) {
      saved.push(
        await save(a, { ...john316, reference, emotion_tag: 'anxious', custom_note: 'n' }),
      );
      clock.advance(60_000);
    }
    await save(b, { ...john316, reference: 'Romans 8:28' });

    const listed = await list(a);
    expect(listed.map((verse) => verse.reference)).toEqual([
      'John 14:27',
      'Isaiah 41:10',
      'Psalms 23:1',
    ]);
    expect(listed).toEqual([...saved].reverse());
    expect(listed[0]).not.toHaveProperty('user_id');
    expect((await list(b)).map((verse) => verse.reference)).toEqual(['Romans 8:28']);
  });

  it('lists verses saved in the same moment last saved first, the same way every time', async () => {
    const account = await signUp(t);
    const ids = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push((await save(account, { ...john316, reference: `Ruth 1:${index + 1}` })).id);
    }
    const expected = [...ids].reverse();
    expect((await list(account)).map((verse) => verse.id)).toEqual(expected);
    expect((await list(account)).map((verse) => verse.id)).toEqual(expected);
  });
});

describe('GET /api/saved-verses pages', () => {
  it('answers 20 verses by default, at most 100, and a cursor for the rest', async () => {
    const account = await signUp(t);
    const ids = await insertVerses(
      account,
      Array.from({ length: 101 }, (_, index) => ({ reference: `Psalms 119:${index + 1}` })),
    );
    const first = await page(account);
    expect(first.items).toHaveLength(20);
    expect(first.next_cursor).toEqual(expect.any(String));
    const largest = await page(account, 'limit=100');
    expect(largest.items.map((verse) => verse.id)).toEqual([...ids].reverse().slice(0, 100));
    const last = await page(account, `limit=100&cursor=${largest.next_cursor ?? ''}`);
    expect(last).toEqual({ items: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
  });

  it('walks every verse exactly once, newest first, equal times by the last saved', async () => {
    const account = await signUp(t);
    const older = await insertVerses(
      account,
      Array.from({ length: 4 }, (_, index) => ({
        reference: `Ruth 1:${index + 1}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
      })),
    );
    const sameMoment = await insertVerses(
      account,
      Array.from({ length: 9 }, (_, index) => ({ reference: `Ruth 2:${index + 1}` })),
    );
    const pages = await walk(account, 'limit=4');
    expect(pages.map((items) => items.length)).toEqual([4, 4, 4, 1]);
    expect(pages.flat().map((verse) => verse.id)).toEqual([
      ...[...sameMoment].reverse(),
      ...[...older].reverse(),
    ]);
  });

  it.each(['0', '101', '1001', 'abc', '2.5'])('refuses limit=%s with a 400', async (limit) => {
    const account = await signUp(t);
    const response = await request('GET', `/api/saved-verses?limit=${limit}`, account);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: expect.stringContaining('from 1 to 100'),
    });
  });

  it('refuses a cursor from another person, another filter, another list, or changed', async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    for (const account of [owner, other]) {
      await insertVerses(
        account,
        ['Psalms 29:11', 'John 14:27', 'Romans 15:13'].map((reference) => ({
          reference,
          text: 'peace',
          theme: 'Peace',
        })),
      );
    }
    const cursor = (await page(owner, 'limit=1')).next_cursor ?? '';
    const searched = (await page(owner, 'limit=1&q=peace')).next_cursor ?? '';
    const themed = (await page(owner, 'limit=1&theme=peace')).next_cursor ?? '';
    await send('POST', '/api/journal', owner, { content: 'one' });
    await send('POST', '/api/journal', owner, { content: 'two' });
    const journal = await request('GET', '/api/journal?limit=1', owner);
    const journalCursor = (journal.json() as { next_cursor: string }).next_cursor;
    const [payload = '', mac = ''] = cursor.split('.');
    const tampered = `${payload}.${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    const refused: [SignedIn, string][] = [
      [other, `cursor=${cursor}`],
      [owner, `cursor=${cursor}&q=peace`],
      [owner, `cursor=${cursor}&theme=Peace`],
      [owner, `cursor=${searched}`],
      [owner, `cursor=${themed}&theme=Hope`],
      [owner, `cursor=${themed}`],
      [owner, `cursor=${journalCursor}`],
      [owner, `cursor=${tampered}`],
    ];
    for (const [account, query] of refused) {
      const response = await request('GET', `/api/saved-verses?${query}`, account);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: 'cursor: This page cursor is not valid. Start again from the top of the list.',
      });
    }
    // The theme's case does not make it another list.
    expect((await page(owner, `cursor=${themed}&theme=PEACE`)).items).toHaveLength(2);
  });
});

describe('GET /api/saved-verses?q=', () => {
  function marked(item: SavedVerseListItem, field: 'text' | 'reference' | 'emotion_tag') {
    const text = item[field] ?? '';
    return (item.matches?.[field] ?? []).map(([start, end]) => text.slice(start, end));
  }

  it('finds every word in the text, the reference or the emotion tag, and marks them', async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const [shepherd, john, anxious] = await insertVerses(account, [
      {
        reference: 'Psalms 23:1',
        text: 'The LORD is my shepherd; I shall not want.',
        createdAt: '2026-05-01T00:00:00.000Z',
      },
      { reference: 'John 3:16', createdAt: '2026-05-02T00:00:00.000Z' },
      {
        reference: 'Philippians 4:6',
        text: 'Be careful for nothing; but in every thing by prayer…',
        emotion_tag: 'anxious',
        createdAt: '2026-05-03T00:00:00.000Z',
      },
    ]);
    await insertVerses(other, [{ reference: 'Psalms 23:2', text: 'My shepherd leadeth me' }]);
    const ids = async (q: string) =>
      (await page(account, `q=${encodeURIComponent(q)}`)).items.map((verse) => verse.id);
    expect(await ids('shepherd')).toEqual([shepherd]);
    expect(await ids('shep')).toEqual([shepherd]);
    expect(await ids('psalm')).toEqual([shepherd]);
    expect(await ids('john 3:16')).toEqual([john]);
    expect(await ids('anx')).toEqual([anxious]);
    expect(await ids('lord')).toEqual([shepherd]);
    expect(await ids('pray anxious')).toEqual([anxious]);
    expect(await ids('shepherd anxious')).toEqual([]);
    expect(await ids('leadeth')).toEqual([]);

    const [found] = (await page(account, 'q=Anxious%20prayer%204')).items;
    expect(found).toBeDefined();
    if (!found) return;
    expect(marked(found, 'emotion_tag')).toEqual(['anxious']);
    expect(marked(found, 'text')).toEqual(['prayer']);
    expect(marked(found, 'reference')).toEqual(['4']);
    expect(found.matches?.emotion_tag).toEqual([[0, 7]]);
  });

  it('pages through the results and takes hostile searches as words', async () => {
    const account = await signUp(t);
    const hopes = await insertVerses(
      account,
      Array.from({ length: 6 }, (_, index) => ({
        reference: `Romans 15:${index + 1}`,
        text: index % 2 === 0 ? 'The God of hope fill you' : 'Receive ye one another',
      })),
    );
    const pages = await walk(account, 'q=hope&limit=2');
    expect(pages.flat().map((verse) => verse.id)).toEqual(
      hopes.filter((_, index) => index % 2 === 0).reverse(),
    );
    for (const q of [
      '"',
      '*',
      'NEAR',
      'hope*',
      '-hope',
      ':',
      '(hope',
      ')',
      '"hope" OR x',
      '__proto__',
      'text:hope',
      'x'.repeat(200),
    ]) {
      const response = await request(
        'GET',
        `/api/saved-verses?q=${encodeURIComponent(q)}`,
        account,
      );
      expect(response.statusCode, q).toBe(200);
    }
    expect(await page(account, 'q=%22*%3A()')).toEqual({ items: [], next_cursor: null });
  });
});

describe('GET /api/saved-verses?theme=', () => {
  it('keeps the verses of a theme chip, as the chips did in the browser', async () => {
    const account = await signUp(t);
    const [courage, joyful, beloved, john316Saved, anxious, plain] = await insertVerses(account, [
      {
        reference: 'Joshua 1:9',
        theme: 'Courage and Strength',
        createdAt: '2026-05-01T00:00:00.000Z',
      },
      {
        reference: 'Nehemiah 8:10',
        theme: 'Hopeful',
        emotion_tag: 'joyful',
        createdAt: '2026-05-02T00:00:00.000Z',
      },
      {
        reference: 'Song of Solomon 2:16',
        theme: 'beloved',
        createdAt: '2026-05-03T00:00:00.000Z',
      },
      { reference: 'John 3:16', theme: 'Bible Reading', createdAt: '2026-05-04T00:00:00.000Z' },
      {
        reference: 'Isaiah 26:3',
        theme: 'Bible Reading',
        emotion_tag: 'anxious',
        createdAt: '2026-05-05T00:00:00.000Z',
      },
      { reference: 'Genesis 5:5', theme: 'Bible Reading', createdAt: '2026-05-06T00:00:00.000Z' },
    ]);
    const ids = async (query: string) =>
      (await page(account, query)).items.map((verse) => verse.id);
    // Nehemiah 8:10 is a catalogue verse of strength ('The joy of the LORD is your strength').
    expect(await ids('theme=Strength')).toEqual([joyful, courage]);
    expect(await ids('theme=joy')).toEqual([joyful]);
    expect(await ids('theme=Hope')).toEqual([joyful]);
    expect(await ids('theme=LOVE')).toEqual([john316Saved]);
    expect(await ids('theme=Peace')).toEqual([anxious]);
    expect(await ids('theme=Comfort')).toEqual([anxious, courage]);
    expect(await ids('theme=All')).toEqual([
      plain,
      anxious,
      john316Saved,
      beloved,
      joyful,
      courage,
    ]);
    expect(await ids('theme=')).toHaveLength(6);
    expect(await ids('theme=love&q=world')).toEqual([john316Saved]);
    expect(await ids('theme=love&q=shepherd')).toEqual([]);
  });

  it('pages a theme over many verses without losing or repeating one', async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    await insertVerses(other, [{ reference: 'Psalms 4:8', theme: 'Peace' }]);
    const ids = await insertVerses(
      account,
      Array.from({ length: 450 }, (_, index) => ({
        reference: `Numbers 7:${index + 1}`,
        theme: index % 50 === 0 ? 'Peace' : 'Bible Reading',
      })),
    );
    const pages = await walk(account, 'theme=peace&limit=3');
    expect(pages.map((items) => items.length)).toEqual([3, 3, 3]);
    expect(pages.flat().map((verse) => verse.id)).toEqual(
      ids.filter((_, index) => index % 50 === 0).reverse(),
    );
  });

  it.each(['Faith', 'peac', '__proto__', 'constructor', 'All Peace'])(
    'refuses theme=%s with a 400 naming the chips',
    async (theme) => {
      const account = await signUp(t);
      const response = await request(
        'GET',
        `/api/saved-verses?theme=${encodeURIComponent(theme)}`,
        account,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message:
          'theme: Choose one of the theme chips: All, Peace, Strength, Hope, Love, Comfort, Joy.',
      });
    },
  );
});

describe('GET /api/saved-verses compression', () => {
  it('sends a page of 20 plain and a page of 100 gzip-compressed', async () => {
    const account = await signUp(t);
    await t.db
      .insertInto('saved_verses')
      .values(
        Array.from({ length: 120 }, (_, index) => ({
          id: randomUUID(),
          user_id: account.user.id,
          ...john316,
          reference: `John 3:${index + 1}`,
          emotion_tag: null,
          custom_note: null,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
        })),
      )
      .execute();
    const get = (url: string) =>
      browserRequest(t, { url, cookie: account.cookie, headers: { 'accept-encoding': 'gzip' } });

    // A page of 20 fits the first flight of a connection: gzip would save no round trip.
    const first = await get('/api/saved-verses?limit=20');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.rawPayload.length).toBeLessThan(perRequestCompressionThreshold);
    expect(savedVersePageSchema.parse(first.json()).items).toHaveLength(20);

    const largest = await get('/api/saved-verses?limit=100');
    expect(largest.statusCode).toBe(200);
    expect(largest.headers['content-encoding']).toBe('gzip');
    // Compressed in one call, so its size is known: sent with a length, not chunked.
    expect(Number(largest.headers['content-length'])).toBe(largest.rawPayload.length);
    expect(largest.headers['transfer-encoding']).toBeUndefined();
    const listed = savedVersePageSchema.parse(
      JSON.parse(gunzipSync(largest.rawPayload).toString()),
    );
    expect(listed.items).toHaveLength(100);
    expect(largest.rawPayload.length).toBeLessThan(JSON.stringify(listed).length / 4);
  });
});

describe('DELETE /api/saved-verses/:id', () => {
  it("deletes the user's verse (204), then answers 404 for it", async () => {
    const account = await signUp(t);
    const kept = await save(account, { ...john316, reference: 'Micah 6:8' });
    clock.advance(1000);
    const removed = await save(account, john316);
    const response = await request('DELETE', `/api/saved-verses/${removed.id}`, account);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await list(account)).toEqual([kept]);
    const again = await request('DELETE', `/api/saved-verses/${removed.id}`, account);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
  });

  it("answers 404 for another user's verse, which stays", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const verse = await save(a, john316);
    const response = await request('DELETE', `/api/saved-verses/${verse.id}`, b);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
    expect(await list(a)).toEqual([verse]);
    expect(await savedRows(a.user.id)).toHaveLength(1);
  });

  it.each([randomUUID(), 'not-a-uuid', '%00', "1' or '1'='1", `${randomUUID()}0`])(
    'answers 404 for the id %j and deletes nothing',
    async (id) => {
      const account = await signUp(t);
      const verse = await save(account, john316);
      const response = await request(
        'DELETE',
        `/api/saved-verses/${encodeURIComponent(id)}`,
        account,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
      expect(await list(account)).toEqual([verse]);
    },
  );

  it('lets a deleted verse be saved again with the same fields (undo)', async () => {
    const account = await signUp(t);
    const verse = await save(account, { ...john316, emotion_tag: 'grateful', custom_note: 'Mine' });
    await request('DELETE', `/api/saved-verses/${verse.id}`, account);
    const { id: _id, created_at: _createdAt, ...fields } = verse;
    const again = await save(account, fields);
    expect(again).toEqual({ ...verse, id: expect.any(String), created_at: expect.any(String) });
    expect(again.id).not.toBe(verse.id);
    expect(await list(account)).toEqual([again]);
  });
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/saved-verses'],
    ['DELETE', `/api/saved-verses/${randomUUID()}`],
  ] as const)('%s %s answers 401', async (method, url) => {
    const response = await request(method, url);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
  });

  it("cannot delete a user's verse, which stays", async () => {
    const account = await signUp(t);
    const verse = await save(account, john316);
    const response = await request('DELETE', `/api/saved-verses/${verse.id}`);
    expect(response.statusCode).toBe(401);
    expect(await list(account)).toEqual([verse]);
  });
});

describe('demo saved verses', () => {
  const bible = loadKingJamesVersion();

  it.each(demoSavedVerses.map((verse) => [verse.reference, verse] as const))(
    '%s is word for word the KJV text',
    (reference, verse) => {
      const passage = lookupPassage(bible, reference);
      expect(passage.reference).toBe(reference);
      expect(verse.text).toBe(passage.verses.map((item) => item.text).join(' '));
      expect(verse.text).not.toMatch(/[[\]#]/);
      expect(verse.translation).toBe('kjv');
    },
  );

  it('are two, each marked as a demo with tags and a distinct id', () => {
    expect(demoSavedVerses).toHaveLength(2);
    expect(new Set(demoSavedVerses.map((verse) => verse.id)).size).toBe(2);
    for (const verse of demoSavedVerses) {
      expect(verse.isDemo).toBe(true);
      expect(verse.tags.length).toBeGreaterThan(0);
    }
  });
});
