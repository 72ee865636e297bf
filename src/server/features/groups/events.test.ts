import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendingAs, signIn, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { deleteMembership, insertGroup } from '#tests/api-support/group-rows.ts';
import { testDialect, useTestApp } from '#tests/api-support/test-app.ts';
import { streamsPerPerson } from './events.routes.ts';

// Heartbeats every 300 ms, so that a stream whose session ended is seen to close in a test.
const t = useTestApp({ config: { liveHeartbeatMs: 300 } });

/** A running server's address (streams need a real connection, not app.inject). */
const addresses = new Map<FastifyInstance, string>();
async function origin(app: FastifyInstance): Promise<string> {
  const known = addresses.get(app);
  if (known) return known;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  addresses.set(app, url);
  return url;
}

type OpenStream = {
  status: number;
  /** Every data: event so far, parsed. */
  events: Record<string, unknown>[];
  ended: Promise<void>;
  isEnded: () => boolean;
  waitFor: (test: (event: Record<string, unknown>) => boolean, ms?: number) => Promise<void>;
  close: () => void;
};

const opened: OpenStream[] = [];
afterAll(() => {
  for (const stream of opened) stream.close();
});

async function openStream(
  app: FastifyInstance,
  groupId: string,
  account?: SignedIn,
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${await origin(app)}/api/groups/${groupId}/events`, {
    headers: account ? { cookie: account.cookie } : {},
    signal: controller.signal,
  });
  const events: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split('\n'))
            if (line.startsWith('data: '))
              events.push(JSON.parse(line.slice(6)) as Record<string, unknown>);
          for (const wake of waiters) wake();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close()
    } finally {
      ended = true;
      for (const wake of waiters) wake();
    }
  })();
  const stream: OpenStream = {
    status: response.status,
    events,
    ended: reading,
    isEnded: () => ended,
    waitFor: (test, ms = 2000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (events.some(test)) {
            cleanup();
            resolve();
          } else if (ended) {
            cleanup();
            reject(new Error(`the stream ended without it: ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`not within ${ms} ms: ${JSON.stringify(events)}`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
  opened.push(stream);
  return stream;
}

