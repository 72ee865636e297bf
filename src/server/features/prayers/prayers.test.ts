import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { createPageCursors } from '#server/db/keyset.ts';
import { pageSizeDefault } from '#shared/rules/pagination.ts';
import {
  prayerPageSchema,
  prayerRequestSchema,
  type PrayerRequest,
} from '#shared/schemas/prayers.ts';
import {
  browserRequest,
  sendingAs,
  signUp,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { describePagedList, randomRowId } from '#tests/api-support/page-contract.ts';
import { queriesSent } from '#tests/api-support/query-plan.ts';
import { testRateLimits, useTestApp } from '#tests/api-support/test-app.ts';
import { listPrayers } from './prayers.service.ts';

// 09:30 UTC is 05:30 in New York: the same day there.
const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });
const send = sendingAs(t);

async function create(account: SignedIn, payload: Record<string, unknown>) {
  const response = await send('POST', '/api/prayers', account, payload);
  expect(response.statusCode, response.body).toBe(201);
  return prayerRequestSchema.parse(response.json());
}

async function list(account: SignedIn, query = '') {
  const response = await send('GET', `/api/prayers${query ? `?${query}` : ''}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return prayerPageSchema.parse(response.json());
}

const titles = (prayers: PrayerRequest[]) => prayers.map((prayer) => prayer.title);

function expectRefused(response: { statusCode: number; json: () => unknown }, message: RegExp) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
  expect((response.json() as { message: string }).message).toMatch(message);
}

describe('the prayer list', () => {
  it('keeps a request with its details, person, verse and reminder, and shows it to its owner only', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const prayer = await create(alice, {
      title: '  For my sister  ',
      details: 'Healing for her knee.\nRest.',
      person: 'Anna',
      verse_reference: 'John 3:16',
      reminder_days: ['thursday', 'monday'],
      reminder_time: '07:30',
    });
    expect(prayer).toMatchObject({
      title: 'For my sister',
      details: 'Healing for her knee.\nRest.',
      person: 'Anna',
      verse_reference: 'John 3:16',
      reminder_days: ['monday', 'thursday'],
      reminder_time: '07:30',
      answered_on: null,
      days_to_answer: null,
      prayed_today: false,
    });

    expect(titles((await list(alice)).items)).toEqual(['For my sister']);
    expect((await list(bob)).items).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/prayers/${prayer.id}`],
      ['PATCH', `/api/prayers/${prayer.id}`],
      ['DELETE', `/api/prayers/${prayer.id}`],
      ['POST', `/api/prayers/${prayer.id}/prayed`],
      ['POST', `/api/prayers/${prayer.id}/answered`],
      ['DELETE', `/api/prayers/${prayer.id}/answered`],
    ] as const) {
      const response = await send(method, url, bob, method === 'PATCH' ? { title: 'Mine' } : {});
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
    }
    const unchanged = await send('GET', `/api/prayers/${prayer.id}`, alice);
    expect(prayerRequestSchema.parse(unchanged.json())).toEqual(prayer);
    expect((await send('GET', '/api/prayers', undefined)).statusCode).toBe(401);
  });

  it('refuses a request without a title, too long, with an unknown verse or half a reminder', async () => {
    const alice = await signUp(t);
    const post = (payload: Record<string, unknown>) => send('POST', '/api/prayers', alice, payload);
    expectRefused(await post({ title: '   ' }), /Please write your prayer before saving\./);
    expectRefused(await post({}), /Please write your prayer before saving\./);
    expectRefused(await post({ title: 'x'.repeat(121) }), /120 characters/);
    expectRefused(await post({ title: 'A', verse_reference: 'Hezekiah 3:1' }), /John 3:16/);
    expectRefused(
      await post({ title: 'A', reminder_days: ['monday'] }),
      /both its days and a time/,
    );
    expectRefused(
      await post({ title: 'A', reminder_days: ['monday'], reminder_time: '25:00' }),
      /HH:MM/,
    );
    expectRefused(
      await post({ title: 'A', reminder_days: ['someday'], reminder_time: '07:00' }),
      /reminder_days/,
    );
    expectRefused(await post({ title: 'A', answer_note: 5, details: 7 }), /details/);
    expectRefused(await send('GET', '/api/prayers?answered=maybe', alice), /true or false/);
    expect((await list(alice)).items).toEqual([]);
    const missing = await send('GET', `/api/prayers/${randomRowId()}`, alice);
    expect(missing.statusCode).toBe(404);
    expect((await send('GET', '/api/prayers/not-an-id', alice)).statusCode).toBe(404);
  });

  it('changes the fields given and clears those sent as null', async () => {
    const alice = await signUp(t);
    const prayer = await create(alice, {
      title: 'Work',
      person: 'Me',
      reminder_days: ['friday'],
      reminder_time: '08:00',
    });
    const response = await send('PATCH', `/api/prayers/${prayer.id}`, alice, {
      title: 'The new job',
      person: null,
      reminder_days: null,
      reminder_time: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(prayerRequestSchema.parse(response.json())).toMatchObject({
      title: 'The new job',
      person: null,
      reminder_days: null,
      reminder_time: null,
    });
    expectRefused(
      await send('PATCH', `/api/prayers/${prayer.id}`, alice, { reminder_time: '09:00' }),
      /both its days and a time/,
    );
    const deleted = await send('DELETE', `/api/prayers/${prayer.id}`, alice);
    expect(deleted.statusCode).toBe(204);
    expect((await list(alice)).items).toEqual([]);
  });

  it('records a prayed day once, where the person is, and counts it for the streak', async () => {
    const alice = await signUp(t);
    await t.db
      .insertInto('user_settings')
      .values({ user_id: alice.user.id, reminder_timezone: 'America/New_York' } as never)
      .execute()
      .catch(() =>
        t.db
          .updateTable('user_settings')
          .set({ reminder_timezone: 'America/New_York' })
          .where('user_id', '=', alice.user.id)
          .execute(),
      );
    const prayer = await create(alice, { title: 'Peace' });
    for (let i = 0; i < 2; i += 1) {
      const prayed = await send('POST', `/api/prayers/${prayer.id}/prayed`, alice);
      expect(prayed.statusCode, prayed.body).toBe(200);
      expect(prayerRequestSchema.parse(prayed.json()).prayed_today).toBe(true);
    }
    const days = await t.db
      .selectFrom('prayer_days')
      .select(['day', 'request_id'])
      .where('user_id', '=', alice.user.id)
      .execute();
    expect(days).toEqual([{ day: '2026-06-01', request_id: prayer.id }]);
    const streak = await send('GET', '/api/streak', alice);
    expect(streak.statusCode, streak.body).toBe(200);
    expect(streak.json()).toMatchObject({ current: 1 });
    const streakDays = await t.db
      .selectFrom('streak_days')
      .select(['local_date', 'kinds'])
      .where('user_id', '=', alice.user.id)
      .execute();
    expect(streakDays).toEqual([{ local_date: '2026-06-01', kinds: ['pray'] }]);
  });

  it('marks a request answered with the day and how, lists it under answered, and takes it back', async () => {
    const alice = await signUp(t);
    const old = await create(alice, { title: 'For rain' });
    // Made ten days before today.
    await t.db
      .updateTable('prayer_requests')
      .set({ created_at: '2026-05-22T12:00:00.000Z' })
      .where('id', '=', old.id)
      .execute();
    const open = await create(alice, { title: 'For patience' });

    const answered = await send('POST', `/api/prayers/${old.id}/answered`, alice, {
      answered_on: '2026-05-30',
      answer_note: 'It rained all night.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(prayerRequestSchema.parse(answered.json())).toMatchObject({
      answered_on: '2026-05-30',
      answer_note: 'It rained all night.',
      days_to_answer: 8,
    });
    expect(titles((await list(alice, 'answered=true')).items)).toEqual(['For rain']);
    expect(titles((await list(alice, 'answered=false')).items)).toEqual(['For patience']);
    expect(titles((await list(alice)).items)).toEqual(['For patience', 'For rain']);

    // Today by default; never a day to come, nor one before it was asked.
    const today = await send('POST', `/api/prayers/${open.id}/answered`, alice, {});
    expect(prayerRequestSchema.parse(today.json())).toMatchObject({
      answered_on: '2026-06-01',
      days_to_answer: 0,
    });
    expectRefused(
      await send('POST', `/api/prayers/${open.id}/answered`, alice, { answered_on: '2026-06-02' }),
      /has come/,
    );
    expectRefused(
      await send('POST', `/api/prayers/${open.id}/answered`, alice, { answered_on: '2026-05-31' }),
      /on or after/,
    );
    expectRefused(
      await send('POST', `/api/prayers/${open.id}/answered`, alice, { answered_on: '2026-02-30' }),
      /YYYY-MM-DD/,
    );
    expectRefused(
      await send('POST', `/api/prayers/${open.id}/answered`, alice, {
        answer_note: 'x'.repeat(2001),
      }),
      /2,000/,
    );

    const back = await send('DELETE', `/api/prayers/${old.id}/answered`, alice);
    expect(back.statusCode, back.body).toBe(200);
    expect(prayerRequestSchema.parse(back.json())).toMatchObject({
      answered_on: null,
      answer_note: null,
      days_to_answer: null,
    });
    expect(titles((await list(alice, 'answered=true')).items)).toEqual(['For patience']);
  });

  it('pages the answered list by when each was answered, and refuses another list’s cursor', async () => {
    const alice = await signUp(t);
    const made: PrayerRequest[] = [];
    for (const title of ['One', 'Two', 'Three']) made.push(await create(alice, { title }));
    for (const prayer of [made[1]!, made[0]!, made[2]!]) {
      clock.advance(1000);
      await send('POST', `/api/prayers/${prayer.id}/answered`, alice, {});
    }
    const first = await list(alice, 'answered=true&limit=2');
    expect(titles(first.items)).toEqual(['Three', 'One']);
    expect(first.next_cursor).not.toBeNull();
    const second = await list(alice, `answered=true&limit=2&cursor=${first.next_cursor}`);
    expect(titles(second.items)).toEqual(['Two']);
    expect(second.next_cursor).toBeNull();
    expectRefused(
      await send('GET', `/api/prayers?answered=false&cursor=${first.next_cursor}`, alice),
      /cursor/,
    );
  });
});

