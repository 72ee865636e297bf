import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import {
  missingTestimonyMessage,
  ownTestimonyPageSchema,
  ownTestimonySchema,
  publicTestimonySchema,
  testimonyFieldMax,
  type TestimonyStatus,
} from '#shared/schemas/testimonies.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { describePagedList, randomRowId } from '#tests/api-support/page-contract.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });

const testimony = {
  feeling: 'I felt alone after the move.',
  god_reminded: 'That He is with me wherever I go (Joshua 1:9).',
};

const send = sendingAs(t);

async function submit(account: SignedIn, payload: Record<string, unknown>) {
  const response = await send('POST', '/api/testimonies', account, payload);
  expect(response.statusCode, response.body).toBe(201);
  return ownTestimonySchema.parse(response.json());
}

/** The newest page of the public wall (this file's tests add at most a few dozen). */
async function publicList() {
  const response = await send('GET', '/api/testimonies?limit=100');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: unknown[] }>().items;
}

async function mine(account: SignedIn) {
  const response = await send('GET', '/api/testimonies/mine?limit=100', account);
  expect(response.statusCode, response.body).toBe(200);
  return ownTestimonyPageSchema.parse(response.json()).items;
}

/** Approves straight in the database, as a moderator would (the moderation tests use the API). */
async function approveInDb(id: string) {
  await t.db
    .updateTable('testimonies')
    .set({ status: 'approved', is_approved: true, moderated_at: clock.now().toISOString() })
    .where('id', '=', id)
    .execute();
}