describe('a group page’s live stream', () => {
  it('carries what changed to a member, naming only the kind and the request', async () => {
    const owner = await signUp(t);
    const member = await signUp(t);
    const groupId = await insertGroup(t.db, owner.user.id, [{ userId: member.user.id }]);
    const stream = await openStream(t.app, groupId, member);
    expect(stream.status).toBe(200);

    t.app.groupEvents.publish({ group_id: groupId, type: 'prayed', post_id: 'p1' });
    await stream.waitFor((event) => event.type === 'prayed');
    expect(stream.events).toEqual([{ type: 'prayed', post_id: 'p1' }]);
    // Another group's events never reach it.
    const other = await insertGroup(t.db, owner.user.id);
    t.app.groupEvents.publish({ group_id: other, type: 'posts' });
    t.app.groupEvents.publish({ group_id: groupId, type: 'reading' });
    await stream.waitFor((event) => event.type === 'reading');
    expect(stream.events.map((event) => event.type)).toEqual(['prayed', 'reading']);
    stream.close();
  });

  it('is refused to a visitor (401), a member of another group and an unknown id (404)', async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const groupId = await insertGroup(t.db, owner.user.id);
    await insertGroup(t.db, stranger.user.id);
    expect((await openStream(t.app, groupId)).status).toBe(401);
    expect((await openStream(t.app, groupId, stranger)).status).toBe(404);
    expect((await openStream(t.app, '__proto__', stranger)).status).toBe(404);
  });

  it('closes at once for a removed member, and lets them open no other', async () => {
    const owner = await signUp(t);
    const member = await signUp(t);
    const groupId = await insertGroup(t.db, owner.user.id, [{ userId: member.user.id }]);
    const mine = await openStream(t.app, groupId, member);
    const owners = await openStream(t.app, groupId, owner);

    await deleteMembership(t.db, groupId, member.user.id);
    t.app.groupEvents.publish({ group_id: groupId, type: 'removed', user_id: member.user.id });
    await mine.waitFor((event) => event.type === 'removed');
    await mine.ended;
    expect(mine.isEnded()).toBe(true);
    // The others' streams hear that the members changed, not who was removed, and stay open.
    await owners.waitFor((event) => event.type === 'members');
    expect(owners.isEnded()).toBe(false);
    expect(JSON.stringify(owners.events)).not.toContain(member.user.id);
    expect((await openStream(t.app, groupId, member)).status).toBe(404);
    owners.close();
  });

  it('closes with its session: signed out here, or everywhere from another device', async () => {
    const owner = await signUp(t);
    const member = await signUp(t);
    const groupId = await insertGroup(t.db, owner.user.id, [{ userId: member.user.id }]);
    const mine = await openStream(t.app, groupId, member);
    const owners = await openStream(t.app, groupId, owner);
    expect(mine.status).toBe(200);

    const send = sendingAs(t);
    expect((await send('POST', '/api/auth/signout', member)).statusCode).toBe(204);
    await mine.ended;
    expect(mine.isEnded()).toBe(true);
    // The same cookie opens no new stream.
    expect((await openStream(t.app, groupId, member)).status).toBe(401);
    // Another person's stream, whose session lives, stays open through the beats.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(owners.isEnded()).toBe(false);

    const again = await signUp(t);
    const otherGroup = await insertGroup(t.db, again.user.id);
    const phone = await openStream(t.app, otherGroup, again);
    expect(phone.status).toBe(200);
    // 'Sign out everywhere' from another session of the same person.
    const laptop = await signIn(t, again);
    const everywhere = await send('POST', '/api/auth/signout-all', laptop);
    expect(everywhere.statusCode, everywhere.body).toBe(204);
    await phone.ended;
    expect(phone.isEnded()).toBe(true);
    owners.close();
  });

  it('closes every stream when the group is deleted', async () => {
    const owner = await signUp(t);
    const member = await signUp(t);
    const groupId = await insertGroup(t.db, owner.user.id, [{ userId: member.user.id }]);
    const streams = [
      await openStream(t.app, groupId, owner),
      await openStream(t.app, groupId, member),
    ];
    t.app.groupEvents.publish({ group_id: groupId, type: 'removed' });
    await Promise.all(streams.map((stream) => stream.ended));
    expect(streams.every((stream) => stream.isEnded())).toBe(true);
  });

  it(`holds at most ${streamsPerPerson} open streams per person on an instance`, async () => {
    const owner = await signUp(t);
    const groupId = await insertGroup(t.db, owner.user.id);
    const streams = [];
    for (let index = 0; index < streamsPerPerson; index += 1)
      streams.push(await openStream(t.app, groupId, owner));
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    const refused = await fetch(`${await origin(t.app)}/api/groups/${groupId}/events`, {
      headers: { cookie: owner.cookie },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    // Closing one makes room again.
    streams[0]?.close();
    await expect
      .poll(async () => {
        const again = await openStream(t.app, groupId, owner);
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const stream of streams) stream.close();
  });

  it('ends when its server closes', async () => {
    const owner = await signUp(t);
    const groupId = await insertGroup(t.db, owner.user.id);
    const instance = await t.startAnotherInstance();
    const stream = await openStream(instance, groupId, owner);
    expect(stream.status).toBe(200);
    await instance.close();
    await stream.ended;
    expect(stream.isEnded()).toBe(true);
  });

  it(
    testDialect() === 'postgres'
      ? 'reaches a client of another instance within 2 s (PostgreSQL LISTEN/NOTIFY)'
      : 'reaches a client of the same instance (SQLite: one instance, in process)',
    async () => {
      const owner = await signUp(t);
      const member = await signUp(t);
      const groupId = await insertGroup(t.db, owner.user.id, [{ userId: member.user.id }]);
      const instanceB = t.dialect === 'postgres' ? await t.startAnotherInstance() : t.app;
      const onB = await openStream(instanceB, groupId, member);
      const onA = await openStream(t.app, groupId, owner);
      expect(onB.status).toBe(200);

      t.app.groupEvents.publish({ group_id: groupId, type: 'posts' });
      await onB.waitFor((event) => event.type === 'posts', 2000);
      // Delivered once on each instance: the sender's own echo is not delivered again.
      await onA.waitFor((event) => event.type === 'posts', 2000);
      instanceB.groupEvents.publish({ group_id: groupId, type: 'reading' });
      await onA.waitFor((event) => event.type === 'reading', 2000);
      await onB.waitFor((event) => event.type === 'reading', 2000);
      expect(onA.events.filter((event) => event.type === 'posts')).toHaveLength(1);
      expect(onB.events.filter((event) => event.type === 'posts')).toHaveLength(1);

      // A request shared through the API on instance A reaches the client on B within 2 s.
      const shared = await sendingAs(t)('POST', `/api/groups/${groupId}/posts`, owner, {
        text: 'Pray for our week.',
      });
      expect(shared.statusCode, shared.body).toBe(201);
      await onB.waitFor(
        (event) =>
          event.type === 'posts' && onB.events.filter((e) => e.type === 'posts').length === 2,
        2000,
      );
      onA.close();
      onB.close();
    },
  );
});
