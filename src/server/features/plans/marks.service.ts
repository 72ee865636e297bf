// Ticking a followed plan's readings: by hand, or by reading the chapter in the reader, and the
// readings still due today for the daily reminder. A day completed counts for the streak.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { chaptersReadSince } from '#server/features/progress/chapters-read.service.ts';
import {
  personTimeZone,
  personToday,
  recordStreakDay,
} from '#server/features/streaks/streaks.service.ts';
import { localMoment } from '#shared/notifications/schedule.ts';
import { maxFollowedPlans, type Enrollment } from '#shared/schemas/plans.ts';
import { type Deps, loadEnrollment, notFollowing, planMessages } from './enrollment-store.ts';
import {
  addMark,
  completeDays,
  enrollmentColumns,
  enrollmentView,
  loadMarks,
  planState,
  type DayMarks,
  type EnrollmentRow,
} from './enrollment-view.ts';
import { findPlans, type PlanSource } from './plan-source.ts';

/** A change of one day's marks: these readings ticked (done) or unticked. */
type MarkChange = { day: number; readings: readonly number[]; done: boolean };

/**
 * Changes an enrollment's marks in one transaction that holds the enrollment (so two changes at
 * once each see the other's marks): `decide` picks the change from the marks as they are, or
 * nothing. A plan whose every day is then complete is finished; a finished plan with a day
 * unticked is followed again; a day ticked complete counts for the streak. Null when `decide`
 * changed nothing.
 */
async function changeMarks(
  { db, clock }: Deps,
  userId: string,
  enrollmentId: string,
  plan: PlanSource,
  decide: (row: EnrollmentRow, marks: DayMarks) => MarkChange | null,
): Promise<{ row: EnrollmentRow; marks: DayMarks } | null> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable('plan_enrollments')
      .set({ updated_at: now })
      .where('id', '=', enrollmentId)
      .where('user_id', '=', userId)
      .returning(enrollmentColumns)
      .executeTakeFirst();
    if (!held) throw notFollowing();
    const marks = (await loadMarks(trx, userId, [held.id])).get(held.id) ?? new Map();
    const change = decide(held, marks);
    if (!change) return null;
    const dayIndex = change.day - 1;
    const wasComplete = completeDays({ ...held, status: 'active' }, plan, marks)[dayIndex];
    if (change.done) {
      await trx
        .insertInto('plan_reading_marks')
        .values(
          change.readings.map((reading) => ({
            enrollment_id: held.id,
            user_id: userId,
            day: change.day,
            reading,
            done_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['enrollment_id', 'day', 'reading']).doNothing())
        .execute();
      for (const reading of change.readings) addMark(marks, change.day, reading);
    } else {
      await trx
        .deleteFrom('plan_reading_marks')
        .where('enrollment_id', '=', held.id)
        .where('day', '=', change.day)
        .where('reading', 'in', [...change.readings])
        .execute();
      for (const reading of change.readings) marks.get(change.day)?.delete(reading);
    }
    const complete = completeDays({ ...held, status: 'active' }, plan, marks);
    const allDone = complete.every(Boolean);
    let row = held;
    if (allDone !== (held.status === 'finished')) {
      row = await trx
        .updateTable('plan_enrollments')
        .set(
          allDone
            ? { status: 'finished', finished_at: now, paused_on: null }
            : { status: 'active', finished_at: null },
        )
        .where('id', '=', held.id)
        .returning(enrollmentColumns)
        .executeTakeFirstOrThrow();
    }
    // A day ticked complete counts for the streak, in the same transaction (decision 021).
    if (!wasComplete && complete[dayIndex] === true) {
      await recordStreakDay({ db: trx, clock }, userId, 'plan');
    }
    return { row, marks };
  });
}

/**
 * PUT /api/my-plans/:id/days/:day: ticks (or unticks) readings of a day, every reading of it when
 * none is named. A day ticked complete counts for the streak.
 */
export async function markDay(
  deps: Deps,
  userId: string,
  id: string,
  dayNumber: number,
  input: { done: boolean; readings?: number[] | undefined },
): Promise<Enrollment> {
  const { row, plan } = await loadEnrollment(deps.db, userId, id);
  const day = plan.days[dayNumber - 1];
  if (!day) throw new AppError('NOT_FOUND', planMessages.noSuchDay);
  const readings = [...new Set(input.readings ?? day.readings.map((_, index) => index))];
  const outOfRange = readings.find((reading) => reading >= day.readings.length);
  if (outOfRange !== undefined) {
    const count = day.readings.length;
    throw new AppError(
      'VALIDATION_ERROR',
      `Day ${dayNumber} has ${count} ${count === 1 ? 'reading' : 'readings'}.`,
    );
  }
  const changed =
    readings.length === 0
      ? null
      : await changeMarks(deps, userId, row.id, plan, () => ({
          day: dayNumber,
          readings,
          done: input.done,
        }));
  const today = await personToday(deps, userId);
  if (changed) return enrollmentView(changed.row, plan, changed.marks, today);
  const current = await loadEnrollment(deps.db, userId, id);
  return enrollmentView(current.row, current.plan, current.marks, today);
}

