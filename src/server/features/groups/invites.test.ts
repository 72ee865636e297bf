import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { newRowId } from '#server/db/ids.ts';
import {
  groupInviteListSchema,
  groupInviteSchema,
  groupSchema,
  invitePreviewSchema,
} from '#shared/schemas/groups.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { insertGroup } from '#tests/api-support/group-rows.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });
const send = sendingAs(t);
const day = 24 * 60 * 60 * 1000;
const gone = 'This invite link is no longer valid. Ask the group for a new one.';

async function createGroup(account: SignedIn, name = 'Home Group') {
  const response = await send('POST', '/api/groups', account, { name, description: 'We pray.' });
  expect(response.statusCode, response.body).toBe(201);
  return groupSchema.parse(response.json());
}

async function invite(account: SignedIn, groupId: string, body: Record<string, unknown> = {}) {
  const response = await send('POST', `/api/groups/${groupId}/invites`, account, body);
  expect(response.statusCode, response.body).toBe(201);
  const made = groupInviteSchema.parse(response.json());
  const token = made.url?.split('/').at(-1) ?? '';
  return { ...made, token };
}

const accept = (account: SignedIn, token: string) =>
  send('POST', `/api/group-invites/${token}/accept`, account);

const memberCount = async (groupId: string) =>
  (
    await t.db
      .selectFrom('groups')
      .select('member_count')
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow()
  ).member_count;

const usesOf = async (inviteId: string) =>
  (
    await t.db
      .selectFrom('group_invites')
      .select('uses')
      .where('id', '=', inviteId)
      .executeTakeFirstOrThrow()
  ).uses;