describe('today, where the person is', () => {
  // 09:30 UTC on 1 June is 23:30 on 31 May in Honolulu.
  async function inHonolulu(account: SignedIn) {
    const response = await send('PATCH', '/api/settings', account, {
      reminder_timezone: 'Pacific/Honolulu',
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('lists a request as prayed today by the date in the person’s own time zone, as their settings say now', async () => {
    const alice = await signUp(t);
    const prayer = await create(alice, { title: 'Rain' });
    await inHonolulu(alice);
    const prayed = await send('POST', `/api/prayers/${prayer.id}/prayed`, alice);
    expect(prayed.statusCode, prayed.body).toBe(200);
    const days = await t.db
      .selectFrom('prayer_days')
      .select('day')
      .where('request_id', '=', prayer.id)
      .execute();
    expect(days).toEqual([{ day: '2026-05-31' }]);
    expect((await list(alice, 'answered=false')).items[0]).toMatchObject({
      title: 'Rain',
      prayed_today: true,
    });
    // Back in UTC it is already 1 June: prayed yesterday, not today.
    const back = await send('PATCH', '/api/settings', alice, { reminder_timezone: 'UTC' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await list(alice, 'answered=false')).items[0]).toMatchObject({
      title: 'Rain',
      prayed_today: false,
    });
  });

  it('reads a page in one query when the route has the person’s zone from the session', async () => {
    const alice = await signUp(t);
    for (const title of ['One', 'Two', 'Three']) await create(alice, { title });
    const cursors = createPageCursors(t.db);
    const sent = await queriesSent(t.db, (db) =>
      listPrayers({ db, clock, cursors, timeZone: 'Pacific/Honolulu' }, alice.user.id, {
        limit: 2,
        answered: false,
      }),
    );
    expect(sent.map((query) => query.sql)).toEqual([
      expect.stringContaining('from "prayer_requests"'),
    ]);
  });
});

describe('a long prayer list', () => {
  it('walks 2,000 requests of one member in pages, each once, newest first, and shows none to another', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const count = 2_000;
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const rows = Array.from({ length: count }, (_, index) => {
      const time = new Date(start + index * 60_000).toISOString();
      return {
        id: randomRowId(),
        user_id: alice.user.id,
        title: `Request ${index + 1}`,
        details: null,
        person: null,
        verse_reference: null,
        reminder_days: null,
        reminder_time: null,
        answered_on: null,
        answered_at: null,
        answer_note: null,
        created_at: time,
        updated_at: time,
      };
    });
    for (let offset = 0; offset < count; offset += 200) {
      await t.db
        .insertInto('prayer_requests')
        .values(rows.slice(offset, offset + 200))
        .execute();
    }

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(alice, `answered=false${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(pageSizeDefault);
      seen.push(...titles(page.items));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== null && pages <= count);
    expect(pages).toBe(count / pageSizeDefault);
    expect(seen).toEqual(rows.map((row) => row.title).reverse());

    const other = await list(bob, 'answered=false');
    expect(other.items).toEqual([]);
    expect(other.next_cursor).toBeNull();
  });
});

async function ownAccount() {
  const owner = await signUp(t);
  return { reader: owner, owner };
}

describePagedList(() => t, {
  url: '/api/prayers',
  parties: ownAccount,
  addRows: async (owner, times) => {
    await t.db
      .insertInto('prayer_requests')
      .values(
        times.map((time) => ({
          id: randomRowId(),
          user_id: owner.user.id,
          title: 'Paged',
          details: null,
          person: null,
          verse_reference: null,
          reminder_days: null,
          reminder_time: null,
          answered_on: null,
          answered_at: null,
          answer_note: null,
          created_at: time,
          updated_at: time,
        })),
      )
      .execute();
  },
  visibleRows: ({ owner }) =>
    t.db
      .selectFrom('prayer_requests')
      .select(['id', 'created_at as time'])
      .where('user_id', '=', owner.user.id)
      .execute(),
  timeField: 'created_at',
  isOwn: true,
  otherFilterUrl: '/api/prayers?answered=false',
});

describe('writing prayers at a script’s pace', () => {
  const limited = useTestApp({ rateLimits: { ...testRateLimits, writesPerMinute: 3 } });

  it('answers 429 past the per-person write limit, and stores nothing more', async () => {
    const writer = await signUp(limited);
    const post = () =>
      browserRequest(limited, {
        method: 'POST',
        url: '/api/prayers',
        cookie: writer.cookie,
        payload: { title: 'Again' },
      });
    for (let i = 0; i < 3; i += 1) expect((await post()).statusCode).toBe(201);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });
    const stored = await limited.db
      .selectFrom('prayer_requests')
      .select('id')
      .where('user_id', '=', writer.user.id)
      .execute();
    expect(stored).toHaveLength(3);
  });
});
