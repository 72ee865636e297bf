import type { Db } from '#server/db/connect.ts';
import type { NewNotification } from '#server/features/notifications/notifications.service.ts';
import {
  nextReminderAt,
  reminderDueDate,
  type ReminderSchedule,
} from '#shared/notifications/schedule.ts';
import type { Weekday } from '#shared/rules/settings.ts';

/** Requests read per query, so a tick's memory stays bounded. */
const batchSize = 500;

/** A prayer reminder's kind: one per request (the type names it) and local day (decision 025). */
export const prayerReminderType = (requestId: string): string => `prayer_reminder:${requestId}`;

export type DuePrayerReminder = NewNotification & { localDate: string };

/** A request's reminder as stored: both null when it has none. */
export type PrayerReminder = { reminder_days: Weekday[] | null; reminder_time: string | null };

function scheduleOf(reminder: PrayerReminder, timeZone: string): ReminderSchedule | null {
  if (!reminder.reminder_days || !reminder.reminder_time) return null;
  return {
    reminder_days: reminder.reminder_days,
    reminder_time: reminder.reminder_time,
    reminder_timezone: timeZone,
  };
}

/**
 * When a request's reminder next comes after `now` in `timeZone` (reminder_next_at), or null
 * without one: what the prayer service writes and the tick moves it on to.
 */
export function nextPrayerReminder(
  reminder: PrayerReminder,
  timeZone: string,
  now: Date,
): string | null {
  const schedule = scheduleOf(reminder, timeZone);
  return schedule ? (nextReminderAt(schedule, now)?.toISOString() ?? null) : null;
}

/**
 * The next batch of open requests whose reminder's moment has passed, soonest first, read on
 * (reminder_next_at, id): answered requests and those without a reminder hold null there.
 */
export function dueRequests(db: Db, nowIso: string, userId?: string) {
  let query = db
    .selectFrom('prayer_requests')
    .leftJoin('user_settings', 'user_settings.user_id', 'prayer_requests.user_id')
    .select([
      'prayer_requests.id',
      'prayer_requests.user_id',
      'prayer_requests.title',
      'prayer_requests.person',
      'prayer_requests.reminder_days',
      'prayer_requests.reminder_time',
      'user_settings.reminder_timezone',
    ])
    .where('prayer_requests.reminder_next_at', '<=', nowIso)
    .orderBy('prayer_requests.reminder_next_at')
    .orderBy('prayer_requests.id')
    .limit(batchSize);
  if (userId !== undefined) query = query.where('prayer_requests.user_id', '=', userId);
  return query;
}

/**
 * Sends the prayer reminders whose moment has come by `now` (decision 025), a batch at a time:
 * the open requests whose reminder_next_at has passed, read on its index, so a tick touches the
 * requests due this minute and not every request with a reminder. Each is due on its day in its
 * owner's time zone (Settings; UTC without), as the daily reminders are worked out (decision
 * 003); `deliver` writes and pushes those not yet sent (the notifications' unique
 * (local_date, type, user_id) key, with the request in the type, keeps each to once a day,
 * whatever the ticks and instances). Only then is each request moved on to its next moment, so
 * a tick that fails part-way leaves the rest due for the next minute.
 */
export async function sendDuePrayerReminders(
  db: Db,
  now: Date,
  deliver: (due: DuePrayerReminder[]) => Promise<void>,
  options: { userId?: string } = {},
): Promise<void> {
  const nowIso = now.toISOString();
  for (;;) {
    const batch = await dueRequests(db, nowIso, options.userId).execute();
    const due: DuePrayerReminder[] = [];
    const next = new Map<string, string | null>();
    for (const request of batch) {
      const timeZone = request.reminder_timezone ?? 'UTC';
      next.set(request.id, nextPrayerReminder(request, timeZone, now));
      const schedule = scheduleOf(request, timeZone);
      const localDate = schedule ? reminderDueDate(schedule, now) : null;
      if (localDate === null) continue;
      due.push({
        userId: request.user_id,
        type: prayerReminderType(request.id),
        title: 'Time to pray',
        message: request.person ? `${request.title} · for ${request.person}` : request.title,
        link: '/prayer',
        localDate,
      });
    }
    await deliver(due);
    // One statement per next moment (the requests due together mostly share one); a request
    // changed since it was read (its moment moved on) is left as its owner set it.
    const idsByNext = Map.groupBy(next, ([, at]) => at);
    for (const [at, entries] of idsByNext) {
      await db
        .updateTable('prayer_requests')
        .set({ reminder_next_at: at })
        .where(
          'id',
          'in',
          entries.map(([id]) => id),
        )
        .where('reminder_next_at', '<=', nowIso)
        .execute();
    }
    if (batch.length < batchSize) return;
  }
}
