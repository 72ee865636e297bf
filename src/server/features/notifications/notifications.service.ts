import type { Insertable } from 'kysely';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import { listScope, readNewestFirst, type PageCursors } from '#server/db/keyset.ts';
import type { NotificationsTable } from '#server/db/types.ts';
import type { PushSender } from '#server/push.ts';
import { localMoment } from '#shared/notifications/schedule.ts';
import type {
  MarkAllReadResponse,
  Notification,
  NotificationPage,
} from '#shared/schemas/notifications.ts';
import type { PageRequest } from '#shared/schemas/pagination.ts';

export type NotificationRow = Insertable<NotificationsTable>;

export type NewNotification = {
  userId: string;
  type: string;
  title: string;
  message: string;
  link: string | null;
  /** The user's local day for scheduled kinds: a second one for the same day is not created. */
  localDate?: string | null;
};

/**
 * user_settings.reminder_next_at for "look at this person at the next tick" (migration 0024): an
 * instant before any tick's, so a tick on another clock (the development simulation's) finds
 * them too. New settings rows hold it by default.
 */
export const lookAtOnce = '1970-01-01T00:00:00.000Z';

/** The settings the daily reminders' times are worked out from (the translation is not one). */
const dailyReminderSchedule = [
  'journal_reminders',
  'daily_verse_notifications',
  'reminder_days',
  'reminder_time',
  'reminder_timezone',
  'plan_reminders',
  'plan_reminder_time',
  'plan_reminder_days',
] as const;

/**
 * What a change to user_settings sets beside itself so the daily reminders follow it: when it
 * touches what decides their times, the person is looked at by the next tick, which sends what
 * is due under the new settings (as it would have before the change) and works out the next
 * moment. Every writer of those settings spreads this into its update.
 */
export function dailyRemindersFollow(changes: object): { reminder_next_at?: string } {
  const changed = changes as Partial<Record<string, unknown>>;
  return dailyReminderSchedule.some((field) => changed[field] !== undefined)
    ? { reminder_next_at: lookAtOnce }
    : {};
}

/** A notification as the list shows it; the account export adds its owner and local day. */
export const notificationColumns = [
  'id',
  'type',
  'title',
  'message',
  'link',
  'is_read',
  'created_at',
] as const;

/** The journal reminder's words, the same from the scheduler and at sign-in. */
export const journalReminder = {
  type: 'journal_reminder',
  title: 'Time to journal',
  message: 'Take a quiet moment to write what is on your heart today.',
  link: '/journal',
} as const;

function notificationNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That notification was not found.');
}

export function notificationRow(input: NewNotification, createdAt: string): NotificationRow {
  return {
    id: newRowId(),
    user_id: input.userId,
    type: input.type,
    title: input.title,
    message: input.message,
    link: input.link,
    local_date: input.localDate ?? null,
    is_read: false,
    created_at: createdAt,
  };
}

/**
 * Inserts the rows, skipping any whose (local_date, type, user_id) already exists, and returns
 * only the rows really inserted, with their owner: whichever server instance inserts first wins
 * and is the only one to push it (docs/decisions/003).
 */
export async function insertNotifications(
  db: Db,
  rows: readonly NotificationRow[],
): Promise<(Notification & { user_id: string })[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('notifications')
    .values([...rows])
    .onConflict((oc) => oc.columns(['local_date', 'type', 'user_id']).doNothing())
    .returning([...notificationColumns, 'user_id'])
    .execute();
}

/** Sends each new notification to its owner's browsers; PushSender never throws. */
export async function pushNotifications(
  push: PushSender,
  created: readonly (Notification & { user_id: string })[],
): Promise<void> {
  await Promise.all(
    created.map(({ user_id: userId, id, type, title, message, link }) =>
      push.sendToUser(userId, { id, type, title, message, link }),
    ),
  );
}

type CreateDeps = { db: Db; clock: Clock; push: PushSender };

/**
 * Creates one notification and resolves once it has been pushed to the owner's browsers, so
 * callers and tests see it done. A scheduled kind (with localDate) resolves to null when the user
 * already has it for that day; an unscheduled one has no key to collide on and is always created.
 */
export async function createNotification(
  deps: CreateDeps,
  input: NewNotification & { localDate: string },
): Promise<Notification | null>;
export async function createNotification(
  deps: CreateDeps,
  input: NewNotification & { localDate?: null },
): Promise<Notification>;
export async function createNotification(
  { db, clock, push }: CreateDeps,
  input: NewNotification,
): Promise<Notification | null> {
  const [created] = await insertNotifications(db, [
    notificationRow(input, clock.now().toISOString()),
  ]);
  if (!created) return null;
  await pushNotifications(push, [created]);
  const { user_id: _owner, ...notification } = created;
  return notification;
}

/**
 * product §4: "An initial journal reminder notification is created if reminders are on and the user
 * has none." Keyed to the user's local date, so the scheduler does not send another that day and
 * two sign-ins at once create one.
 */
export async function createInitialJournalReminder(
  deps: CreateDeps,
  userId: string,
): Promise<Notification | null> {
  const settings = await deps.db
    .selectFrom('user_settings')
    .select(['journal_reminders', 'reminder_timezone'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!settings?.journal_reminders) return null;
  const existing = await deps.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', journalReminder.type)
    .limit(1)
    .executeTakeFirst();
  if (existing) return null;
  return createNotification(deps, {
    userId,
    ...journalReminder,
    localDate: localMoment(deps.clock.now(), settings.reminder_timezone).date,
  });
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * product §7 notifications select by user_id newest first, a page at a time (decision 012), with
 * the unread count for the bell's badge.
 */
export async function listNotifications(
  { db, cursors }: { db: Db; cursors: PageCursors },
  userId: string,
  page: PageRequest,
): Promise<NotificationPage> {
  const { items, next_cursor } = await readNewestFirst(
    cursors,
    listScope('notifications', userId),
    page,
    { time: 'created_at' },
    db.selectFrom('notifications').select(notificationColumns).where('user_id', '=', userId),
  );
  return { items, next_cursor, unread_count: await countUnread(db, userId) };
}

/** product §7 update is_read by id; someone else's id is as unknown as a made-up one. */
export async function markNotificationRead(
  db: Db,
  userId: string,
  id: string,
): Promise<Notification> {
  if (!isRowId(id)) throw notificationNotFound();
  const updated = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(notificationColumns)
    .executeTakeFirst();
  if (!updated) throw notificationNotFound();
  return updated;
}

/** product §7 update is_read where user_id and not read. */
export async function markAllNotificationsRead(
  db: Db,
  userId: string,
): Promise<MarkAllReadResponse> {
  const result = await db
    .updateTable('notifications')
    .set({ is_read: true })
    .where('user_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirst();
  return {
    updated: Number(result.numUpdatedRows),
    unread_count: await countUnread(db, userId),
  };
}

/** product §2's create-test-notification helper (development only). */
export function createTestNotification(deps: CreateDeps, userId: string): Promise<Notification> {
  return createNotification(deps, {
    userId,
    type: 'test',
    title: 'Test notification',
    message: 'Notifications are working. This is how new ones will appear.',
    link: null,
  });
}
