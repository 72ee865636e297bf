import { sql, type Updateable } from 'kysely';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import type { UserSettingsTable } from '#server/db/types.ts';
import {
  dailyRemindersFollow,
  lookAtOnce,
} from '#server/features/notifications/notifications.service.ts';
import { addDays, countStreak } from '#shared/habits/streak.ts';
import { localMoment } from '#shared/notifications/schedule.ts';
import { streakCalendarDays, streakKinds, type StreakKind } from '#shared/rules/habits.ts';
import type { Weekday } from '#shared/rules/settings.ts';
import type { StreakResponse } from '#shared/schemas/habits.ts';
import { defaultSettings } from '#shared/schemas/settings.ts';

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

/**
 * The person's time zone: `timeZone` when the caller has it (a route has it from the session:
 * requirePerson), which saves reading the settings again; otherwise personTimeZone.
 */
export function knownTimeZone(
  { db, timeZone }: { db: Db; timeZone?: string | undefined },
  userId: string,
): Promise<string> | string {
  return timeZone ?? personTimeZone(db, userId);
}

/** Today's date (YYYY-MM-DD) where the person is (its zone as knownTimeZone finds it). */
export async function personToday(
  deps: Deps & { timeZone?: string | undefined },
  userId: string,
): Promise<string> {
  return localMoment(deps.clock.now(), await knownTimeZone(deps, userId)).date;
}

/** Tries at recording a kind while other requests record theirs on the same day. */
const recordTries = 5;

/**
 * The person's local day counts for their streak (decision 016), because they did `kind`
 * (read a chapter, finished a plan day, reviewed verses, wrote in the journal). Called by those
 * services after their own write, inside their transaction (`db` is then the transaction), so
 * the action and the day it earns are kept together (decision 021); a day already holding the
 * kind is left as it is. Two kinds recorded at once (a chapter read as a plan day is done) both
 * stay: the row is written only as it was read (compare and set), else read again. Inside a
 * PostgreSQL transaction each statement still sees what others committed (read committed), so
 * the read again finds their kind.
 */
export async function recordStreakDay(
  { db, clock }: Deps,
  userId: string,
  kind: StreakKind,
): Promise<void> {
  const now = clock.now();
  const localDate = localMoment(now, await personTimeZone(db, userId)).date;
  const updatedAt = now.toISOString();
  for (let attempt = 0; attempt < recordTries; attempt += 1) {
    const existing = await db
      .selectFrom('streak_days')
      .select('kinds')
      .where('user_id', '=', userId)
      .where('local_date', '=', localDate)
      .executeTakeFirst();
    if (existing?.kinds.includes(kind)) return;
    const written = existing
      ? await db
          .updateTable('streak_days')
          .set({ kinds: [...existing.kinds, kind], updated_at: updatedAt })
          .where('user_id', '=', userId)
          .where('local_date', '=', localDate)
          // The list as read: JSON text in SQLite, jsonb (compared by value) in PostgreSQL.
          .where(sql<boolean>`${sql.ref('kinds')} = ${JSON.stringify(existing.kinds)}`)
          .executeTakeFirst()
          .then((result) => result.numUpdatedRows)
      : await db
          .insertInto('streak_days')
          .values({ user_id: userId, local_date: localDate, kinds: [kind], updated_at: updatedAt })
          .onConflict((oc) => oc.columns(['user_id', 'local_date']).doNothing())
          .executeTakeFirst()
          .then((result) => result.numInsertedOrUpdatedRows ?? 0n);
    if (written > 0n) return;
  }
  // Still changing under us after every try: the day counts already, only this kind is missed.
}

type StreakSettings = { timeZone: string; restDay: Weekday | null };

async function streakSettings(db: Db, userId: string): Promise<StreakSettings> {
  const row = await db
    .selectFrom('user_settings')
    .select(['reminder_timezone', 'streak_rest_day'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { timeZone: row?.reminder_timezone ?? 'UTC', restDay: row?.streak_rest_day ?? null };
}

/** A day's kinds in the order of streakKinds, whatever order they were recorded in. */
function orderedKinds(kinds: readonly StreakKind[]): StreakKind[] {
  return streakKinds.filter((kind) => kinds.includes(kind));
}

/**
 * GET /api/streak: the current and longest streak and the calendar of the last 12 months, in
 * the person's time zone. The longest reaches back beyond the calendar: the days before it are
 * read as dates only (one a day lived, at most).
 */
export async function getStreak({ db, clock }: Deps, userId: string): Promise<StreakResponse> {
  const { timeZone, restDay } = await streakSettings(db, userId);
  const today = localMoment(clock.now(), timeZone).date;
  const from = addDays(today, 1 - streakCalendarDays);
  const recent = await db
    .selectFrom('streak_days')
    .select(['local_date', 'kinds'])
    .where('user_id', '=', userId)
    .where('local_date', '>=', from)
    .where('local_date', '<=', today)
    .orderBy('local_date')
    .execute();
  const earlier = await db
    .selectFrom('streak_days')
    .select('local_date')
    .where('user_id', '=', userId)
    .where('local_date', '<', from)
    .execute();
  const dates = [...earlier, ...recent].map((row) => row.local_date);
  const { current, longest, todayCounted } = countStreak(dates, today, restDay);
  return {
    current,
    longest,
    today,
    today_counted: todayCounted,
    rest_day: restDay,
    days: recent.map((row) => ({ date: row.local_date, kinds: orderedKinds(row.kinds) })),
  };
}

/**
 * Changes user_settings: the row is made with the defaults a new account gets (product §9)
 * when the person has none. A new row, or a change to the daily reading reminder, has the next
 * tick look at the person again.
 */
export async function saveOwnSettings(
  { db, clock }: Deps,
  userId: string,
  changes: Updateable<UserSettingsTable>,
): Promise<void> {
  const updatedAt = clock.now().toISOString();
  await db
    .insertInto('user_settings')
    .values({
      user_id: userId,
      ...defaultSettings,
      ...changes,
      reminder_next_at: lookAtOnce,
      updated_at: updatedAt,
    })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ ...changes, ...dailyRemindersFollow(changes), updated_at: updatedAt }),
    )
    .execute();
}

/** PUT /api/streak/settings: the rest day (or none); answers the streak as it now stands. */
export async function setRestDay(
  deps: Deps,
  userId: string,
  restDay: Weekday | null,
): Promise<StreakResponse> {
  await saveOwnSettings(deps, userId, { streak_rest_day: restDay });
  return getStreak(deps, userId);
}
