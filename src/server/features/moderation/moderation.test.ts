import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { ownTestimonyPageSchema, ownTestimonySchema } from '#shared/schemas/testimonies.ts';
import {
  browserRequest,
  signIn,
  signUp,
  testPassword,
  uniqueEmail,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { describePagedList, randomRowId } from '#tests/api-support/page-contract.ts';
import { createTestApp, type TestApp } from '#tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const listedModerator = uniqueEmail('listed-moderator');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { moderatorEmails: [listedModerator] } });
});
afterAll(async () => {
  await t.close();
});

function send(method: 'GET' | 'POST', url: string, account?: SignedIn, payload?: unknown) {
  return browserRequest(t, {
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...(account ? { cookie: account.cookie } : {}),
  });
}

async function submit(account: SignedIn, feeling: string) {
  const response = await send('POST', '/api/testimonies', account, {
    feeling,
    god_reminded: 'He is faithful.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return ownTestimonySchema.parse(response.json());
}

async function publicIds() {
  const response = await send('GET', '/api/testimonies?limit=100');
  expect(response.statusCode).toBe(200);
  return response.json<{ items: { id: string }[] }>().items.map((item) => item.id);
}

async function queue(moderator: SignedIn) {
  const response = await send('GET', '/api/moderation/testimonies?limit=100', moderator);
  expect(response.statusCode, response.body).toBe(200);
  return ownTestimonyPageSchema.parse(response.json()).items;
}

async function decide(account: SignedIn | undefined, id: string, decision: 'approve' | 'decline') {
  return send('POST', `/api/moderation/testimonies/${id}/${decision}`, account);
}

async function rowOf(id: string) {
  return t.db.selectFrom('testimonies').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

let listedSignedUp = false;

/** The account named in MODERATOR_EMAILS (signed up once, in capitals: e-mails are normalised). */
async function listedModeratorAccount(): Promise<SignedIn> {
  if (listedSignedUp) return signIn(t, { email: listedModerator, password: testPassword });
  listedSignedUp = true;
  return signUp(t, { email: listedModerator.toUpperCase() });
}

async function roleModerator(): Promise<SignedIn> {
  const account = await signUp(t);
  await t.db
    .updateTable('users')
    .set({ role: 'moderator' })
    .where('id', '=', account.user.id)
    .execute();
  return account;
}

describe('moderation permissions', () => {
  it('answers 401 to visitors on every moderation route', async () => {
    const id = randomUUID();
    expect((await send('GET', '/api/moderation/testimonies')).statusCode).toBe(401);
    expect((await decide(undefined, id, 'approve')).statusCode).toBe(401);
    expect((await decide(undefined, id, 'decline')).statusCode).toBe(401);
  });

  it('answers 403 to a member and changes nothing', async () => {
    const author = await signUp(t);
    const member = await signUp(t);
    const pending = await submit(author, 'Please approve me');
    const before = await rowOf(pending.id);

    const list = await send('GET', '/api/moderation/testimonies', member);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ error: 'FORBIDDEN', message: expect.any(String) });

    for (const decision of ['approve', 'decline'] as const) {
      const response = await decide(member, pending.id, decision);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
    // The author cannot approve their own testimony either.
    expect((await decide(author, pending.id, 'approve')).statusCode).toBe(403);

    expect(await rowOf(pending.id)).toEqual(before);
    expect(await publicIds()).not.toContain(pending.id);
  });
});

describe.each([
  ['MODERATOR_EMAILS', listedModeratorAccount],
  ['users.role', roleModerator],
])('a moderator via %s', (_how, makeModerator) => {
  it('lists pending testimonies newest first, like every list', async () => {
    const moderator = await makeModerator();
    const author = await signUp(t);
    const older = await submit(author, 'Older');
    clock.advance(60_000);
    const newer = await submit(author, 'Newer');

    const pending = await queue(moderator);
    expect(pending.every((item) => item.status === 'pending')).toBe(true);
    const ids = pending.map((item) => item.id);
    expect(ids[0]).toBe(newer.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(pending[0]).not.toHaveProperty('user_id');
  });

  it('approves and declines: the public list shows approved only; mine shows statuses', async () => {
    const moderator = await makeModerator();
    const author = await signUp(t);
    const good = await submit(author, 'To approve');
    clock.advance(1000);
    const bad = await submit(author, 'To decline');
    clock.advance(1000);
    const waiting = await submit(author, 'Still waiting');
    clock.advance(60_000);

    const approved = await decide(moderator, good.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(ownTestimonySchema.parse(approved.json())).toEqual({
      ...good,
      status: 'approved',
      is_approved: true,
    });
    expect(await rowOf(good.id)).toMatchObject({
      status: 'approved',
      is_approved: true,
      moderated_at: clock.now().toISOString(),
    });

    const declined = await decide(moderator, bad.id, 'decline');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(ownTestimonySchema.parse(declined.json())).toEqual({
      ...bad,
      status: 'declined',
      is_approved: false,
    });
    expect(await rowOf(bad.id)).toMatchObject({
      status: 'declined',
      is_approved: false,
      moderated_at: clock.now().toISOString(),
    });

    const visible = await publicIds();
    expect(visible).toContain(good.id);
    expect(visible).not.toContain(bad.id);
    expect(visible).not.toContain(waiting.id);

    const queueIds = (await queue(moderator)).map((item) => item.id);
    expect(queueIds).toContain(waiting.id);
    expect(queueIds).not.toContain(good.id);
    expect(queueIds).not.toContain(bad.id);

    const mine = await send('GET', '/api/testimonies/mine', author);
    expect(
      ownTestimonyPageSchema.parse(mine.json()).items.map((item) => [item.id, item.status]),
    ).toEqual([
      [waiting.id, 'pending'],
      [bad.id, 'declined'],
      [good.id, 'approved'],
    ]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const moderator = await makeModerator();
    for (const id of [randomUUID(), 'not-a-uuid']) {
      for (const decision of ['approve', 'decline'] as const) {
        const response = await decide(moderator, id, decision);
        expect(response.statusCode, `${decision} ${id}`).toBe(404);
        expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
      }
    }
  });
});

describePagedList(() => t, {
  url: '/api/moderation/testimonies',
  parties: async () => ({ reader: await roleModerator(), owner: await signUp(t) }),
  addRows: async (owner, times) => {
    for (const status of ['pending', 'approved', 'declined'] as const) {
      // Only the pending ones are in the queue.
      const some = status === 'pending' ? times : times.slice(0, 1);
      await t.db
        .insertInto('testimonies')
        .values(
          some.map((time) => ({
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
  },
  visibleRows: () =>
    t.db
      .selectFrom('testimonies')
      .select(['id', 'created_at as time'])
      .where('status', '=', 'pending')
      .execute(),
  timeField: 'created_at',
  isOwn: false,
});
