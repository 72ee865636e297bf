import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { newRowId } from '#server/db/ids.ts';
import {
  groupInviteSchema,
  groupListSchema,
  groupMemberPageSchema,
  groupSchema,
  invitePreviewSchema,
} from '#shared/schemas/groups.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { insertGroup } from '#tests/api-support/group-rows.ts';
import { walkPages } from '#tests/api-support/page-contract.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });
const send = sendingAs(t);
const day = 24 * 60 * 60 * 1000;

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

/** A group with an owner, a leader and a member, joined through a link as people would. */
async function groupOfThree() {
  const owner = await signUp(t, { display_name: 'Ruth' });
  const leader = await signUp(t, { display_name: 'Naomi' });
  const member = await signUp(t, { display_name: 'Boaz' });
  const group = await createGroup(owner);
  const { token } = await invite(owner, group.id);
  for (const account of [leader, member])
    expect((await accept(account, token)).statusCode).toBe(200);
  const named = await send('PATCH', `/api/groups/${group.id}/members/${leader.user.id}`, owner, {
    role: 'leader',
  });
  expect(named.statusCode, named.body).toBe(200);
  return { owner, leader, member, group };
}

const memberCount = async (groupId: string) =>
  (
    await t.db
      .selectFrom('groups')
      .select('member_count')
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow()
  ).member_count;

