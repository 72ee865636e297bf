import type { Db } from '#server/db/connect.ts';
import type { NewNotification } from '#server/features/notifications/notifications.service.ts';
import { reminderDueDate } from '#shared/notifications/schedule.ts';

/** Requests read per query, so a tick's memory stays bounded. */
const batchSize = 500;

/** A prayer reminder's kind: one per request (the type names it) and local day (decision 025). */
export const prayerReminderType = (requestId: string): string => `prayer_reminder:${requestId}`;

export type DuePrayerReminder = NewNotification & { localDate: string };

/**
 * The prayer reminders due at `now` (decision 025): each open request with a reminder whose day
 * and time have come in its owner's time zone (Settings; UTC without), as the daily reminders are
 * worked out (decision 003). The notifications' unique (local_date, type, user_id) key, with the
 * request in the type, keeps each request's reminder to once a day, whatever the ticks and
 * instances; the caller reads which exist and inserts the rest.
 */
export async function duePrayerReminders(
  db: Db,
  now: Date,
  options: { userId?: string } = {},
): Promise<DuePrayerReminder[]> {
  const due: DuePrayerReminder[] = [];
  let afterId = '';
  for (;;) {
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
      .where('prayer_requests.reminder_time', 'is not', null)
      .where('prayer_requests.answered_at', 'is', null)
      .where('prayer_requests.id', '>', afterId)
      .orderBy('prayer_requests.id')
      .limit(batchSize);
    if (options.userId !== undefined) {
      query = query.where('prayer_requests.user_id', '=', options.userId);
    }
    const batch = await query.execute();
    for (const request of batch) {
      if (!request.reminder_time || !request.reminder_days) continue;
      const localDate = reminderDueDate(
        {
          reminder_days: request.reminder_days,
          reminder_time: request.reminder_time,
          reminder_timezone: request.reminder_timezone ?? 'UTC',
        },
        now,
      );
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
    const last = batch.at(-1);
    if (!last || batch.length < batchSize) break;
    afterId = last.id;
  }
  return due;
}