/** The person's active plans with their plans and marks. */
async function activePlans(db: Db, userId: string) {
  const rows = await db
    .selectFrom('plan_enrollments')
    .select(enrollmentColumns)
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(maxFollowedPlans)
    .execute();
  if (rows.length === 0) return [];
  const plans = await findPlans(
    db,
    userId,
    rows.map((row) => row.plan_id),
  );
  const marks = await loadMarks(
    db,
    userId,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => {
    const plan = plans.get(row.plan_id);
    return plan ? [{ row, plan, marks: marks.get(row.id) ?? new Map<number, Set<number>>() }] : [];
  });
}

/**
 * For the daily reading reminder: the readings not done of each active plan, of the days due on
 * or before `today` (the person's local date), oldest first; plans with nothing due are left out.
 */
export async function todaysPlanReadings(
  deps: { db: Db; clock: Clock },
  userId: string,
  today: string,
): Promise<{ enrollment_id: string; plan_title: string; labels: string[] }[]> {
  const followed = await activePlans(deps.db, userId);
  return followed.flatMap(({ row, plan, marks }) => {
    const view = enrollmentView(row, plan, marks, today);
    const labels = view.today.flatMap((day) =>
      day.readings.flatMap((reading, index) => (day.done[index] ? [] : [reading.label])),
    );
    return labels.length > 0
      ? [{ enrollment_id: row.id, plan_title: plan.summary.title, labels }]
      : [];
  });
}

/**
 * The earliest reading of this chapter not done yet, among the days due up to today, as
 * { day, readings: [index] }; null when the plan has none.
 */
function nextReadingOf(
  row: EnrollmentRow,
  plan: PlanSource,
  marks: DayMarks,
  today: string,
  chapter: { bookIndex: number; chapter: number },
): MarkChange | null {
  const { dates } = planState(row, plan, marks, today);
  for (const [index, day] of plan.days.entries()) {
    if ((dates[index] ?? today) > today) continue;
    const reading = day.readings.findIndex(
      (candidate, readingIndex) =>
        candidate.book_index === chapter.bookIndex &&
        candidate.chapter === chapter.chapter &&
        marks.get(index + 1)?.has(readingIndex) !== true,
    );
    if (reading >= 0) return { day: index + 1, readings: [reading], done: true };
  }
  return null;
}

/**
 * A day is done when its chapters are read in the reader (docs/product.md, Habits): a chapter
 * read marks, in every active plan (or only in `onlyEnrollment`), its earliest reading not done
 * among the days due up to today (a chapter a plan reads twice is marked once a read). A day so
 * completed counts for the streak. The reader's reading plan is one of these plans: its first
 * day not done is always due today, so reading that chapter moves it on and reading any other
 * leaves it (decision 022).
 */
export async function markChapterRead(
  deps: Deps,
  userId: string,
  chapter: { bookIndex: number; chapter: number },
  onlyEnrollment?: string,
): Promise<void> {
  const followed = (await activePlans(deps.db, userId)).filter(
    ({ row }) => onlyEnrollment === undefined || row.id === onlyEnrollment,
  );
  if (followed.length === 0) return;
  const today = await personToday(deps, userId);
  for (const { row, plan, marks } of followed) {
    if (!nextReadingOf(row, plan, marks, today, chapter)) continue;
    await changeMarks(deps, userId, row.id, plan, (held, current) =>
      held.status === 'active' ? nextReadingOf(held, plan, current, today, chapter) : null,
    );
  }
}

/**
 * A plan followed from today counts the chapters already read today (the person's own date):
 * each ticks its reading as if read now, oldest first.
 */
export async function tickChaptersReadToday(
  deps: Deps,
  userId: string,
  enrollmentId: string,
): Promise<void> {
  const zone = await personTimeZone(deps.db, userId);
  const today = localMoment(deps.clock.now(), zone).date;
  // A local day is at most 26 hours long from any instant in it (UTC-12 to UTC+14).
  const since = new Date(deps.clock.now().getTime() - 26 * 60 * 60 * 1000).toISOString();
  const read = await chaptersReadSince(deps.db, userId, since);
  for (const chapter of read) {
    if (localMoment(new Date(chapter.readAt), zone).date !== today) continue;
    await markChapterRead(deps, userId, chapter, enrollmentId);
  }
}

/**
 * What a chapter read in the reader does beyond the progress save (decision 016): the day counts for
 * the streak, and the chapter's reading is ticked in the plans followed. Neither is worth failing
 * the save for: a failure is logged and the chapter stays read.
 */
export async function afterChapterRead(
  deps: Deps,
  userId: string,
  chapter: { bookIndex: number; chapter: number },
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await recordStreakDay(deps, userId, 'read');
  } catch (error) {
    log.error({ err: error }, 'recording the streak day of a chapter read failed');
  }
  try {
    await markChapterRead(deps, userId, chapter);
  } catch (error) {
    log.error({ err: error }, 'ticking the plans of a chapter read failed');
  }
}