describe('groups', () => {
  it('are made by a member, who owns them, and listed with their role', async () => {
    const owner = await signUp(t, { display_name: 'Lydia' });
    const group = await createGroup(owner, '  Thursday Group  ');
    expect(group).toMatchObject({
      name: 'Thursday Group',
      description: 'We pray.',
      my_role: 'owner',
      member_count: 1,
      owner: { user_id: owner.user.id, display_name: 'Lydia' },
      plan: null,
    });
    const list = groupListSchema.parse((await send('GET', '/api/groups', owner)).json());
    expect(list.items.map((item) => [item.name, item.my_role])).toEqual([
      ['Thursday Group', 'owner'],
    ]);
  });

  it('refuse a name that is empty or over 80 characters, and a description over 500', async () => {
    const owner = await signUp(t);
    for (const body of [
      { name: '   ' },
      { name: 'x'.repeat(81) },
      { name: 'Fine', description: 'x'.repeat(501) },
      { name: 42 },
    ]) {
      const response = await send('POST', '/api/groups', owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
    expect(groupListSchema.parse((await send('GET', '/api/groups', owner)).json()).items).toEqual(
      [],
    );
  });

  it('are seen only by their members: a visitor 401, anyone else 404', async () => {
    const { owner, member, group } = await groupOfThree();
    const stranger = await signUp(t);
    await createGroup(stranger, 'Another group');
    const paths = [
      `/api/groups/${group.id}`,
      `/api/groups/${group.id}/members`,
      `/api/groups/${group.id}/invites`,
    ];
    for (const path of paths) {
      expect((await send('GET', path)).statusCode, path).toBe(401);
      expect((await send('GET', path, stranger)).statusCode, path).toBe(404);
    }
    for (const id of ['__proto__', 'constructor', newRowId()]) {
      expect((await send('GET', `/api/groups/${id}`, owner)).statusCode, id).toBe(404);
    }
    // A removed member is a stranger at once.
    expect(
      (await send('DELETE', `/api/groups/${group.id}/members/${member.user.id}`, owner)).statusCode,
    ).toBe(204);
    for (const path of paths) expect((await send('GET', path, member)).statusCode, path).toBe(404);
    expect(await memberCount(group.id)).toBe(2);
  });

  it('give leaders the members and links, and the owner the group itself', async () => {
    const { owner, leader, member, group } = await groupOfThree();
    // A member may read the members, not the links, and may change nothing.
    expect((await send('GET', `/api/groups/${group.id}/members`, member)).statusCode).toBe(200);
    expect((await send('GET', `/api/groups/${group.id}/invites`, member)).statusCode).toBe(403);
    expect((await send('POST', `/api/groups/${group.id}/invites`, member, {})).statusCode).toBe(
      403,
    );
    // A leader makes links and removes members, but not leaders, and cannot rename.
    expect((await send('POST', `/api/groups/${group.id}/invites`, leader, {})).statusCode).toBe(
      201,
    );
    const renamed = await send('PATCH', `/api/groups/${group.id}`, leader, { name: 'Mine now' });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json()).toMatchObject({ message: 'Only the group’s owner can do that.' });
    expect(
      (
        await send('PATCH', `/api/groups/${group.id}/members/${member.user.id}`, leader, {
          role: 'leader',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await send('DELETE', `/api/groups/${group.id}/members/${owner.user.id}`, leader)).statusCode,
    ).toBe(403);
    const second = await signUp(t);
    await send('PATCH', `/api/groups/${group.id}/members/${second.user.id}`, owner, {
      role: 'leader',
    });
    expect((await send('DELETE', `/api/groups/${group.id}`, leader)).statusCode).toBe(403);
    expect(
      (await send('DELETE', `/api/groups/${group.id}/members/${member.user.id}`, leader))
        .statusCode,
    ).toBe(204);
    // The owner renames it and removes the leader.
    const patched = await send('PATCH', `/api/groups/${group.id}`, owner, { name: 'Fridays' });
    expect(groupSchema.parse(patched.json()).name).toBe('Fridays');
    expect(
      (await send('DELETE', `/api/groups/${group.id}/members/${leader.user.id}`, owner)).statusCode,
    ).toBe(204);
    expect(await memberCount(group.id)).toBe(1);
  });

  it('pass to another member, the old owner leading on', async () => {
    const { owner, member, group } = await groupOfThree();
    const passed = await send('POST', `/api/groups/${group.id}/owner`, owner, {
      user_id: member.user.id,
    });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(groupSchema.parse(passed.json())).toMatchObject({
      my_role: 'leader',
      owner: { user_id: member.user.id },
    });
    expect((await send('DELETE', `/api/groups/${group.id}`, owner)).statusCode).toBe(403);
    const stranger = await signUp(t);
    const toStranger = await send('POST', `/api/groups/${group.id}/owner`, member, {
      user_id: stranger.user.id,
    });
    expect(toStranger.statusCode).toBe(404);
  });

  it('let members leave, but the owner only once alone (the group then goes)', async () => {
    const { owner, leader, member, group } = await groupOfThree();
    const refused = await send('POST', `/api/groups/${group.id}/leave`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Pass the group on to another member before you leave.',
    });
    for (const account of [member, leader])
      expect((await send('POST', `/api/groups/${group.id}/leave`, account)).statusCode).toBe(204);
    expect((await send('GET', `/api/groups/${group.id}`, member)).statusCode).toBe(404);
    expect((await send('POST', `/api/groups/${group.id}/leave`, owner)).statusCode).toBe(204);
    expect(
      await t.db.selectFrom('groups').select('id').where('id', '=', group.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('are deleted by their owner, with everything in them', async () => {
    const { owner, member, group } = await groupOfThree();
    expect((await send('DELETE', `/api/groups/${group.id}`, owner)).statusCode).toBe(204);
    expect((await send('GET', `/api/groups/${group.id}`, member)).statusCode).toBe(404);
    const left = await t.db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', group.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('list their members a page at a time, oldest first, each once', async () => {
    const owner = await signUp(t);
    const others = [];
    for (let index = 0; index < 7; index += 1) others.push(await signUp(t));
    const groupId = await insertGroup(
      t.db,
      owner.user.id,
      others.map((account) => ({ userId: account.user.id })),
    );
    const seen = await walkPages(async (cursor) => {
      const response = await send(
        'GET',
        `/api/groups/${groupId}/members?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        owner,
      );
      expect(response.statusCode, response.body).toBe(200);
      return groupMemberPageSchema.parse(response.json());
    });
    expect(seen.flat().map((row) => row.user_id)).toEqual([
      owner.user.id,
      ...others.map((account) => account.user.id),
    ]);
    // No e-mail leaves: the group sees names and pictures only.
    const page = await send('GET', `/api/groups/${groupId}/members`, owner);
    expect(page.body).not.toContain('@');
  });
});

describe('the limits', () => {
  it('keep a person to 20 groups and a group to 500 members, half-writing nothing', async () => {
    const busy = await signUp(t);
    for (let index = 0; index < 20; index += 1)
      await insertGroup(t.db, busy.user.id, [], `Group ${index}`);
    const tooMany = await send('POST', '/api/groups', busy, { name: 'One more' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      message: 'You can be in at most 20 groups. Leave one to create or join another.',
    });

    const owner = await signUp(t);
    const group = await createGroup(owner);
    const { token } = await invite(owner, group.id);
    const joining = await accept(busy, token);
    expect(joining.statusCode).toBe(409);
    expect(await memberCount(group.id)).toBe(1);

    // A group at 500 (seats counted as the joins keep them) refuses the 501st.
    await t.db
      .updateTable('groups')
      .set({ member_count: 500 })
      .where('id', '=', group.id)
      .execute();
    const late = await signUp(t);
    const full = await accept(late, token);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      message: 'This group is full: a group can have at most 500 members.',
    });
    expect(await memberCount(group.id)).toBe(500);
    const uses = await t.db
      .selectFrom('group_invites')
      .select('uses')
      .where('group_id', '=', group.id)
      .executeTakeFirstOrThrow();
    expect(uses.uses).toBe(0);
  });

  it('give the last seat to one of two people joining at once', async () => {
    const owner = await signUp(t);
    const group = await createGroup(owner);
    const { token } = await invite(owner, group.id);
    await t.db
      .updateTable('groups')
      .set({ member_count: 499 })
      .where('id', '=', group.id)
      .execute();
    const [a, b] = [await signUp(t), await signUp(t)];
    const answers = await Promise.all([accept(a, token), accept(b, token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await memberCount(group.id)).toBe(500);
  });
});

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
    const gone = 'This invite link is no longer valid. Ask the group for a new one.';

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
