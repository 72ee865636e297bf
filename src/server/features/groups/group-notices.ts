import type { AppContext } from '#server/app-context.ts';
import type { Db } from '#server/db/connect.ts';
import {
  insertNotifications,
  notificationRow,
  pushNotifications,
} from '#server/features/notifications/notifications.service.ts';
import { groupNoticeWindowMs, type GroupNoticeKind } from '#shared/rules/groups.ts';

/**
 * A group notice to send (decision 028): to every member but the one who acted, or to one
 * person (the request's author). Each kind has its own switch in Settings, and a person gets at
 * most one of a kind per group an hour; later ones are gathered into it.
 */
export type GroupNotice = {
  groupId: string;
  kind: GroupNoticeKind;
  /** Who acted; never told of their own act. */
  actorId: string;
  /** The request it is about, for the link. */
  postId?: string;
  to: 'members' | { userId: string };
};

export type GroupNoticeDeps = Pick<AppContext, 'database' | 'clock' | 'push'>;

const settingOf = {
  group_request: 'group_request_notifications',
  group_prayed: 'group_prayed_notifications',
  group_update: 'group_update_notifications',
  group_reading: 'group_reading_notifications',
} as const;

/**
 * The words of a notice that gathers `count` of its kind. They never name who acted: a request
 * may be anonymous, and the group page says the rest to those in it.
 */
export function noticeWords(
  kind: GroupNoticeKind,
  group: string,
  count: number,
): { title: string; message: string } {
  const many = count > 1;
  switch (kind) {
    case 'group_request':
      return many
        ? {
            title: `${count} new prayer requests in ${group}`,
            message: 'Open the group to pray with them.',
          }
        : {
            title: `New prayer request in ${group}`,
            message: 'Someone in your group asked for prayer.',
          };
    case 'group_prayed':
      return many
        ? {
            title: `${count} prayers for your request`,
            message: `People in ${group} prayed for your request.`,
          }
        : {
            title: 'Someone prayed for your request',
            message: `Someone in ${group} prayed for your request.`,
          };
    case 'group_update':
      return many
        ? { title: `${count} updates in ${group}`, message: 'Requests were updated or answered.' }
        : { title: `An update in ${group}`, message: 'A prayer request was updated or answered.' };
    case 'group_reading':
      return { title: `${group} has a reading plan`, message: 'Open the group to read along.' };
  }
}

/** Who gets the notice: members of the group (not the actor) with its kind switched on. */
async function recipientsOf(db: Db, notice: GroupNotice): Promise<string[]> {
  const column = settingOf[notice.kind];
  let query = db
    .selectFrom('group_members')
    .leftJoin('user_settings', 'user_settings.user_id', 'group_members.user_id')
    .select('group_members.user_id')
    .where('group_members.group_id', '=', notice.groupId)
    .where('group_members.user_id', '!=', notice.actorId)
    .where((eb) =>
      eb.or([eb(`user_settings.${column}`, 'is', null), eb(`user_settings.${column}`, '=', true)]),
    );
  if (notice.to !== 'members') query = query.where('group_members.user_id', '=', notice.to.userId);
  return (await query.execute()).map((row) => row.user_id);
}

/**
 * Sends a group notice. Never throws: a notice that fails must not undo the act behind it. A
 * group of 500 costs a few set-wide statements, not a round trip per member.
 */
export async function sendGroupNotice(deps: GroupNoticeDeps, notice: GroupNotice): Promise<void> {
  try {
    await deliver(deps, notice);
  } catch {
    // The act is done; its notice is a courtesy (the bell is refetched, the page is live).
  }
}

async function deliver(deps: GroupNoticeDeps, notice: GroupNotice): Promise<void> {
  const { db } = deps.database;
  const group = await db
    .selectFrom('groups')
    .select('name')
    .where('id', '=', notice.groupId)
    .executeTakeFirst();
  if (!group) return;
  const recipients = await recipientsOf(db, notice);
  if (recipients.length === 0) return;
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - groupNoticeWindowMs).toISOString();
  const logs = await db
    .selectFrom('group_notice_log')
    .select(['user_id', 'notification_id', 'gathered', 'sent_at'])
    .where('group_id', '=', notice.groupId)
    .where('kind', '=', notice.kind)
    .where('user_id', 'in', recipients)
    .execute();
  const recent = new Map(
    logs.filter((log) => log.sent_at > windowStart).map((log) => [log.user_id, log]),
  );
  const link = `/groups/${notice.groupId}`;

  // Within the hour: the notice already sent gathers this one, unread again, without a push.
  const byCount = new Map<number, { userIds: string[]; notificationIds: string[] }>();
  for (const log of recent.values()) {
    const count = log.gathered + 1;
    const entry = byCount.get(count) ?? { userIds: [], notificationIds: [] };
    entry.userIds.push(log.user_id);
    entry.notificationIds.push(log.notification_id);
    byCount.set(count, entry);
  }
  for (const [count, { userIds, notificationIds }] of byCount) {
    const words = noticeWords(notice.kind, group.name, count);
    await db
      .updateTable('notifications')
      .set({ ...words, is_read: false })
      .where('id', 'in', notificationIds)
      .execute();
    await db
      .updateTable('group_notice_log')
      .set({ gathered: count })
      .where('group_id', '=', notice.groupId)
      .where('kind', '=', notice.kind)
      .where('user_id', 'in', userIds)
      .execute();
  }

  // Everyone else: a new notice, in the bell and on their devices.
  const fresh = recipients.filter((userId) => !recent.has(userId));
  if (fresh.length === 0) return;
  const words = noticeWords(notice.kind, group.name, 1);
  const rows = fresh.map((userId) =>
    notificationRow({ userId, type: notice.kind, ...words, link }, nowIso),
  );
  const created = await insertNotifications(db, rows);
  if (created.length > 0) {
    await db
      .insertInto('group_notice_log')
      .values(
        created.map((row) => ({
          user_id: row.user_id,
          group_id: notice.groupId,
          kind: notice.kind,
          notification_id: row.id,
          gathered: 1,
          sent_at: nowIso,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'group_id', 'kind']).doUpdateSet((eb) => ({
          notification_id: eb.ref('excluded.notification_id'),
          gathered: 1,
          sent_at: eb.ref('excluded.sent_at'),
        })),
      )
      .execute();
  }
  await pushNotifications(deps.push, created);
}
