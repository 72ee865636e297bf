import { sql } from 'kysely';
import type { z } from 'zod';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import {
  keyBefore,
  listScope,
  readNewestFirst,
  readPage,
  type PageCursors,
} from '#server/db/keyset.ts';
import type { PrayerRequestsTable } from '#server/db/types.ts';
import {
  knownTimeZone,
  personToday,
  recordStreakDay,
} from '#server/features/streaks/streaks.service.ts';
import { referenceVerse } from '#shared/bible/reference-verse.ts';
import { localMoment } from '#shared/notifications/schedule.ts';
import { daysBetween } from '#shared/rules/prayers.ts';
import type { Page } from '#shared/schemas/pagination.ts';
import type {
  answerPrayerRequestSchema,
  createPrayerRequestSchema,
  ListPrayersQuery,
  PrayerRequest,
  updatePrayerRequestSchema,
} from '#shared/schemas/prayers.ts';
import { nextPrayerReminder, type PrayerReminder } from './prayer-reminders.ts';

type NewPrayer = z.output<typeof createPrayerRequestSchema>;
type PrayerChanges = z.output<typeof updatePrayerRequestSchema>;
type Answer = z.output<typeof answerPrayerRequestSchema>;
/** `timeZone`: the person's, when the route has it from the session (requirePerson). */
type Deps = { db: Db; clock: Clock; timeZone?: string | undefined };

/** A request as stored (decision 025); the account export adds its owner. */
export const prayerColumns = [
  'id',
  'title',
  'details',
  'person',
  'verse_reference',
  'reminder_days',
  'reminder_time',
  'answered_on',
  'answered_at',
  'answer_note',
  'created_at',
  'updated_at',
] as const;

type PrayerRow = Pick<PrayerRequestsTable, (typeof prayerColumns)[number]>;

/** Requests rescheduled per query when the person's time zone changes. */
const rescheduleBatch = 500;

/** The request's next reminder where the person is; their zone is read only for a reminder. */
async function reminderNextAt(
  deps: Deps,
  userId: string,
  reminder: PrayerReminder,
): Promise<string | null> {
  if (!reminder.reminder_days || !reminder.reminder_time) return null;
  return nextPrayerReminder(reminder, await knownTimeZone(deps, userId), deps.clock.now());
}

/**
 * The person's open reminders worked out again in their new time zone, so each comes at its
 * time where they now are (the tick reads reminder_next_at alone). A batch at a time, by id.
 */
export async function reschedulePrayerReminders(
  db: Db,
  userId: string,
  timeZone: string,
  now: Date,
): Promise<void> {
  let afterId = '';
  for (;;) {
    const batch = await db
      .selectFrom('prayer_requests')
      .select(['id', 'reminder_days', 'reminder_time'])
      .where('user_id', '=', userId)
      .where('reminder_time', 'is not', null)
      .where('answered_at', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(rescheduleBatch)
      .execute();
    // One statement per new moment: a person's reminders share a few schedules between them.
    const idsByNext = Map.groupBy(batch, (row) => nextPrayerReminder(row, timeZone, now));
    for (const [next, rows] of idsByNext) {
      await db
        .updateTable('prayer_requests')
        .set({ reminder_next_at: next })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .where('user_id', '=', userId)
        .execute();
    }
    const last = batch.at(-1);
    if (!last || batch.length < rescheduleBatch) return;
    afterId = last.id;
  }
}

function prayerNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That prayer was not found.');
}

