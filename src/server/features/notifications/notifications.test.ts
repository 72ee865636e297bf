import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import {
  markAllReadResponseSchema,
  notificationPageSchema,
  notificationSchema,
  runRemindersResponseSchema,
  unreadCountResponseSchema,
  type Notification,
} from '#shared/schemas/notifications.ts';
import { browserRequest, signIn, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { describePagedList, randomRowId } from '#tests/api-support/page-contract.ts';
import { recordingPush } from '#tests/api-support/recording-push.ts';
import { createTestApp, useTestApp } from '#tests/api-support/test-app.ts';

// Monday 1 June 2026, 12:00 UTC: 09:00 reminders in UTC are already due.
const clock = fixedClock(new Date('2026-06-01T12:00:00.000Z'));
const push = recordingPush();
const t = useTestApp({ clock, push });

const notFound = { error: 'NOT_FOUND', message: 'That notification was not found.' };

function send(method: 'GET' | 'POST' | 'PATCH', url: string, account?: SignedIn, payload?: object) {
  return browserRequest(t, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...(account ? { cookie: account.cookie } : {}),
  });
}

async function list(account: SignedIn, query = '') {
  const response = await send('GET', `/api/notifications${query}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return notificationPageSchema.parse(response.json());
}

async function unreadCount(account: SignedIn): Promise<number> {
  const response = await send('GET', '/api/notifications/unread-count', account);
  expect(response.statusCode, response.body).toBe(200);
  return unreadCountResponseSchema.parse(response.json()).unread_count;
}

/** POST /api/notifications/test, a second later than the one before, so the order is known. */
async function createTest(account: SignedIn): Promise<Notification> {
  clock.advance(1000);
  const response = await send('POST', '/api/notifications/test', account);
  expect(response.statusCode, response.body).toBe(201);
  return notificationSchema.parse(response.json());
}

function rowsOf(userId: string) {
  return t.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

describe('the initial journal reminder (product §4)', () => {
  it('is created at sign-up, keyed to today in the user’s zone, and pushed', async () => {
    const account = await signUp(t);
    const rows = await rowsOf(account.user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'journal_reminder',
        title: 'Time to journal',
        message: 'Take a quiet moment to write what is on your heart today.',
        link: '/journal',
        is_read: false,
        local_date: '2026-06-01',
        created_at: clock.now().toISOString(),
      }),
    ]);
    expect(push.sentTo(account.user.id)).toEqual([
      {
        id: rows[0]?.id,
        type: 'journal_reminder',
        title: 'Time to journal',
        message: 'Take a quiet moment to write what is on your heart today.',
        link: '/journal',
      },
    ]);
    const page = await list(account);
    expect(page.items.map((n) => n.type)).toEqual(['journal_reminder']);
    expect(page.unread_count).toBe(1);
  });

  it('is not duplicated by later sign-ins, the same day or another', async () => {
    const account = await signUp(t);
    await signIn(t, account);
    clock.advance(2 * 24 * 60 * 60_000);
    await signIn(t, account);
    expect((await rowsOf(account.user.id)).map((row) => row.type)).toEqual(['journal_reminder']);
  });

  it('two sign-ins at the same moment create one', async () => {
    const account = await signUp(t);
    await t.db.deleteFrom('notifications').where('user_id', '=', account.user.id).execute();
    await Promise.all([signIn(t, account), signIn(t, account), signIn(t, account)]);
    expect(await rowsOf(account.user.id)).toHaveLength(1);
  });

  it('is not created while reminders are off, and is once they are back on', async () => {
    const account = await signUp(t);
    const patch = await send('PATCH', '/api/settings', account, { journal_reminders: false });
    expect(patch.statusCode, patch.body).toBe(200);
    // As if the user had never had one.
    await t.db.deleteFrom('notifications').where('user_id', '=', account.user.id).execute();
    await signIn(t, account);
    expect(await rowsOf(account.user.id)).toEqual([]);

    await send('PATCH', '/api/settings', account, { journal_reminders: true });
    await signIn(t, account);
    expect((await rowsOf(account.user.id)).map((row) => row.type)).toEqual(['journal_reminder']);
  });

  it('uses the local date of the user’s time zone', async () => {
    const account = await signUp(t);
    await send('PATCH', '/api/settings', account, { reminder_timezone: 'Pacific/Kiritimati' });
    await t.db.deleteFrom('notifications').where('user_id', '=', account.user.id).execute();
    // 12:00 UTC or later on some day is already the next day at UTC+14.
    const utcDate = clock.now().toISOString().slice(0, 10);
    await signIn(t, account);
    const [row] = await rowsOf(account.user.id);
    expect(row?.local_date).not.toBe(utcDate);
    expect(row?.local_date).toBe(
      new Date(clock.now().getTime() + 14 * 60 * 60_000).toISOString().slice(0, 10),
    );
  });
});

describe('a failing initial reminder', () => {
  it('does not fail the sign-up', async () => {
    const broken = await createTestApp({
      clock,
      push: {
        enabled: true,
        publicKey: null,
        sendToUser: async () => {
          throw new Error('push service exploded');
        },
      },
    });
    try {
      const account = await signUp(broken);
      expect(account.user.email).toBe(account.email);
    } finally {
      await broken.close();
    }
  });
});

describe('GET /api/notifications', () => {
  it('pages 25 notifications newest first: 20, then 5, then no cursor', async () => {
    const account = await signUp(t);
    const created = [];
    for (let i = 0; i < 24; i += 1) created.push(await createTest(account));
    const newestFirst = [...created].reverse().map((n) => n.id);

    const first = await list(account);
    expect(first.items).toHaveLength(20);
    expect(first.items.map((n) => n.id)).toEqual(newestFirst.slice(0, 20));
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(first.unread_count).toBe(25);

    const second = await list(account, `?cursor=${first.next_cursor}`);
    expect(second.items).toHaveLength(5);
    // The last one is the initial journal reminder from sign-up, the oldest.
    expect(second.items.map((n) => n.id)).toEqual([
      ...newestFirst.slice(20),
      (await rowsOf(account.user.id))[0]?.id,
    ]);
    expect(second.items.at(-1)?.type).toBe('journal_reminder');
    expect(second.next_cursor).toBeNull();
    expect(second.unread_count).toBe(25);
  });

  it('honours limit, and pages notifications created at the same instant without gaps or repeats', async () => {
    const account = await signUp(t);
    // Five more at exactly the sign-up instant (as a scheduler tick would write them).
    await t.db
      .insertInto('notifications')
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          id: randomUUID(),
          user_id: account.user.id,
          type: 'test',
          title: `Same time ${i}`,
          message: 'Tied',
          link: null,
          local_date: null,
          is_read: false,
          created_at: clock.now().toISOString(),
        })),
      )
      .execute();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(account, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((n) => n.id));
      cursor = page.next_cursor;
    } while (cursor);
    const all = await rowsOf(account.user.id);
    expect(seen).toHaveLength(6);
    expect(new Set(seen)).toEqual(new Set(all.map((row) => row.id)));
  });

  it.each([
    ['a cursor that is not one', '?cursor=not-a-cursor', /cursor/],
    [
      'a cursor with another shape',
      `?cursor=${Buffer.from('{"a":1}').toString('base64url')}`,
      /cursor/,
    ],
    [
      'the old unsigned cursor with a bad date',
      `?cursor=${Buffer.from(JSON.stringify(['2026-02-31T00:00:00.000Z', randomUUID()])).toString('base64url')}`,
      /cursor/,
    ],
    ['a page size of 0', '?limit=0', /1 to 100/],
    ['a page size of 101', '?limit=101', /1 to 100/],
    ['a page size that is not a number', '?limit=ten', /1 to 100/],
    ['a fractional page size', '?limit=2.5', /1 to 100/],
  ])('refuses %s with 400 and a clear message', async (_label, query, message) => {
    const account = await signUp(t);
    const response = await send('GET', `/api/notifications${query}`, account);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.json().message).toMatch(message);
  });
});

describe('scoping: users never see each other’s notifications', () => {
  it('lists, counts and marks only the caller’s own', async () => {
    const ruth = await signUp(t, { display_name: 'Ruth' });
    const naomi = await signUp(t, { display_name: 'Naomi' });
    const ruths = await createTest(ruth);
    await createTest(naomi);
    await createTest(naomi);

    const ruthIds = (await list(ruth)).items.map((n) => n.id);
    const naomiIds = (await list(naomi)).items.map((n) => n.id);
    expect(ruthIds).toHaveLength(2);
    expect(naomiIds).toHaveLength(3);
    expect(ruthIds.filter((id) => naomiIds.includes(id))).toEqual([]);
    expect(await unreadCount(ruth)).toBe(2);
    expect(await unreadCount(naomi)).toBe(3);

    // Naomi marking Ruth's notification: as unknown as a made-up id, and nothing changes.
    const response = await send('POST', `/api/notifications/${ruths.id}/read`, naomi);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound);
    const [stillUnread] = await t.db
      .selectFrom('notifications')
      .select('is_read')
      .where('id', '=', ruths.id)
      .execute();
    expect(stillUnread?.is_read).toBe(false);
    expect(await unreadCount(ruth)).toBe(2);
    expect(await unreadCount(naomi)).toBe(3);
  });
});

describe('POST /api/notifications/:id/read', () => {
  it('marks one read, returns it, and is idempotent', async () => {
    const account = await signUp(t);
    const target = await createTest(account);
    const response = await send('POST', `/api/notifications/${target.id}/read`, account);
    expect(response.statusCode, response.body).toBe(200);
    expect(notificationSchema.parse(response.json())).toEqual({ ...target, is_read: true });
    expect(await unreadCount(account)).toBe(1);

    const again = await send('POST', `/api/notifications/${target.id}/read`, account);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...target, is_read: true });
    expect(await unreadCount(account)).toBe(1);
    const page = await list(account);
    expect(page.items.find((n) => n.id === target.id)?.is_read).toBe(true);
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['an id that is not a UUID', 'abc'],
  ])('answers 404 for %s', async (_label, id) => {
    const account = await signUp(t);
    const response = await send('POST', `/api/notifications/${id}/read`, account);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});

describe('POST /api/notifications/read-all', () => {
  it('marks all of the caller’s unread and nobody else’s', async () => {
    const mine = await signUp(t);
    const theirs = await signUp(t);
    await createTest(mine);
    await createTest(mine);
    await createTest(theirs);
    const response = await send('POST', '/api/notifications/read-all', mine);
    expect(response.statusCode, response.body).toBe(200);
    expect(markAllReadResponseSchema.parse(response.json())).toEqual({
      updated: 3,
      unread_count: 0,
    });
    expect((await list(mine)).items.every((n) => n.is_read)).toBe(true);
    expect(await unreadCount(theirs)).toBe(2);
    expect((await rowsOf(theirs.user.id)).every((row) => !row.is_read)).toBe(true);

    const again = await send('POST', '/api/notifications/read-all', mine);
    expect(again.json()).toEqual({ updated: 0, unread_count: 0 });
  });
});

describe('POST /api/notifications/test', () => {
  it('creates a test notification for the caller (201) and pushes it', async () => {
    const account = await signUp(t);
    const created = await createTest(account);
    expect(created).toEqual({
      id: expect.any(String),
      type: 'test',
      title: 'Test notification',
      message: expect.stringMatching(/\w/),
      link: null,
      is_read: false,
      created_at: clock.now().toISOString(),
    });
    expect(push.sentTo(account.user.id).at(-1)).toEqual({
      id: created.id,
      type: 'test',
      title: created.title,
      message: created.message,
      link: null,
    });
  });
});

describe('POST /api/dev/reminders/run', () => {
  it('runs the reminder tick as of `at` for the caller only', async () => {
    const caller = await signUp(t);
    const bystander = await signUp(t);
    // Both already had today's journal reminder at sign-up; tomorrow at 09:00 both are due.
    const response = await send('POST', '/api/dev/reminders/run', caller, {
      at: '2099-01-02T09:00:00Z',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { created } = runRemindersResponseSchema.parse(response.json());
    expect(created.map((n) => n.type).sort()).toEqual(['daily_verse', 'journal_reminder']);
    expect(created.find((n) => n.type === 'daily_verse')).toMatchObject({
      link: '/verse-of-day',
      title: expect.stringMatching(/^Verse of the day: /),
    });
    expect(await rowsOf(caller.user.id)).toHaveLength(3);
    expect(await rowsOf(bystander.user.id)).toHaveLength(1);

    const again = await send('POST', '/api/dev/reminders/run', caller, {
      at: '2099-01-02T09:00:00Z',
    });
    expect(again.json()).toEqual({ created: [] });
  });

  it('runs as of now without `at`, and refuses a malformed `at` with 400', async () => {
    const account = await signUp(t);
    const now = await browserRequest(t, {
      method: 'POST',
      url: '/api/dev/reminders/run',
      cookie: account.cookie,
    });
    expect(now.statusCode, now.body).toBe(200);
    // Today's journal reminder came at sign-up; the daily verse is due now (12:00 > 09:00).
    expect(now.json().created.map((n: Notification) => n.type)).toEqual(['daily_verse']);

    const bad = await send('POST', '/api/dev/reminders/run', account, { at: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.stringMatching(/at/) });
  });
});

describe('signed out', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread-count'],
    ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
    ['POST', '/api/notifications/read-all'],
    ['POST', '/api/notifications/test'],
    ['POST', '/api/dev/reminders/run'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const response = await send(method, url);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
  });
});

describe('with development endpoints off (production)', () => {
  it('answers 404 to them like an unknown route, and the rest still works', async () => {
    const production = await createTestApp({ clock, config: { devEndpoints: false } });
    try {
      const account = await signUp(production);
      for (const url of ['/api/notifications/test', '/api/dev/reminders/run']) {
        const response = await browserRequest(production, {
          method: 'POST',
          url,
          cookie: account.cookie,
          payload: {},
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
      }
      const page = await browserRequest(production, {
        method: 'GET',
        url: '/api/notifications',
        cookie: account.cookie,
      });
      expect(page.statusCode).toBe(200);
      expect(page.json().items).toHaveLength(1);
    } finally {
      await production.close();
    }
  });
});

describePagedList(() => t, {
  url: '/api/notifications',
  parties: async () => {
    const account = await signUp(t);
    return { reader: account, owner: account };
  },
  addRows: async (owner, times) => {
    await t.db
      .insertInto('notifications')
      .values(
        times.map((time) => ({
          id: randomRowId(),
          user_id: owner.user.id,
          type: 'test',
          title: 'Seeded',
          message: 'A seeded notification.',
          link: null,
          local_date: null,
          is_read: false,
          created_at: time,
        })),
      )
      .execute();
  },
  visibleRows: ({ owner }) =>
    t.db
      .selectFrom('notifications')
      .select(['id', 'created_at as time'])
      .where('user_id', '=', owner.user.id)
      .execute(),
  timeField: 'created_at',
  isOwn: true,
});
