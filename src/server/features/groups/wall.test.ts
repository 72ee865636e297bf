import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { createPageCursors } from '#server/db/keyset.ts';
import {
  groupPostPageSchema,
  groupPostSchema,
  groupReplyPageSchema,
  groupReportListSchema,
  type GroupPost,
} from '#shared/schemas/groups.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { deleteMembership, insertGroup } from '#tests/api-support/group-rows.ts';
import { walkPages } from '#tests/api-support/page-contract.ts';
import { queriesSent } from '#tests/api-support/query-plan.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';
import { listPosts } from './wall.service.ts';

const clock = fixedClock(new Date('2026-06-01T09:30:00.000Z'));
const t = useTestApp({ clock });
const send = sendingAs(t);
const day = 24 * 60 * 60 * 1000;

/** A group of an owner (Ruth), a leader (Naomi) and two members (Boaz, Orpah). */
async function wallGroup() {
  const owner = await signUp(t, { display_name: 'Ruth' });
  const leader = await signUp(t, { display_name: 'Naomi' });
  const member = await signUp(t, { display_name: 'Boaz' });
  const other = await signUp(t, { display_name: 'Orpah' });
  const groupId = await insertGroup(t.db, owner.user.id, [
    { userId: leader.user.id, role: 'leader' },
    { userId: member.user.id },
    { userId: other.user.id },
  ]);
  return { owner, leader, member, other, groupId };
}

async function share(account: SignedIn, groupId: string, body: Record<string, unknown>) {
  const response = await send('POST', `/api/groups/${groupId}/posts`, account, body);
  expect(response.statusCode, response.body).toBe(201);
  return groupPostSchema.parse(response.json());
}

async function wall(account: SignedIn, groupId: string, query = ''): Promise<GroupPost[]> {
  const response = await send('GET', `/api/groups/${groupId}/posts${query}`, account);
  expect(response.statusCode, response.body).toBe(200);
  return groupPostPageSchema.parse(response.json()).items;
}

const pray = (account: SignedIn, groupId: string, postId: string) =>
  send('POST', `/api/groups/${groupId}/posts/${postId}/prayed`, account);