/** What the list shows of a stored request, in the person's time zone. */
function shownPrayer(row: PrayerRow, timeZone: string, prayedToday: boolean): PrayerRequest {
  const createdOn = localMoment(new Date(row.created_at), timeZone).date;
  return {
    id: row.id,
    title: row.title,
    details: row.details,
    person: row.person,
    verse_reference: row.verse_reference,
    reminder_days: row.reminder_days,
    reminder_time: row.reminder_time,
    answered_on: row.answered_on,
    answer_note: row.answer_note,
    days_to_answer: row.answered_on ? daysBetween(createdOn, row.answered_on) : null,
    prayed_today: prayedToday,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Which of these requests were prayed through on `day`. */
async function prayedOn(db: Db, userId: string, ids: string[], day: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('prayer_days')
    .select('request_id')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('request_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.request_id));
}

async function shown(deps: Deps, userId: string, rows: PrayerRow[]): Promise<PrayerRequest[]> {
  const timeZone = await knownTimeZone(deps, userId);
  const today = localMoment(deps.clock.now(), timeZone).date;
  const prayed = await prayedOn(
    deps.db,
    userId,
    rows.map((row) => row.id),
    today,
  );
  return rows.map((row) => shownPrayer(row, timeZone, prayed.has(row.id)));
}

async function shownOne(deps: Deps, userId: string, row: PrayerRow): Promise<PrayerRequest> {
  const [prayer] = await shown(deps, userId, [row]);
  if (!prayer) throw new Error('A prayer read was not shown');
  return prayer;
}

/**
 * The member's requests a page at a time (decision 012): every one or the open ones newest made
 * first (the (user, created_at, id) index), or the answered ones latest answered first (the
 * (user, answered_at, id) index).
 */
export async function listPrayers(
  deps: Deps & { cursors: PageCursors },
  userId: string,
  page: ListPrayersQuery,
): Promise<Page<PrayerRequest>> {
  const { db, cursors } = deps;
  const timeZone = await knownTimeZone(deps, userId);
  const today = localMoment(deps.clock.now(), timeZone).date;
  // Whether each was prayed through today, read with the page (the (request, day) key): a
  // query of its own cost the list a round trip.
  const prayedToday = sql<boolean>`exists (select 1 from prayer_days where prayer_days.request_id = prayer_requests.id and prayer_days.day = ${today})`;
  const base = db
    .selectFrom('prayer_requests')
    .select(prayerColumns)
    .select(prayedToday.as('prayed_today'))
    .where('user_id', '=', userId);
  const scope = listScope(
    'prayers',
    userId,
    page.answered === undefined ? null : String(page.answered),
  );
  type ListedRow = PrayerRow & { prayed_today: boolean };
  let result: Page<ListedRow>;
  if (page.answered === true) {
    result = await readPage<ListedRow>(
      cursors,
      scope,
      page,
      (row) => ({ time: row.answered_at ?? row.created_at, id: row.id }),
      (after, take) => {
        let query = base
          .where('answered_at', 'is not', null)
          .orderBy('answered_at', 'desc')
          .orderBy('id', 'desc')
          .limit(take);
        if (after) query = query.where(keyBefore(['answered_at', 'id'], [after.time, after.id]));
        return query.execute();
      },
    );
  } else {
    const query = page.answered === false ? base.where('answered_at', 'is', null) : base;
    result = await readNewestFirst(cursors, scope, page, { time: 'created_at' }, query);
  }
  return {
    ...result,
    items: result.items.map(({ prayed_today, ...row }) => shownPrayer(row, timeZone, prayed_today)),
  };
}

async function readPrayer(db: Db, userId: string, id: string): Promise<PrayerRow> {
  if (!isRowId(id)) throw prayerNotFound();
  const row = await db
    .selectFrom('prayer_requests')
    .select(prayerColumns)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw prayerNotFound();
  return row;
}

/** A request of the member's own to share with a group (decision 028): its words, or 404. */
export async function ownPrayerForSharing(
  db: Db,
  userId: string,
  id: string,
): Promise<{ id: string; title: string; details: string | null }> {
  const row = await readPrayer(db, userId, id);
  return { id: row.id, title: row.title, details: row.details };
}

/** One of the member's requests; someone else's id is as unknown as a made-up one (404). */
export async function getPrayer(deps: Deps, userId: string, id: string): Promise<PrayerRequest> {
  return shownOne(deps, userId, await readPrayer(deps.db, userId, id));
}

/** A new request; the owner is the session's user, never a field of the request. */
export async function createPrayer(
  deps: Deps,
  userId: string,
  prayer: NewPrayer,
): Promise<PrayerRequest> {
  const now = deps.clock.now().toISOString();
  const row = await deps.db
    .insertInto('prayer_requests')
    .values({
      id: newRowId(),
      user_id: userId,
      title: prayer.title,
      details: prayer.details,
      person: prayer.person,
      verse_reference: prayer.verse_reference,
      reference_verse: referenceVerse(prayer.verse_reference),
      reminder_days: prayer.reminder_days,
      reminder_time: prayer.reminder_time,
      reminder_next_at: await reminderNextAt(deps, userId, prayer),
      answered_on: null,
      answered_at: null,
      answer_note: null,
      created_at: now,
      updated_at: now,
    })
    .returning(prayerColumns)
    .executeTakeFirstOrThrow();
  return shownOne(deps, userId, row);
}

/** The fields given change; the rest stay. */
export async function updatePrayer(
  deps: Deps,
  userId: string,
  id: string,
  changes: PrayerChanges,
): Promise<PrayerRequest> {
  if (!isRowId(id)) throw prayerNotFound();
  const set: Partial<
    PrayerRow & Pick<PrayerRequestsTable, 'reminder_next_at' | 'reference_verse'>
  > = {
    updated_at: deps.clock.now().toISOString(),
  };
  if (changes.title !== undefined) set.title = changes.title;
  if (changes.details !== undefined) set.details = changes.details;
  if (changes.person !== undefined) set.person = changes.person;
  if (changes.verse_reference !== undefined) {
    set.verse_reference = changes.verse_reference;
    set.reference_verse = referenceVerse(changes.verse_reference);
  }
  // The schema takes a reminder's days and time together, so both are here when either is.
  if (changes.reminder_days !== undefined && changes.reminder_time !== undefined) {
    const existing = await readPrayer(deps.db, userId, id);
    set.reminder_days = changes.reminder_days;
    set.reminder_time = changes.reminder_time;
    set.reminder_next_at =
      existing.answered_at === null
        ? await reminderNextAt(deps, userId, {
            reminder_days: changes.reminder_days,
            reminder_time: changes.reminder_time,
          })
        : null;
  }
  const row = await deps.db
    .updateTable('prayer_requests')
    .set(set)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(prayerColumns)
    .executeTakeFirst();
  if (!row) throw prayerNotFound();
  return shownOne(deps, userId, row);
}

/** Deletes one of the member's requests and the days it was prayed. */
export async function deletePrayer(db: Db, userId: string, id: string): Promise<void> {
  if (!isRowId(id)) throw prayerNotFound();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('prayer_days')
      .where('request_id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    const result = await trx
      .deleteFrom('prayer_requests')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) throw prayerNotFound();
  });
}

/**
 * "Prayed": today (where the person is) is recorded for the request, once however often it is
 * asked, and the day counts for the streak (decision 016), in the same transaction.
 */
export async function prayPrayer(deps: Deps, userId: string, id: string): Promise<PrayerRequest> {
  const row = await readPrayer(deps.db, userId, id);
  await deps.db.transaction().execute(async (trx) => {
    const day = await personToday({ db: trx, clock: deps.clock, timeZone: deps.timeZone }, userId);
    await trx
      .insertInto('prayer_days')
      .values({ request_id: row.id, user_id: userId, day })
      .onConflict((oc) => oc.columns(['request_id', 'day']).doNothing())
      .execute();
    await recordStreakDay({ db: trx, clock: deps.clock }, userId, 'pray');
  });
  return shownOne(deps, userId, row);
}

/** Marks a request answered: on the day given (today where the person is, by default), and how. */
export async function answerPrayer(
  deps: Deps,
  userId: string,
  id: string,
  answer: Answer,
): Promise<PrayerRequest> {
  const existing = await readPrayer(deps.db, userId, id);
  const now = deps.clock.now();
  const timeZone = await knownTimeZone(deps, userId);
  const today = localMoment(now, timeZone).date;
  const createdOn = localMoment(new Date(existing.created_at), timeZone).date;
  const day = answer.answered_on ?? today;
  if (day > today) {
    throw new AppError('VALIDATION_ERROR', 'answered_on: Choose a day that has come.');
  }
  if (day < createdOn) {
    throw new AppError(
      'VALIDATION_ERROR',
      'answered_on: Choose a day on or after the day you added this prayer.',
    );
  }
  return updateAnswer(deps, userId, id, {
    answered_on: day,
    answered_at: now.toISOString(),
    answer_note: answer.answer_note,
    reminder_next_at: null,
  });
}

/** Back on the list: no longer answered. */
export async function unanswerPrayer(
  deps: Deps,
  userId: string,
  id: string,
): Promise<PrayerRequest> {
  const existing = await readPrayer(deps.db, userId, id);
  return updateAnswer(deps, userId, id, {
    answered_on: null,
    answered_at: null,
    answer_note: null,
    reminder_next_at: await reminderNextAt(deps, userId, existing),
  });
}

async function updateAnswer(
  deps: Deps,
  userId: string,
  id: string,
  answer: Pick<
    PrayerRequestsTable,
    'answered_on' | 'answered_at' | 'answer_note' | 'reminder_next_at'
  >,
): Promise<PrayerRequest> {
  const row = await deps.db
    .updateTable('prayer_requests')
    .set({ ...answer, updated_at: deps.clock.now().toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(prayerColumns)
    .executeTakeFirst();
  if (!row) throw prayerNotFound();
  return shownOne(deps, userId, row);
}
