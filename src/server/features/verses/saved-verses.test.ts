import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demoSavedVerses } from '../../../shared/content/demo-verses.ts';
import { savedVerseSchema, savedVerseStatusSchema } from '../../../shared/schemas/verses.ts';
import { perRequestCompressionThreshold } from '../../delivery/compression.ts';
import { loadBible } from '../../kjv/kjv.ts';
import { lookupPassage } from '../../kjv/passage.ts';
import { fixedClock } from '../../clock.ts';
import {
  browserRequest,
  signUp,
  type SignedIn,
} from '../../../../tests/api-support/auth-helpers.ts';
import { useTestApp } from '../../../../tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });

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

async function list(account: SignedIn) {
  const response = await request('GET', '/api/saved-verses', account);
  expect(response.statusCode, response.body).toBe(200);
  return savedVerseSchema.array().parse(response.json());
}

function savedRows(userId: string) {
  return t.db.selectFrom('saved_verses').selectAll().where('user_id', '=', userId).execute();
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

describe('POST /api/saved-verses saves a reference once per person (issue 21 item 2)', () => {
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

describe('GET /api/saved-verses?limit=', () => {
  it('lists only the newest `limit` verses of the user', async () => {
    const account = await signUp(t);
    for (const reference of ['Psalms 23:1', 'Isaiah 41:10', 'John 14:27']) {
      await save(account, { ...john316, reference });
      clock.advance(60_000);
    }
    const response = await request('GET', '/api/saved-verses?limit=2', account);
    expect(response.statusCode, response.body).toBe(200);
    const listed = savedVerseSchema.array().parse(response.json());
    expect(listed.map((verse) => verse.reference)).toEqual(['John 14:27', 'Isaiah 41:10']);
  });

  it.each(['0', '1001', 'abc', '2.5'])('refuses limit=%s with a 400 message', async (limit) => {
    const account = await signUp(t);
    const response = await request('GET', `/api/saved-verses?limit=${limit}`, account);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: expect.stringContaining('from 1 to 1000'),
    });
  });
});

describe('GET /api/saved-verses compression', () => {
  it('sends a page of the newest plain and the whole list gzip-compressed', async () => {
    const account = await signUp(t);
    await t.db
      .insertInto('saved_verses')
      .values(
        Array.from({ length: 60 }, (_, index) => ({
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
    const page = await get('/api/saved-verses?limit=20');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.rawPayload.length).toBeLessThan(perRequestCompressionThreshold);
    expect(savedVerseSchema.array().parse(page.json())).toHaveLength(20);

    const all = await get('/api/saved-verses');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-encoding']).toBe('gzip');
    const listed = savedVerseSchema
      .array()
      .parse(JSON.parse(gunzipSync(all.rawPayload).toString()));
    expect(listed).toHaveLength(60);
    expect(all.rawPayload.length).toBeLessThan(JSON.stringify(listed).length / 4);
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
  const bible = loadBible();

  it.each(demoSavedVerses.map((verse) => [verse.reference, verse] as const))(
    '%s is word for word the KJV text',
    (reference, verse) => {
      const passage = lookupPassage(bible, reference);
      expect(passage.reference).toBe(reference);
      expect(verse.text).toBe(passage.verses.map((item) => item.text).join(' '));
      expect(verse.text).not.toMatch(/[[\]#]/);
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
