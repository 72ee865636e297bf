import { localMoment } from '../../../shared/notifications/schedule.ts';
import type { StreakKind } from '../../../shared/rules/habits.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';

type Deps = { db: Db; clock: Clock };

/** The person's time zone (their settings' reminder_timezone; UTC without settings). */
export async function personTimeZone(db: Db, userId: string): Promise<string> {
  const row = await db
    .selectFrom('user_settings')
    .select('reminder_timezone')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.reminder_timezone ?? 'UTC';
}

/** Today's date (YYYY-MM-DD) where the person is. */
export async function personToday({ db, clock }: Deps, userId: string): Promise<string> {
  return localMoment(clock.now(), await personTimeZone(db, userId)).date;
}

/**
 * Issue 26 item 5: the person's local day counts for their streak, because they did `kind`
 * (read a chapter, finished a plan day, reviewed verses, wrote in the journal). Called by those
 * services after their own write; a day already holding the kind is left as it is.
 */
export async function recordStreakDay(
  { db, clock }: Deps,
  userId: string,
  kind: StreakKind,
): Promise<void> {
  const now = clock.now();
  const localDate = localMoment(now, await personTimeZone(db, userId)).date;
  const existing = await db
    .selectFrom('streak_days')
    .select('kinds')
    .where('user_id', '=', userId)
    .where('local_date', '=', localDate)
    .executeTakeFirst();
  if (existing?.kinds.includes(kind)) return;
  const kinds = [...(existing?.kinds ?? []), kind];
  await db
    .insertInto('streak_days')
    .values({ user_id: userId, local_date: localDate, kinds, updated_at: now.toISOString() })
    .onConflict((oc) =>
      oc.columns(['user_id', 'local_date']).doUpdateSet({ kinds, updated_at: now.toISOString() }),
    )
    .execute();
}
