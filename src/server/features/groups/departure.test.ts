import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connect.ts';
import { newRowId } from '#server/db/ids.ts';
import {
  browserRequest,
  signUp,
  testPassword,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { insertGroup } from '#tests/api-support/group-rows.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';
import { leaveEveryGroup } from './departure.service.ts';

const t = useTestApp();

function deleteAccount(account: SignedIn) {
  return browserRequest(t, {
    method: 'DELETE',
    url: '/api/account',
    payload: { password: testPassword },
    cookie: account.cookie,
  });
}

async function post(db: Db, groupId: string, authorId: string, text: string): Promise<string> {
  const id = newRowId();
  const now = new Date().toISOString();
  await db
    .insertInto('group_posts')
    .values({
      id,
      group_id: groupId,
      author_id: authorId,
      is_anonymous: false,
      text,
      prayer_request_id: null,
      answered_at: null,
      answer_note: null,
      hidden_at: null,
      hidden_by: null,
      prayed_count: 0,
      reply_count: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function reply(db: Db, groupId: string, postId: string, authorId: string, text: string) {
  await db
    .insertInto('group_replies')
    .values({
      id: newRowId(),
      post_id: postId,
      group_id: groupId,
      author_id: authorId,
      kind: 'encouragement',
      text,
      hidden_at: null,
      hidden_by: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  await db
    .updateTable('group_posts')
    .set((eb) => ({ reply_count: eb('reply_count', '+', 1) }))
    .where('id', '=', postId)
    .execute();
}

async function prayed(db: Db, postId: string, userId: string, day: string) {
  await db
    .insertInto('group_prayed')
    .values({ post_id: postId, user_id: userId, day, created_at: new Date().toISOString() })
    .execute();
  await db
    .updateTable('group_posts')
    .set((eb) => ({ prayed_count: eb('prayed_count', '+', 1) }))
    .where('id', '=', postId)
    .execute();
}

const groupOf = (id: string) =>
  t.db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
const postOf = (id: string) =>
  t.db.selectFrom('group_posts').selectAll().where('id', '=', id).executeTakeFirst();
const roleOf = async (groupId: string, userId: string) =>
  (
    await t.db
      .selectFrom('group_members')
      .select('role')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
  )?.role;

describe('deleting an account, for its groups', () => {
  it('passes a group to the longest-standing leader, before any longer-standing member', async () => {
    const owner = await signUp(t);
    const member = await signUp(t);
    const leader = await signUp(t);
    const groupId = await insertGroup(t.db, owner.user.id, [
      { userId: member.user.id },
      { userId: leader.user.id, role: 'leader' },
    ]);
    expect((await deleteAccount(owner)).statusCode).toBe(204);
    expect(await groupOf(groupId)).toMatchObject({ owner_id: leader.user.id, member_count: 2 });
    expect(await roleOf(groupId, leader.user.id)).toBe('owner');
    expect(await roleOf(groupId, member.user.id)).toBe('member');
  });

  it('closes the person’s open group pages at once and tells the others the members changed', async () => {
    const owner = await signUp(t);
    const member = await signUp(t);
    const groupId = await insertGroup(t.db, owner.user.id, [{ userId: member.user.id }]);
    const heard: unknown[] = [];
    const stop = t.app.groupEvents.subscribe(groupId, (message) => heard.push(message));
    expect((await deleteAccount(member)).statusCode).toBe(204);
    stop();
    expect(heard).toEqual([{ group_id: groupId, type: 'removed', user_id: member.user.id }]);
  });

  it('passes it to the longest-standing member when there is no leader, or deletes it empty', async () => {
    const owner = await signUp(t);
    const first = await signUp(t);
    const second = await signUp(t);
    const shared = await insertGroup(t.db, owner.user.id, [
      { userId: first.user.id },
      { userId: second.user.id },
    ]);
    const alone = await insertGroup(t.db, owner.user.id);
    expect((await deleteAccount(owner)).statusCode).toBe(204);
    expect(await groupOf(shared)).toMatchObject({ owner_id: first.user.id, member_count: 2 });
    expect(await groupOf(alone)).toBeUndefined();
  });

  it('removes their requests and replies, keeping others’ replies under a shell, and the counts right', async () => {
    const author = await signUp(t);
    const friend = await signUp(t);
    const groupId = await insertGroup(t.db, friend.user.id, [{ userId: author.user.id }]);
    const answered = await post(t.db, groupId, author.user.id, 'Pray for my exam.');
    const quiet = await post(t.db, groupId, author.user.id, 'Pray for rain.');
    const friends = await post(t.db, groupId, friend.user.id, 'Pray for my mother.');
    await reply(t.db, groupId, answered, friend.user.id, 'Praying for you!');
    await reply(t.db, groupId, answered, author.user.id, 'Thank you all.');
    await reply(t.db, groupId, friends, author.user.id, 'Holding her in prayer.');
    await prayed(t.db, friends, author.user.id, '2026-11-01');
    await prayed(t.db, friends, author.user.id, '2026-11-02');
    await prayed(t.db, friends, friend.user.id, '2026-11-02');

    expect((await deleteAccount(author)).statusCode).toBe(204);

    expect(await postOf(quiet)).toBeUndefined();
    expect(await postOf(answered)).toMatchObject({ author_id: null, text: '', reply_count: 1 });
    expect(await postOf(friends)).toMatchObject({
      author_id: friend.user.id,
      text: 'Pray for my mother.',
      reply_count: 0,
      prayed_count: 1,
    });
    const replies = await t.db
      .selectFrom('group_replies')
      .select(['text', 'author_id'])
      .where('group_id', '=', groupId)
      .execute();
    expect(replies).toEqual([{ text: 'Praying for you!', author_id: friend.user.id }]);
    expect(await groupOf(groupId)).toMatchObject({ member_count: 1 });
  });

  it('goes a batch at a time, with nothing of theirs left', async () => {
    const author = await signUp(t);
    const friend = await signUp(t);
    const groupId = await insertGroup(t.db, author.user.id, [{ userId: friend.user.id }]);
    const posts: string[] = [];
    for (let index = 0; index < 7; index += 1)
      posts.push(await post(t.db, groupId, author.user.id, `Request ${index}`));
    for (const [index, postId] of posts.entries()) {
      await prayed(t.db, postId, author.user.id, '2026-11-01');
      if (index % 2 === 0) await reply(t.db, groupId, postId, friend.user.id, 'Praying.');
      await reply(t.db, groupId, postId, author.user.id, 'Update.');
    }
    await leaveEveryGroup(t.db, author.user.id, 2);
    const left = await t.db
      .selectFrom('group_posts')
      .select(['author_id', 'reply_count', 'prayed_count'])
      .where('group_id', '=', groupId)
      .execute();
    expect(left).toHaveLength(4);
    expect(left.every((row) => row.author_id === null && row.reply_count === 1)).toBe(true);
    expect(left.every((row) => row.prayed_count === 0)).toBe(true);
    expect(await groupOf(groupId)).toMatchObject({ owner_id: friend.user.id, member_count: 1 });
    // Running it again changes nothing (a deletion cut short is finished later).
    await leaveEveryGroup(t.db, author.user.id, 2);
    expect(await groupOf(groupId)).toMatchObject({ owner_id: friend.user.id, member_count: 1 });
  });
});

describe('the export, for groups', () => {
  it('holds the person’s groups, requests, replies and prayers, and nobody else’s words', async () => {
    const me = await signUp(t);
    const friend = await signUp(t);
    const groupId = await insertGroup(t.db, friend.user.id, [{ userId: me.user.id }], 'Wednesdays');
    const mine = await post(t.db, groupId, me.user.id, 'MY-REQUEST');
    const theirs = await post(t.db, groupId, friend.user.id, 'THEIR-REQUEST');
    await reply(t.db, groupId, theirs, me.user.id, 'MY-ENCOURAGEMENT');
    await reply(t.db, groupId, mine, friend.user.id, 'THEIR-ENCOURAGEMENT');
    await prayed(t.db, theirs, me.user.id, '2026-11-03');

    const response = await browserRequest(t, {
      method: 'GET',
      url: '/api/account/export',
      cookie: me.cookie,
    });
    expect(response.statusCode).toBe(200);
    const data = JSON.parse(response.body) as Record<string, Record<string, unknown>[]>;
    expect(data.groups?.map((group) => group.name)).toEqual(['Wednesdays']);
    expect(data.group_members).toEqual([
      expect.objectContaining({ group_id: groupId, user_id: me.user.id, role: 'member' }),
    ]);
    expect(data.group_posts?.map((row) => row.text)).toEqual(['MY-REQUEST']);
    expect(data.group_replies?.map((row) => row.text)).toEqual(['MY-ENCOURAGEMENT']);
    expect(data.group_prayed).toEqual([
      expect.objectContaining({ post_id: theirs, day: '2026-11-03' }),
    ]);
    expect(response.body).not.toContain('THEIR-');
  });
});