describe('invite links', () => {
  it('show the group’s name to whoever holds one, and let a person in once', async () => {
    const owner = await signUp(t);
    const group = await createGroup(owner, 'Psalms at dawn');
    const made = await invite(owner, group.id);
    expect(made.url).toMatch(/^\/groups\/join\/[A-Za-z0-9_-]{43}$/);
    expect(made.expires_at).toBe(new Date(clock.now().getTime() + 7 * day).toISOString());
    const preview = await send('GET', `/api/group-invites/${made.token}`);
    expect(invitePreviewSchema.parse(preview.json())).toMatchObject({
      group_name: 'Psalms at dawn',
      member_count: 1,
      group_id: null,
    });
    expect(preview.body).not.toContain(owner.user.id);

    const friend = await signUp(t);
    expect((await accept(friend, made.token)).json()).toEqual({ group_id: group.id });
    // Twice is once.
    expect((await accept(friend, made.token)).statusCode).toBe(200);
    expect(await memberCount(group.id)).toBe(2);
    const again = invitePreviewSchema.parse(
      (await send('GET', `/api/group-invites/${made.token}`, friend)).json(),
    );
    expect(again.group_id).toBe(group.id);
    // The token itself is never stored.
    const stored = await t.db.selectFrom('group_invites').select('token_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(made.token);
  });

  it('stop working when they expire, are used up or revoked', async () => {
    const owner = await signUp(t);
    const group = await createGroup(owner);

    const short = await invite(owner, group.id, { days: 1 });
    const once = await invite(owner, group.id, { max_uses: 1 });
    const revoked = await invite(owner, group.id);
    expect(
      (await send('DELETE', `/api/groups/${group.id}/invites/${revoked.id}`, owner)).statusCode,
    ).toBe(204);

    const first = await signUp(t);
    const second = await signUp(t);
    expect((await accept(first, once.token)).statusCode).toBe(200);
    const usedUp = await accept(second, once.token);
    expect(usedUp.statusCode).toBe(404);
    expect(usedUp.json()).toMatchObject({ message: gone });
    expect((await accept(second, revoked.token)).statusCode).toBe(404);
    expect((await send('GET', `/api/group-invites/${revoked.token}`)).statusCode).toBe(404);

    clock.advance(day + 1000);
    expect((await accept(second, short.token)).statusCode).toBe(404);
    expect(await memberCount(group.id)).toBe(2);
    for (const token of ['nope', 'x'.repeat(43), '__proto__'])
      expect((await send('GET', `/api/group-invites/${token}`)).statusCode, token).toBe(404);
  });

  it('refuse bad days and uses, and a visitor joining', async () => {
    const owner = await signUp(t);
    const group = await createGroup(owner);
    for (const body of [{ days: 0 }, { days: 31 }, { max_uses: 0 }, { max_uses: 501 }]) {
      const response = await send('POST', `/api/groups/${group.id}/invites`, owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const { token } = await invite(owner, group.id);
    expect((await send('POST', `/api/group-invites/${token}/accept`)).statusCode).toBe(401);
  });

  it('give the last use of a link to one of two people at once', async () => {
    const owner = await signUp(t);
    const group = await createGroup(owner);
    const { token } = await invite(owner, group.id, { max_uses: 1 });
    const [a, b] = [await signUp(t), await signUp(t)];
    const answers = await Promise.all([accept(a, token), accept(b, token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(await memberCount(group.id)).toBe(2);
  });
});

describe('invite links, further', () => {
  it('are listed and revoked by leaders only, each group its own links', async () => {
    const owner = await signUp(t);
    const member = await signUp(t);
    const leader = await signUp(t);
    const groupId = await insertGroup(t.db, owner.user.id, [
      { userId: member.user.id },
      { userId: leader.user.id, role: 'leader' },
    ]);
    const made = await invite(leader, groupId, { days: 3, max_uses: 5 });
    const listed = groupInviteListSchema.parse(
      (await send('GET', `/api/groups/${groupId}/invites`, owner)).json(),
    );
    expect(listed.items).toEqual([
      {
        id: made.id,
        created_at: clock.now().toISOString(),
        expires_at: new Date(clock.now().getTime() + 3 * day).toISOString(),
        max_uses: 5,
        uses: 0,
        revoked_at: null,
      },
    ]);
    // The token is shown once, when made; the list never holds it.
    expect(JSON.stringify(listed)).not.toContain(made.token);
    const byMember = await send('DELETE', `/api/groups/${groupId}/invites/${made.id}`, member);
    expect(byMember.statusCode).toBe(403);

    // Another group's owner cannot reach this link through their own group.
    const stranger = await signUp(t);
    const theirs = await createGroup(stranger, 'Elsewhere');
    const across = await send('DELETE', `/api/groups/${theirs.id}/invites/${made.id}`, stranger);
    expect(across.statusCode).toBe(404);
    for (const id of ['__proto__', 'constructor', newRowId()]) {
      const response = await send('DELETE', `/api/groups/${groupId}/invites/${id}`, leader);
      expect(response.statusCode, id).toBe(404);
    }
    expect((await accept(stranger, made.token)).statusCode).toBe(200);

    expect(
      (await send('DELETE', `/api/groups/${groupId}/invites/${made.id}`, leader)).statusCode,
    ).toBe(204);
    const revoked = groupInviteListSchema.parse(
      (await send('GET', `/api/groups/${groupId}/invites`, leader)).json(),
    );
    expect(revoked.items[0]).toMatchObject({ uses: 1, revoked_at: clock.now().toISOString() });
    const late = await signUp(t);
    const refused = await accept(late, made.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: gone });
    expect(await memberCount(groupId)).toBe(4);
  });

  it('are at most 20 open at once per group; a revoked or expired one frees a place', async () => {
    const owner = await signUp(t);
    const group = await createGroup(owner);
    const made = [];
    for (let index = 0; index < 20; index += 1)
      made.push(await invite(owner, group.id, { days: index === 0 ? 1 : 7 }));
    const tooMany = await send('POST', `/api/groups/${group.id}/invites`, owner, {});
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ error: 'CONFLICT' });
    await send('DELETE', `/api/groups/${group.id}/invites/${made[1]?.id ?? ''}`, owner);
    await invite(owner, group.id);
    expect((await send('POST', `/api/groups/${group.id}/invites`, owner, {})).statusCode).toBe(409);
    clock.advance(day + 1000);
    await invite(owner, group.id);
  });

  it('let nobody in once the person is in 20 groups, counting no use', async () => {
    const owner = await signUp(t);
    const group = await createGroup(owner);
    const made = await invite(owner, group.id);
    const busy = await signUp(t);
    for (let index = 0; index < 20; index += 1)
      await insertGroup(t.db, busy.user.id, [], `Group ${index}`);
    const refused = await accept(busy, made.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'You can be in at most 20 groups. Leave one to create or join another.',
    });
    expect(await memberCount(group.id)).toBe(1);
    expect(await usesOf(made.id)).toBe(0);
  });

  it('count no use when a member opens their own link again', async () => {
    const owner = await signUp(t);
    const group = await createGroup(owner);
    const made = await invite(owner, group.id, { max_uses: 1 });
    expect((await accept(owner, made.token)).json()).toEqual({ group_id: group.id });
    expect(await usesOf(made.id)).toBe(0);
    expect(await memberCount(group.id)).toBe(1);
  });

  it('tell every open page of the group that someone joined', async () => {
    const owner = await signUp(t);
    const group = await createGroup(owner);
    const made = await invite(owner, group.id);
    const heard: unknown[] = [];
    const stop = t.app.groupEvents.subscribe(group.id, (message) => heard.push(message));
    try {
      expect((await accept(await signUp(t), made.token)).statusCode).toBe(200);
    } finally {
      stop();
    }
    expect(heard).toEqual([{ group_id: group.id, type: 'members' }]);
  });

  it('refuse a token of other characters as no longer valid, and one far too long', async () => {
    const member = await signUp(t);
    for (const token of ['%F0%9F%99%8F'.repeat(4), 'a.b.c.d.e.f.g.h.i.j.k.l.m', 'A'.repeat(19)]) {
      const preview = await send('GET', `/api/group-invites/${token}`);
      expect(preview.statusCode, token).toBe(404);
      expect(preview.json()).toMatchObject({ message: gone });
      expect((await accept(member, token)).statusCode, token).toBe(404);
    }
    // The router refuses a parameter over 100 characters before any hashing or query.
    const long = 'A'.repeat(5000);
    expect((await send('GET', `/api/group-invites/${long}`)).statusCode).toBe(400);
    expect((await accept(member, long)).statusCode).toBe(400);
  });
});