describe('the prayer wall', () => {
  it('shows a shared request to the group, newest first, and to nobody else', async () => {
    const { owner, member, groupId } = await wallGroup();
    const stranger = await signUp(t);
    await insertGroup(t.db, stranger.user.id);
    await share(member, groupId, { text: 'Pray for my mother’s surgery.' });
    clock.advance(1000);
    const second = await share(owner, groupId, { text: '  Pray for rain.  ' });
    expect(second).toMatchObject({ text: 'Pray for rain.', author_name: 'Ruth', is_mine: true });
    expect((await wall(member, groupId)).map((post) => post.text)).toEqual([
      'Pray for rain.',
      'Pray for my mother’s surgery.',
    ]);
    const path = `/api/groups/${groupId}/posts`;
    expect((await send('GET', path)).statusCode).toBe(401);
    expect((await send('GET', path, stranger)).statusCode).toBe(404);
    expect((await send('POST', path, stranger, { text: 'Hi' })).statusCode).toBe(404);
    expect((await pray(stranger, groupId, second.id)).statusCode).toBe(404);
    await deleteMembership(t.db, groupId, member.user.id);
    expect((await send('GET', path, member)).statusCode).toBe(404);
    expect((await pray(member, groupId, second.id)).statusCode).toBe(404);
  });

  it('refuses an empty request or one over 1,000 characters', async () => {
    const { member, groupId } = await wallGroup();
    for (const body of [{ text: '   ' }, { text: 'x'.repeat(1001) }, {}]) {
      const response = await send('POST', `/api/groups/${groupId}/posts`, member, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await wall(member, groupId)).toEqual([]);
  });

  it('keeps an anonymous request’s author from everyone else, leaders too', async () => {
    const { member, leader, other, groupId } = await wallGroup();
    const mine = await share(member, groupId, { text: 'A hard week.', is_anonymous: true });
    expect(mine).toMatchObject({ is_mine: true, is_anonymous: true, author_name: 'Boaz' });
    for (const account of [leader, other]) {
      const [seen] = await wall(account, groupId);
      expect(seen).toMatchObject({
        author: null,
        author_name: 'Someone in the group',
        is_mine: false,
      });
      const body = (await send('GET', `/api/groups/${groupId}/posts`, account)).body;
      expect(body).not.toContain(member.user.id);
      expect(body).not.toContain('Boaz');
    }
    // Their update on it is anonymous too; the names of who prayed are not shown under it.
    await send('POST', `/api/groups/${groupId}/posts/${mine.id}/replies`, member, {
      kind: 'update',
      text: 'A little better today.',
    });
    expect((await pray(other, groupId, mine.id)).json()).toMatchObject({
      prayed_count: 1,
      prayed_names: [],
    });
    const replies = groupReplyPageSchema.parse(
      (await send('GET', `/api/groups/${groupId}/posts/${mine.id}/replies`, other)).json(),
    );
    expect(replies.items[0]).toMatchObject({ kind: 'update', author_name: 'Someone in the group' });
  });

  it('counts "I prayed" once a day per person, with the names, newest first', async () => {
    const { owner, leader, member, other, groupId } = await wallGroup();
    const post = await share(owner, groupId, { text: 'Pray for our trip.' });
    const first = await pray(member, groupId, post.id);
    expect(groupPostSchema.parse(first.json())).toMatchObject({
      prayed_count: 1,
      prayed_by_me_today: true,
      prayed_names: ['Boaz'],
    });
    const again = await pray(member, groupId, post.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'You have already prayed for this today.' });
    clock.advance(1000);
    await pray(leader, groupId, post.id);
    clock.advance(1000);
    await pray(other, groupId, post.id);
    const [seen] = await wall(owner, groupId);
    expect(seen).toMatchObject({
      prayed_count: 3,
      prayed_by_me_today: false,
      prayed_names: ['Orpah', 'Naomi', 'Boaz'],
    });
    // The next day (in the person's zone) they may pray again: the count grows, the name once.
    clock.advance(day);
    expect((await pray(member, groupId, post.id)).statusCode).toBe(200);
    const [later] = await wall(member, groupId);
    expect(later).toMatchObject({
      prayed_count: 4,
      prayed_by_me_today: true,
      prayed_names: ['Boaz', 'Orpah', 'Naomi'],
    });
  });

  it('says who prayed today by the date where the asker is, as their settings say now', async () => {
    const { owner, member, groupId } = await wallGroup();
    const post = await share(owner, groupId, { text: 'Pray for the harvest.' });
    // Honolulu (UTC−10) and Kiritimati (UTC+14) are a whole day apart at every moment.
    const zone = async (reminder_timezone: string) => {
      const response = await send('PATCH', '/api/settings', member, { reminder_timezone });
      expect(response.statusCode, response.body).toBe(200);
    };
    await zone('Pacific/Honolulu');
    expect((await pray(member, groupId, post.id)).statusCode).toBe(200);
    expect((await wall(member, groupId))[0]).toMatchObject({ prayed_by_me_today: true });
    await zone('Pacific/Kiritimati');
    expect((await wall(member, groupId))[0]).toMatchObject({ prayed_by_me_today: false });
    const cursors = createPageCursors(t.db);
    const sent = await queriesSent(t.db, (db) =>
      listPosts({ db, clock, cursors, timeZone: 'Pacific/Honolulu' }, member.user.id, groupId, {
        limit: 20,
      }),
    );
    // The membership, the page (with "prayed by me today") and the names: the route's zone
    // comes with the session, so neither the settings nor the day's prayers are read apart.
    expect(sent).toHaveLength(3);
    expect(sent.some((query) => query.sql.includes('user_settings'))).toBe(false);
  });

  it('names the five who prayed latest however often each prayed, and those of a post few pray for often', async () => {
    const { owner, groupId } = await wallGroup();
    const people = [];
    for (const name of ['Anna', 'Beth', 'Cara', 'Dina', 'Eve', 'Faye', 'Gail']) {
      const person = await signUp(t, { display_name: name });
      await t.db
        .insertInto('group_members')
        .values({
          group_id: groupId,
          user_id: person.user.id,
          role: 'member',
          joined_at: clock.now().toISOString(),
        })
        .execute();
      people.push(person);
    }
    const many = await share(owner, groupId, { text: 'Pray for the village.' });
    const few = await share(owner, groupId, { text: 'Pray for my father.' });
    const at = (daysAgo: number, second: number) =>
      new Date(clock.now().getTime() - daysAgo * day + second * 1000).toISOString();
    const dayOf = (daysAgo: number) => at(daysAgo, 0).slice(0, 10);
    const rows: { post_id: string; user_id: string; day: string; created_at: string }[] = [];
    // Seven people each pray for the first request on 30 days (210 prayers): the latest each
    // day are Gail, then Faye, ... Anna the earliest; Cara and Beth pray at the same moment.
    for (let daysAgo = 1; daysAgo <= 30; daysAgo += 1) {
      people.forEach((person, index) => {
        const second = index === 1 ? 2 : index;
        rows.push({
          post_id: many.id,
          user_id: person.user.id,
          day: dayOf(daysAgo),
          created_at: at(daysAgo, second),
        });
      });
    }
    // Only Anna and Beth pray for the second, on 60 days each: its newest 50 name two people.
    for (let daysAgo = 1; daysAgo <= 60; daysAgo += 1) {
      for (const [index, person] of people.slice(0, 2).entries()) {
        rows.push({
          post_id: few.id,
          user_id: person.user.id,
          day: dayOf(daysAgo),
          created_at: at(daysAgo, 10 + index),
        });
      }
    }
    await t.db.insertInto('group_prayed').values(rows).execute();
    await t.db
      .updateTable('group_posts')
      .set({ prayed_count: 210 })
      .where('id', '=', many.id)
      .execute();
    await t.db
      .updateTable('group_posts')
      .set({ prayed_count: 120 })
      .where('id', '=', few.id)
      .execute();
    const posts = await wall(owner, groupId);
    // Gail, Faye, Eve, Dina, then Beth and Cara at the same moment, by id: whichever is first.
    const [beth, cara] = [people[1], people[2]];
    const tied = beth && cara && beth.user.id < cara.user.id ? 'Beth' : 'Cara';
    expect(posts.find((post) => post.id === many.id)?.prayed_names).toEqual([
      'Gail',
      'Faye',
      'Eve',
      'Dina',
      tied,
    ]);
    expect(posts.find((post) => post.id === few.id)?.prayed_names).toEqual(['Beth', 'Anna']);
  });

  it('gives two taps at once one prayer and one refusal', async () => {
    const { owner, member, groupId } = await wallGroup();
    const post = await share(owner, groupId, { text: 'Pray for peace.' });
    const answers = await Promise.all([
      pray(member, groupId, post.id),
      pray(member, groupId, post.id),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await wall(owner, groupId))[0]?.prayed_count).toBe(1);
  });

  it('takes encouragements from anyone and updates and the answer from the author only', async () => {
    const { owner, member, groupId } = await wallGroup();
    const post = await share(member, groupId, { text: 'Job interview Friday.' });
    const base = `/api/groups/${groupId}/posts/${post.id}`;
    expect(
      (await send('POST', `${base}/replies`, owner, { text: 'Praying for you!' })).statusCode,
    ).toBe(201);
    expect(
      (await send('POST', `${base}/replies`, owner, { kind: 'update', text: 'No' })).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `${base}/replies`, owner, { text: 'x'.repeat(501) })).statusCode,
    ).toBe(400);
    expect((await send('PATCH', base, owner, { answered: true })).statusCode).toBe(403);
    const answered = await send('PATCH', base, member, {
      answered: true,
      answer_note: 'I got the job!',
    });
    expect(groupPostSchema.parse(answered.json())).toMatchObject({
      answer_note: 'I got the job!',
      answered_at: clock.now().toISOString(),
      reply_count: 1,
    });
  });

  it('lets leaders hide a request or an encouragement from the members', async () => {
    const { owner, leader, member, other, groupId } = await wallGroup();
    const post = await share(member, groupId, { text: 'Something unkind.' });
    const kept = await share(other, groupId, { text: 'Pray for my sister.' });
    const reply = await send('POST', `/api/groups/${groupId}/posts/${kept.id}/replies`, member, {
      text: 'Rude words.',
    });
    const replyId = (reply.json() as { id: string }).id;
    expect(
      (await send('POST', `/api/groups/${groupId}/posts/${post.id}/hide`, other)).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', `/api/groups/${groupId}/posts/${post.id}/hide`, leader)).statusCode,
    ).toBe(204);
    expect(
      (await send('POST', `/api/groups/${groupId}/replies/${replyId}/hide`, owner)).statusCode,
    ).toBe(204);
    expect((await wall(other, groupId)).map((row) => row.text)).toEqual(['Pray for my sister.']);
    expect((await wall(leader, groupId)).map((row) => [row.text, row.hidden])).toEqual([
      ['Pray for my sister.', false],
      ['Something unkind.', true],
    ]);
    const seenByMember = groupReplyPageSchema.parse(
      (await send('GET', `/api/groups/${groupId}/posts/${kept.id}/replies`, other)).json(),
    );
    expect(seenByMember.items).toEqual([]);
    expect((await pray(other, groupId, post.id)).statusCode).toBe(404);
  });

  it('takes a report from any member to the leaders, once per person', async () => {
    const { leader, member, other, groupId } = await wallGroup();
    const post = await share(member, groupId, { text: 'Buy my product!' });
    const reported = await send('POST', `/api/groups/${groupId}/reports`, other, {
      post_id: post.id,
      reason: 'Advertising',
    });
    expect(reported.statusCode).toBe(201);
    const again = await send('POST', `/api/groups/${groupId}/reports`, other, { post_id: post.id });
    expect(again.json()).toEqual(reported.json());
    expect((await send('GET', `/api/groups/${groupId}/reports`, other)).statusCode).toBe(403);
    const open = groupReportListSchema.parse(
      (await send('GET', `/api/groups/${groupId}/reports`, leader)).json(),
    );
    expect(open.items).toEqual([
      expect.objectContaining({ post_id: post.id, text: 'Buy my product!', reason: 'Advertising' }),
    ]);
    // Hiding it settles the report.
    await send('POST', `/api/groups/${groupId}/posts/${post.id}/hide`, leader);
    expect(
      groupReportListSchema.parse(
        (await send('GET', `/api/groups/${groupId}/reports`, leader)).json(),
      ).items,
    ).toEqual([]);
    const both = await send('POST', `/api/groups/${groupId}/reports`, other, {
      post_id: post.id,
      reply_id: post.id,
    });
    expect(both.statusCode).toBe(400);
  });

  it('shares a request from my own prayer list, and no one else’s', async () => {
    const { member, other, groupId } = await wallGroup();
    const created = await send('POST', '/api/prayers', member, {
      title: 'For my brother',
      details: 'He starts treatment on Monday.',
    });
    const prayerId = (created.json() as { id: string }).id;
    const shared = await share(member, groupId, { prayer_request_id: prayerId });
    expect(shared.text).toBe('For my brother\nHe starts treatment on Monday.');
    const theirs = await send('POST', `/api/groups/${groupId}/posts`, other, {
      prayer_request_id: prayerId,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('reads a page in a set number of queries, and every request once across pages', async () => {
    const { owner, member, other, groupId } = await wallGroup();
    for (let index = 0; index < 25; index += 1) {
      clock.advance(1000);
      const post = await share(index % 2 ? member : other, groupId, { text: `Request ${index}` });
      if (index % 3 === 0) await pray(owner, groupId, post.id);
    }
    const pages = await walkPages(async (cursor) => {
      const response = await send(
        'GET',
        `/api/groups/${groupId}/posts?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        owner,
      );
      return groupPostPageSchema.parse(response.json());
    });
    expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
    expect(new Set(pages.flat().map((post) => post.id)).size).toBe(25);
    const cursors = createPageCursors(t.db);
    const count = async (limit: number) =>
      (
        await queriesSent(t.db, (db) =>
          listPosts({ db, clock, cursors }, owner.user.id, groupId, { limit }),
        )
      ).length;
    expect(await count(25)).toBe(await count(5));
  });
});