describe('POST /api/testimonies', () => {
  it('stores a new testimony unapproved and pending (201), anonymous by default', async () => {
    const account = await signUp(t);
    const created = await submit(account, { ...testimony, author_name: 'Ignored' });
    expect(created).toEqual({
      id: expect.any(String),
      ...testimony,
      author_name: null,
      author_image_url: null,
      is_anonymous: true,
      is_approved: false,
      status: 'pending',
      created_at: clock.now().toISOString(),
    });
    const row = await t.db
      .selectFrom('testimonies')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: account.user.id,
      is_approved: false,
      status: 'pending',
      moderated_at: null,
    });
  });

  it('never lets the client approve its own testimony', async () => {
    const account = await signUp(t);
    const created = await submit(account, {
      ...testimony,
      is_approved: true,
      status: 'approved',
      user_id: 'someone-else',
    });
    expect(created).toMatchObject({ is_approved: false, status: 'pending' });
    expect(await mine(account)).toHaveLength(1);
    expect(await publicList()).not.toContainEqual(expect.objectContaining({ id: created.id }));
  });

  it('keeps the name when not anonymous, null when the name is empty', async () => {
    const account = await signUp(t);
    const named = await submit(account, {
      ...testimony,
      is_anonymous: false,
      author_name: '  Ruth  ',
    });
    expect(named).toMatchObject({ is_anonymous: false, author_name: 'Ruth' });
    const empty = await submit(account, { ...testimony, is_anonymous: false, author_name: ' ' });
    expect(empty.author_name).toBeNull();
  });

  it.each([
    ['feeling missing', { god_reminded: testimony.god_reminded }],
    ['god_reminded missing', { feeling: testimony.feeling }],
    ['feeling blank', { ...testimony, feeling: '   ' }],
    ['god_reminded empty', { ...testimony, god_reminded: '' }],
  ])('refuses a testimony with %s (400, spec message)', async (_label, payload) => {
    const account = await signUp(t);
    const response = await send('POST', '/api/testimonies', account, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: expect.stringContaining(missingTestimonyMessage),
    });
    expect(await mine(account)).toEqual([]);
  });

  it(`refuses an answer over ${testimonyFieldMax} characters`, async () => {
    const account = await signUp(t);
    const response = await send('POST', '/api/testimonies', account, {
      ...testimony,
      god_reminded: 'a'.repeat(testimonyFieldMax + 1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(await mine(account)).toEqual([]);
    const atLimit = await submit(account, { ...testimony, feeling: 'b'.repeat(testimonyFieldMax) });
    expect(atLimit.feeling).toHaveLength(testimonyFieldMax);
  });

  it('stores markup verbatim', async () => {
    const account = await signUp(t);
    const feeling = '<script>alert("hi")</script><img src=x onerror=alert(1)>';
    const created = await submit(account, { ...testimony, feeling });
    expect(created.feeling).toBe(feeling);
    await approveInDb(created.id);
    expect(await publicList()).toContainEqual(expect.objectContaining({ feeling }));
  });

  it('answers 401 to a visitor', async () => {
    const response = await send('POST', '/api/testimonies', undefined, testimony);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/testimonies', () => {
  it('is public and lists approved testimonies only, newest first, without user ids', async () => {
    const account = await signUp(t);
    const older = await submit(account, { ...testimony, feeling: 'Older' });
    clock.advance(60_000);
    const newer = await submit(account, { ...testimony, feeling: 'Newer' });
    clock.advance(60_000);
    const pending = await submit(account, { ...testimony, feeling: 'Still pending' });
    await approveInDb(older.id);
    await approveInDb(newer.id);

    const list = await publicList();
    const ids = list.map((item) => publicTestimonySchema.parse(item).id);
    expect(ids).not.toContain(pending.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids.indexOf(older.id)).toBeGreaterThanOrEqual(0);
    for (const item of list) {
      expect(Object.keys(item as object).sort()).toEqual(
        [
          'author_image_url',
          'author_name',
          'created_at',
          'feeling',
          'god_reminded',
          'id',
          'is_anonymous',
        ].sort(),
      );
    }
  });
});

describe('GET /api/testimonies/mine', () => {
  it('lists all of the user’s own testimonies newest first, with their status', async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const first = await submit(account, testimony);
    clock.advance(60_000);
    const second = await submit(account, { ...testimony, feeling: 'Second' });
    await submit(other, testimony);
    await approveInDb(first.id);

    const own = await mine(account);
    expect(own.map((item) => [item.id, item.status, item.is_approved])).toEqual([
      [second.id, 'pending', false],
      [first.id, 'approved', true],
    ]);
    expect(own[0]).not.toHaveProperty('user_id');
  });

  it('answers 401 to a visitor', async () => {
    const response = await send('GET', '/api/testimonies/mine');
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/testimonies/:id', () => {
  async function remove(account: SignedIn | undefined, id: string) {
    return send('DELETE', `/api/testimonies/${id}`, account);
  }

  async function moderationQueueIds() {
    const moderator = await signUp(t);
    await t.db
      .updateTable('users')
      .set({ role: 'moderator' })
      .where('id', '=', moderator.user.id)
      .execute();
    const response = await send('GET', '/api/moderation/testimonies?limit=100', moderator);
    expect(response.statusCode, response.body).toBe(200);
    return ownTestimonyPageSchema.parse(response.json()).items.map((item) => item.id);
  }

  it('deletes the author’s own testimony (204): gone from their list and the public list', async () => {
    const account = await signUp(t);
    const kept = await submit(account, { ...testimony, feeling: 'Kept' });
    const shared = await submit(account, { ...testimony, feeling: 'Withdrawn' });
    await approveInDb(shared.id);
    expect((await publicList()).map((item) => (item as { id: string }).id)).toContain(shared.id);

    const response = await remove(account, shared.id);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect((await mine(account)).map((item) => item.id)).toEqual([kept.id]);
    expect(await publicList()).not.toContainEqual(expect.objectContaining({ id: shared.id }));
    const row = await t.db
      .selectFrom('testimonies')
      .select('id')
      .where('id', '=', shared.id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('takes a pending testimony out of the moderation queue at once', async () => {
    const account = await signUp(t);
    const pending = await submit(account, testimony);
    expect(await moderationQueueIds()).toContain(pending.id);
    expect((await remove(account, pending.id)).statusCode).toBe(204);
    expect(await moderationQueueIds()).not.toContain(pending.id);
  });

  it('never deletes another user’s testimony (404, as for an unknown id)', async () => {
    const author = await signUp(t);
    const other = await signUp(t);
    const created = await submit(author, testimony);
    await approveInDb(created.id);

    const response = await remove(other, created.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'NOT_FOUND',
      message: 'That testimony was not found.',
    });
    expect((await mine(author)).map((item) => item.id)).toEqual([created.id]);
    expect(await publicList()).toContainEqual(expect.objectContaining({ id: created.id }));

    const unknown = await remove(other, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(response.json());
  });

  it('answers a second delete of the same testimony with 404', async () => {
    const account = await signUp(t);
    const created = await submit(account, testimony);
    expect((await remove(account, created.id)).statusCode).toBe(204);
    const again = await remove(account, created.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it.each([
    ['not a row id', 'not-an-id'],
    ['a number', '1'],
    ['an injection attempt', "x' OR '1'='1"],
    ['a NUL byte', '%00'],
    ['an over-long id', 'a'.repeat(300)],
  ])('answers %s with 400 or 404 JSON, never 500, and deletes nothing', async (_label, id) => {
    const account = await signUp(t);
    const created = await submit(account, testimony);
    const response = await remove(account, encodeURIComponent(id));
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    expect((await mine(account)).map((item) => item.id)).toEqual([created.id]);
  });

  it('answers 401 to a visitor and deletes nothing', async () => {
    const account = await signUp(t);
    const created = await submit(account, testimony);
    const response = await remove(undefined, created.id);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    expect(await mine(account)).toHaveLength(1);
  });
});

/** Testimonies written straight into the table, one per time, in the given review state. */
async function addTestimonies(owner: SignedIn, times: string[], status: TestimonyStatus) {
  if (times.length === 0) return;
  await t.db
    .insertInto('testimonies')
    .values(
      times.map((time) => ({
        id: randomRowId(),
        user_id: owner.user.id,
        feeling: 'Seeded feeling',
        god_reminded: 'Seeded reminder',
        author_name: null,
        is_anonymous: true,
        is_approved: status === 'approved',
        status,
        moderated_at: status === 'pending' ? null : time,
        created_at: time,
      })),
    )
    .execute();
}

describePagedList(() => t, {
  url: '/api/testimonies',
  // Public: a visitor reads everyone's approved testimonies.
  parties: async () => ({ reader: undefined, owner: await signUp(t) }),
  addRows: async (owner, times) => {
    await addTestimonies(owner, times, 'approved');
    // Others' pending and declined testimonies never show.
    await addTestimonies(owner, times.slice(0, 2), 'pending');
    await addTestimonies(owner, times.slice(0, 1), 'declined');
  },
  visibleRows: () =>
    t.db
      .selectFrom('testimonies')
      .select(['id', 'created_at as time'])
      .where('status', '=', 'approved')
      .execute(),
  timeField: 'created_at',
  isOwn: false,
});

describePagedList(() => t, {
  url: '/api/testimonies/mine',
  parties: async () => {
    const account = await signUp(t);
    return { reader: account, owner: account };
  },
  addRows: async (owner, times) => {
    const statuses = ['pending', 'approved', 'declined'] as const;
    for (const [index, status] of statuses.entries()) {
      await addTestimonies(
        owner,
        times.filter((_, position) => position % 3 === index),
        status,
      );
    }
  },
  visibleRows: ({ owner }) =>
    t.db
      .selectFrom('testimonies')
      .select(['id', 'created_at as time'])
      .where('user_id', '=', owner.user.id)
      .execute(),
  timeField: 'created_at',
  isOwn: true,
});
