import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '#server/db/connect.ts';
import type { GroupEventBus } from './group-events.ts';

export type { GroupEventBus } from './group-events.ts';

/**
 * What deleting an account does to the person's groups (decision 028), before their rows go:
 *
 * - each group they are in loses them, its count kept right; a group they own passes to its
 *   longest-standing leader, else its longest-standing member, and one left empty is deleted;
 * - their encouragements and updates, "I prayed" and check-ins go, and the requests' counts are
 *   counted again;
 * - their requests go, but a request others replied to stays as a shell without author or words
 *   ("A former member", "This request was removed."), so the replies keep their place.
 *
 * Work proportional to their rows goes in batches, the event loop served between them (as the
 * rest of an account's deletion, decision 012). Safe to run again after a failure part way.
 */
export const groupBatchSize = 500;

export async function leaveEveryGroup(
  db: Db,
  userId: string,
  batchSize = groupBatchSize,
): Promise<void> {
  // A person is in at most 20 groups; each is one short transaction.
  const memberships = await db
    .selectFrom('group_members')
    .select('group_id')
    .where('user_id', '=', userId)
    .execute();
  const owned = await db.selectFrom('groups').select('id').where('owner_id', '=', userId).execute();
  const groupIds = [
    ...new Set([...memberships.map((row) => row.group_id), ...owned.map((row) => row.id)]),
  ];
  for (const groupId of groupIds) await leaveGroupForGood(db, groupId, userId);

  await deleteInBatches(db, 'group_replies', userId, batchSize, 'reply_count');
  await deleteInBatches(db, 'group_prayed', userId, batchSize, 'prayed_count');
  for (;;) {
    const result = await db
      .deleteFrom('group_check_ins')
      .where('user_id', '=', userId)
      .where('day', 'in', (eb) =>
        eb
          .selectFrom('group_check_ins')
          .select('day')
          .where('user_id', '=', userId)
          .limit(batchSize),
      )
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) break;
    await nextTurn();
  }

  // Their requests: those nobody else replied to go; the others become shells.
  for (;;) {
    const batch = await db
      .selectFrom('group_posts')
      .select('id')
      .where('author_id', '=', userId)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (batch.length === 0) break;
    const ids = batch.map((row) => row.id);
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('group_posts')
        .where('id', 'in', ids)
        .where('reply_count', '=', 0)
        .execute();
      await trx
        .updateTable('group_posts')
        .set({
          author_id: null,
          text: '',
          is_anonymous: false,
          answer_note: null,
          prayer_request_id: null,
        })
        .where('id', 'in', ids)
        .execute();
    });
    await nextTurn();
  }
}

/** One group loses the person: the owner's role passes on, or the group goes if left empty. */
async function leaveGroupForGood(db: Db, groupId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const group = await trx
      .selectFrom('groups')
      .select('owner_id')
      .where('id', '=', groupId)
      .executeTakeFirst();
    if (!group) return;
    const removed = await trx
      .deleteFrom('group_members')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) {
      await trx
        .updateTable('groups')
        .set((eb) => ({ member_count: eb('member_count', '-', 1) }))
        .where('id', '=', groupId)
        .execute();
    }
    if (group.owner_id !== userId) return;
    // The longest-standing leader, else the longest-standing member.
    const heir = await trx
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .orderBy((eb) => eb.case().when('role', '=', 'leader').then(0).else(1).end())
      .orderBy('joined_at')
      .orderBy('user_id')
      .limit(1)
      .executeTakeFirst();
    if (!heir) {
      await trx.deleteFrom('groups').where('id', '=', groupId).execute();
      return;
    }
    await trx
      .updateTable('group_members')
      .set({ role: 'owner' })
      .where('group_id', '=', groupId)
      .where('user_id', '=', heir.user_id)
      .execute();
    await trx
      .updateTable('groups')
      .set({ owner_id: heir.user_id })
      .where('id', '=', groupId)
      .execute();
  });
}

/**
 * Deletes the person's rows of a table that counts on its request, a batch at a time, and
 * counts the requests touched again (so a count never includes a row that is gone).
 */
async function deleteInBatches(
  db: Db,
  table: 'group_replies' | 'group_prayed',
  userId: string,
  batchSize: number,
  count: 'reply_count' | 'prayed_count',
): Promise<void> {
  for (;;) {
    const batch =
      table === 'group_replies'
        ? await db
            .selectFrom('group_replies')
            .select(['id as key', 'post_id'])
            .where('author_id', '=', userId)
            .limit(batchSize)
            .execute()
        : await db
            .selectFrom('group_prayed')
            .select(['day as key', 'post_id'])
            .where('user_id', '=', userId)
            .limit(batchSize)
            .execute();
    if (batch.length === 0) break;
    const postIds = [...new Set(batch.map((row) => row.post_id))];
    await db.transaction().execute(async (trx) => {
      if (table === 'group_replies') {
        await trx
          .deleteFrom('group_replies')
          .where(
            'id',
            'in',
            batch.map((row) => row.key),
          )
          .execute();
      } else {
        // Every day they prayed for these requests: a few rows more than the batch at most.
        await trx
          .deleteFrom('group_prayed')
          .where('user_id', '=', userId)
          .where('post_id', 'in', postIds)
          .execute();
      }
      const counted = table === 'group_replies' ? 'group_replies' : 'group_prayed';
      await trx
        .updateTable('group_posts')
        .set((eb) => ({
          [count]: eb
            .selectFrom(counted)
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef(`${counted}.post_id`, '=', 'group_posts.id'),
        }))
        .where('id', 'in', postIds)
        .execute();
    });
    await nextTurn();
  }
}

/** The groups a person is in (at most 20), read before their account closes. */
export async function groupsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('group_members')
    .select('group_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.group_id);
}

/**
 * Tells each group's open pages that the person is gone: their own streams close at once (a
 * deleted account keeps no page open), everyone else's refetch the members.
 */
export function announceDeparture(events: GroupEventBus, groupIds: string[], userId: string): void {
  for (const groupId of groupIds)
    events.publish({ group_id: groupId, type: 'removed', user_id: userId });
}
