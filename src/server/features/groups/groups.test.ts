import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { newRowId } from '#server/db/ids.ts';
import { libraryPlanSummary, readingPlanId } from '#shared/plans/library.ts';
import {
  groupInviteSchema,
  groupListSchema,
  groupMemberPageSchema,
  groupSchema,
} from '#shared/schemas/groups.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { insertGroup } from '#tests/api-support/group-rows.ts';
import { walkPages } from '#tests/api-support/page-contract.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });
const send = sendingAs(t);

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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

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

describe('every group route', () => {
  /** Each route of a group, with a body it would take from someone allowed. */
  function routesOf(groupId: string, memberId: string, inviteId: string) {
    return [
      ['GET', `/api/groups/${groupId}`],
      ['PATCH', `/api/groups/${groupId}`, { name: 'Taken' }],
      ['DELETE', `/api/groups/${groupId}`],
      ['POST', `/api/groups/${groupId}/leave`],
      ['GET', `/api/groups/${groupId}/members`],
      ['PATCH', `/api/groups/${groupId}/members/${memberId}`, { role: 'leader' }],
      ['DELETE', `/api/groups/${groupId}/members/${memberId}`],
      ['POST', `/api/groups/${groupId}/owner`, { user_id: memberId }],
      ['GET', `/api/groups/${groupId}/invites`],
      ['POST', `/api/groups/${groupId}/invites`, {}],
      ['DELETE', `/api/groups/${groupId}/invites/${inviteId}`],
    ] as const;
  }

  it('answers a visitor 401, and a removed member or another group’s member 404, changing nothing', async () => {
    const { owner, leader, member, group } = await groupOfThree();
    const { id: inviteId } = await invite(owner, group.id);
    const elsewhere = await signUp(t);
    await createGroup(elsewhere, 'Another group');
    const removed = await signUp(t);
    const { token } = await invite(owner, group.id);
    expect((await accept(removed, token)).statusCode).toBe(200);
    expect(
      (await send('DELETE', `/api/groups/${group.id}/members/${removed.user.id}`, leader))
        .statusCode,
    ).toBe(204);

    for (const [method, url, body] of routesOf(group.id, member.user.id, inviteId)) {
      const label = `${method} ${url}`;
      expect((await send(method, url, undefined, body)).statusCode, label).toBe(401);
      for (const outsider of [elsewhere, removed]) {
        const response = await send(method, url, outsider, body);
        expect(response.statusCode, label).toBe(404);
        expect(response.json(), label).toMatchObject({ message: 'That group was not found.' });
      }
    }
    const kept = groupSchema.parse((await send('GET', `/api/groups/${group.id}`, owner)).json());
    expect(kept).toMatchObject({ name: 'Home Group', member_count: 3 });
    const members = groupMemberPageSchema.parse(
      (await send('GET', `/api/groups/${group.id}/members`, member)).json(),
    );
    const roles = new Map(members.items.map((row) => [row.user_id, row.role]));
    expect(roles).toEqual(
      new Map([
        [owner.user.id, 'owner'],
        [leader.user.id, 'leader'],
        [member.user.id, 'member'],
      ]),
    );
  });

  it('answers a member 403 on leaders’ acts and a leader 403 on the owner’s', async () => {
    const { owner, leader, member, group } = await groupOfThree();
    const { id: inviteId } = await invite(owner, group.id);
    const forbidden = (account: SignedIn, method: Method, url: string, body?: object) =>
      send(method, url, account, body).then((response) => response.statusCode);
    const leaders = [
      ['GET', `/api/groups/${group.id}/invites`],
      ['POST', `/api/groups/${group.id}/invites`, {}],
      ['DELETE', `/api/groups/${group.id}/invites/${inviteId}`],
      ['DELETE', `/api/groups/${group.id}/members/${leader.user.id}`],
    ] as const;
    const owners = [
      ['PATCH', `/api/groups/${group.id}`, { name: 'Taken' }],
      ['DELETE', `/api/groups/${group.id}`],
      ['PATCH', `/api/groups/${group.id}/members/${member.user.id}`, { role: 'leader' }],
      ['POST', `/api/groups/${group.id}/owner`, { user_id: leader.user.id }],
    ] as const;
    for (const [method, url, body] of [...leaders, ...owners])
      expect(await forbidden(member, method, url, body), `${method} ${url}`).toBe(403);
    for (const [method, url, body] of owners)
      expect(await forbidden(leader, method, url, body), `${method} ${url}`).toBe(403);
    expect(await memberCount(group.id)).toBe(3);
    const kept = groupSchema.parse((await send('GET', `/api/groups/${group.id}`, owner)).json());
    expect(kept).toMatchObject({ name: 'Home Group', my_role: 'owner' });
  });

  it('answers 404, not 500, for ids that are no row ids', async () => {
    const { owner, group } = await groupOfThree();
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      for (const [method, url, body] of routesOf(id, id, id))
        expect((await send(method, url, owner, body)).statusCode, `${method} ${url}`).toBe(404);
      for (const [method, url, body] of [
        ['PATCH', `/api/groups/${group.id}/members/${id}`, { role: 'leader' }],
        ['DELETE', `/api/groups/${group.id}/members/${id}`],
        ['POST', `/api/groups/${group.id}/owner`, { user_id: id }],
        ['DELETE', `/api/groups/${group.id}/invites/${id}`],
      ] as const)
        expect((await send(method, url, owner, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // An id far too long is refused before any query.
    const long = await send('GET', `/api/groups/${'x'.repeat(300)}`, owner);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'BAD_REQUEST' });
  });

  it('keeps the owner’s role: not changed, removed, or passed to themselves', async () => {
    const { owner, group } = await groupOfThree();
    const self = await send('PATCH', `/api/groups/${group.id}/members/${owner.user.id}`, owner, {
      role: 'member',
    });
    expect(self.statusCode).toBe(409);
    expect(
      (await send('DELETE', `/api/groups/${group.id}/members/${owner.user.id}`, owner)).statusCode,
    ).toBe(409);
    expect(
      (await send('POST', `/api/groups/${group.id}/owner`, owner, { user_id: owner.user.id }))
        .statusCode,
    ).toBe(409);
    const kept = groupSchema.parse((await send('GET', `/api/groups/${group.id}`, owner)).json());
    expect(kept.my_role).toBe('owner');
  });

  it('tells open pages what changed: the removed member to leave, the rest to refetch', async () => {
    const { owner, leader, member, group } = await groupOfThree();
    const heard: unknown[] = [];
    const stop = t.app.groupEvents.subscribe(group.id, (message) => heard.push(message));
    try {
      await send('PATCH', `/api/groups/${group.id}`, owner, { description: 'New words.' });
      await send('DELETE', `/api/groups/${group.id}/members/${member.user.id}`, leader);
      await send('POST', `/api/groups/${group.id}/leave`, leader);
      await send('DELETE', `/api/groups/${group.id}`, owner);
    } finally {
      stop();
    }
    expect(heard).toEqual([
      { group_id: group.id, type: 'group' },
      { group_id: group.id, type: 'removed', user_id: member.user.id },
      { group_id: group.id, type: 'members' },
      { group_id: group.id, type: 'removed', user_id: leader.user.id },
      { group_id: group.id, type: 'members' },
      { group_id: group.id, type: 'removed' },
    ]);
  });

  it('names a member without a profile name sensibly, and shows the group’s plan', async () => {
    const owner = await signUp(t);
    const quiet = await signUp(t);
    await t.db.deleteFrom('profiles').where('user_id', '=', quiet.user.id).execute();
    const groupId = await insertGroup(t.db, owner.user.id, [{ userId: quiet.user.id }]);
    const members = groupMemberPageSchema.parse(
      (await send('GET', `/api/groups/${groupId}/members`, owner)).json(),
    );
    expect(members.items[1]).toMatchObject({
      user_id: quiet.user.id,
      display_name: 'A member',
      profile_image_url: null,
    });
    await t.db
      .updateTable('groups')
      .set({ plan_id: 'no-such-plan', plan_start_date: '2026-06-01' })
      .where('id', '=', groupId)
      .execute();
    const unknown = groupSchema.parse((await send('GET', `/api/groups/${groupId}`, quiet)).json());
    expect(unknown.plan).toBeNull();
    await t.db
      .updateTable('groups')
      .set({ plan_id: readingPlanId })
      .where('id', '=', groupId)
      .execute();
    const known = groupSchema.parse((await send('GET', `/api/groups/${groupId}`, quiet)).json());
    const summary = libraryPlanSummary(readingPlanId);
    expect(known.plan).toEqual({
      plan_id: readingPlanId,
      title: summary.title,
      start_date: '2026-06-01',
      days: summary.days,
    });
  });
});
