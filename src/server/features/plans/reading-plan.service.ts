// The reader's reading plan (docs/product.md, Progress and reading plans): since decision 022 it is
// the library's whole-Bible plan, read at one's own pace, followed like any other plan on /plans.
// This module keeps the reader's view of it: the next chapter it asks for, starting it after the
// last chapter read, and stopping it.
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { getLatestRead } from '#server/features/progress/chapters-read.service.ts';
import { personToday } from '#server/features/streaks/streaks.service.ts';
import { firstPosition, nextPosition, type ReaderPosition } from '#shared/bible/navigation.ts';
import { libraryPlanDays, readingPlanId } from '#shared/plans/library.ts';
import type { ReadingPlan } from '#shared/schemas/reading.ts';
import { checkCanFollow, insertEnrollment, lockPerson } from './enrollment-store.ts';

type Deps = { db: Db; clock: Clock };

/** Marks are written this many at a time (well under either database's limit on parameters). */
const marksPerInsert = 500;

/** The plan day (1-based) that reads this chapter. */
function dayOfChapter(position: ReaderPosition): number {
  const index = libraryPlanDays(readingPlanId).findIndex(
    ({ readings: [reading] }) =>
      reading?.book_index === position.bookIndex && reading.chapter === position.chapter,
  );
  return index + 1;
}

/**
 * The person's reading plan while it is followed (a paused or finished one is not), with the
 * chapter it asks for next: its first day not done. Null when there is none.
 */
export async function getActivePlan(db: Db, userId: string): Promise<ReadingPlan | null> {
  const row = await db
    .selectFrom('plan_enrollments')
    .select(['id', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .where('plan_id', '=', readingPlanId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (!row) return null;
  const marks = await db
    .selectFrom('plan_reading_marks')
    .select('day')
    .where('user_id', '=', userId)
    .where('enrollment_id', '=', row.id)
    .execute();
  const done = new Set(marks.map((mark) => mark.day));
  const days = libraryPlanDays(readingPlanId);
  const next = days.find((day) => !done.has(day.day)) ?? days.at(-1);
  const reading = next?.readings[0];
  if (!reading) return null;
  return {
    id: row.id,
    is_active: true,
    current_book_index: reading.book_index,
    current_chapter: reading.chapter,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

/**
 * Starts the reading plan at the chapter after the last one read (or Genesis 1): the whole-Bible
 * plan, followed from today with the days before that chapter ticked. A person already following
 * it gets theirs back (isNew false). The limit on plans followed holds, and two requests at once
 * make one plan (the person is locked while following).
 */
export async function startReadingPlan(
  deps: Deps,
  userId: string,
): Promise<{ plan: ReadingPlan; isNew: boolean }> {
  const active = await getActivePlan(deps.db, userId);
  if (active) return { plan: active, isNew: false };
  const latest = await getLatestRead(deps.db, userId);
  const start = latest ? (nextPosition(latest) ?? latest) : firstPosition;
  const today = await personToday(deps, userId);
  const now = deps.clock.now().toISOString();
  const daysBefore = Math.max(0, dayOfChapter(start) - 1);
  const isNew = await deps.db.transaction().execute(async (trx) => {
    await lockPerson(trx, userId);
    const already = await trx
      .selectFrom('plan_enrollments')
      .select('id')
      .where('user_id', '=', userId)
      .where('plan_id', '=', readingPlanId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (already) return false;
    await checkCanFollow(trx, userId, readingPlanId);
    const enrollment = await insertEnrollment(trx, userId, readingPlanId, today, now);
    for (let first = 1; first <= daysBefore; first += marksPerInsert) {
      const last = Math.min(daysBefore, first + marksPerInsert - 1);
      await trx
        .insertInto('plan_reading_marks')
        .values(
          Array.from({ length: last - first + 1 }, (_, index) => ({
            enrollment_id: enrollment.id,
            user_id: userId,
            day: first + index,
            reading: 0,
            done_at: now,
          })),
        )
        .execute();
    }
    return true;
  });
  const plan = await getActivePlan(deps.db, userId);
  if (!plan) throw new AppError('CONFLICT', 'Your reading plan changed meanwhile; try again.');
  return { plan, isNew };
}

/**
 * Stops the reading plan: the person no longer follows it (its ticks go with it, as when leaving
 * any plan); the chapters read stay read.
 */
export async function stopReadingPlan(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('plan_enrollments')
    .where('user_id', '=', userId)
    .where('plan_id', '=', readingPlanId)
    .where('status', 'in', ['active', 'paused'])
    .execute();
}
