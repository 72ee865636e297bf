import { describe, expect, it } from 'vitest';
import { fixedClock } from '#server/clock.ts';
import { sendingAs, signUp, type SignedIn } from '#tests/api-support/auth-helpers.ts';
import { insertGroup } from '#tests/api-support/group-rows.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';

const clock = fixedClock(new Date('2026-06-10T09:30:00.000Z'));
const t = useTestApp({ clock });
const send = sendingAs(t);
const minute = 60 * 1000;

/** The group notices in a person's bell, newest first. */
async function noticesOf(account: SignedIn) {
  return t.db
    .selectFrom('notifications')
    .select(['type', 'title', 'message', 'link', 'is_read'])
    .where('user_id', '=', account.user.id)
    .where('type', 'like', 'group_%')
    .orderBy('created_at', 'desc')
    .execute();
}

async function share(account: SignedIn, groupId: string, text: string) {
  const response = await send('POST', `/api/groups/${groupId}/posts`, account, { text });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

describe('group notices', () => {
  it('tell the other members of a new request, never its author, one an hour gathered', async () => {
    const author = await signUp(t, { display_name: 'Ruth' });
    const member = await signUp(t, { display_name: 'Boaz' });
    const groupId = await insertGroup(
      t.db,
      author.user.id,
      [{ userId: member.user.id }],
      'Fridays',
    );
    await share(author, groupId, 'Pray for rain.');
    expect(await noticesOf(author)).toEqual([]);
    expect(await noticesOf(member)).toEqual([
      {
        type: 'group_request',
        title: 'New prayer request in Fridays',
        message: 'Someone in your group asked for prayer.',
        link: `/groups/${groupId}`,
        is_read: false,
      },
    ]);
    // Read, then two more within the hour: still one notice, gathering three, unread again.
    await t.db
      .updateTable('notifications')
      .set({ is_read: true })
      .where('user_id', '=', member.user.id)
      .execute();
    clock.advance(10 * minute);
    await share(author, groupId, 'Pray for sun.');
    clock.advance(10 * minute);
    await share(author, groupId, 'Pray for wind.');
    expect(await noticesOf(member)).toEqual([
      expect.objectContaining({ title: '3 new prayer requests in Fridays', is_read: false }),
    ]);
    // After the hour, a new one.
    clock.advance(61 * minute);
    await share(author, groupId, 'Pray for peace.');
    const notices = await noticesOf(member);
    expect(notices.map((notice) => notice.title)).toEqual([
      'New prayer request in Fridays',
      '3 new prayer requests in Fridays',
    ]);
  });

  it('tell an author someone prayed, and nobody whose setting is off', async () => {
    const author = await signUp(t);
    const member = await signUp(t);
    const quiet = await signUp(t);
    const groupId = await insertGroup(
      t.db,
      author.user.id,
      [{ userId: member.user.id }, { userId: quiet.user.id }],
      'Home',
    );
    const off = await send('PATCH', '/api/settings', quiet, { group_request_notifications: false });
    expect(off.statusCode, off.body).toBe(200);
    const postId = await share(author, groupId, 'Pray for my exam.');
    expect(await noticesOf(quiet)).toEqual([]);
    expect(
      (await send('POST', `/api/groups/${groupId}/posts/${postId}/prayed`, member)).statusCode,
    ).toBe(200);
    expect((await noticesOf(author)).map((notice) => notice.title)).toEqual([
      'Someone prayed for your request',
    ]);
    // Praying for one's own request tells nobody.
    const own = await share(member, groupId, 'Mine.');
    await send('POST', `/api/groups/${groupId}/posts/${own}/prayed`, member);
    expect((await noticesOf(member)).filter((notice) => notice.type === 'group_prayed')).toEqual(
      [],
    );
  });
});
