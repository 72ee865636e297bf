// Following plans (decision 016): the plans a person follows, their days with dates and marks,
// ticking readings, catch-up, pause and resume, leaving, and plans made from a feeling.
// Dates are the person's local dates (streaks.service.ts's personToday); the date maths is in
// shared/plans/schedule.ts.
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction as KyselyTransaction, Updateable } from 'kysely';
import { parseVerseText } from '../../../shared/bible/verse-text.ts';
import type { Mood } from '../../../shared/mood/moods.ts';
import { libraryPlans } from '../../../shared/plans/library.ts';
import {
  buildMoodPlanDays,
  moodPlanDescription,
  moodPlanTitle,
  type ChapterShapes,
} from '../../../shared/plans/mood-plan.ts';
import {
  caughtUpDueDates,
  daysFrom,
  resumedDueDates,
  storedDueDates,
} from '../../../shared/plans/schedule.ts';
import {
  habitMessages,
  maxCustomPlans,
  maxFollowedPlans,
  type Enrollment,
  type EnrollmentList,
  type FollowedDaysResponse,
  type PlanDaysResponse,
  type PlanLibraryResponse,
} from '../../../shared/schemas/plans.ts';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';
import { isRowId, newRowId } from '../../db/ids.ts';
import type { Database, PlanEnrollmentsTable } from '../../db/types.ts';
import type { Bible } from '../../bible/bible.ts';
import { personToday, recordStreakDay } from '../streaks/streaks.service.ts';
import {
  addMark,
  completeDays,
  enrollmentColumns,
  enrollmentView,
  followedDay,
  loadMarks,
  planState,
  type DayMarks,
  type EnrollmentRow,
} from './enrollment-view.ts';
import { findPlan, findPlans, type PlanSource } from './plan-source.ts';

type Deps = { db: Db; clock: Clock };
type Transaction = KyselyTransaction<Database>;

/** Finished plans listed after the ones followed now. */
const finishedPlansListed = 20;
/** A plan may start this many days before or after today. */
const startDateReach = 366;

export const planMessages = {
  notFollowing: 'You are not following that plan.',
  alreadyFollowing: 'You are already following this plan. Leave it first to start again.',
  startDate: 'Choose a start date within a year of today.',
  noSuchDay: 'That day is not in this plan.',
  nothingToCatchUp: 'You are up to date with this plan: there is nothing to catch up.',
  resumeFirst: 'This plan is paused. Resume it before catching up.',
  alreadyPaused: 'This plan is already paused.',
  finished: 'This plan is finished.',
  notPaused: 'This plan is not paused.',
} as const;

const notFollowing = () => new AppError('NOT_FOUND', planMessages.notFollowing);
const unknownPlan = () => new AppError('NOT_FOUND', habitMessages.unknownPlan);

/** GET /api/plans: the library, the same for everyone. */
export function planLibrary(): PlanLibraryResponse {
  return { items: libraryPlans() };
}

/** A page of a plan's days: any library plan, or one's own custom plan. */
export async function planDays(
  db: Db,
  userId: string | null,
  planId: string,
  page: { from: number; count: number },
): Promise<PlanDaysResponse> {
  const plan = await findPlan(db, userId, planId);
  if (!plan) throw unknownPlan();
  return {
    plan: plan.summary,
    days: plan.days.slice(page.from - 1, page.from - 1 + page.count).map((day) => ({
      day: day.day,
      readings: day.readings,
      prompt: day.prompt,
      focus: day.focus,
    })),
  };
}

/**
 * Serializes one person's changes to the plans they follow (the limit and the one-at-a-time
 * rule are read, then written): a no-op update of their users row, which PostgreSQL locks until
 * the transaction ends (SQLite runs one write transaction at a time anyway).
 */
async function lockPerson(trx: Transaction, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .execute();
}

/** Views of these rows; a row whose plan is gone (none should be) is left out. */
async function viewsOf(
  { db }: Deps,
  userId: string,
  rows: readonly EnrollmentRow[],
  today: string,
): Promise<Enrollment[]> {
  const plans = await findPlans(
    db,
    userId,
    rows.map((row) => row.plan_id),
  );
  // A finished plan's days are all complete: its marks need not be read.
  const marks = await loadMarks(
    db,
    userId,
    rows.filter((row) => row.status !== 'finished').map((row) => row.id),
  );
  return rows.flatMap((row) => {
    const plan = plans.get(row.plan_id);
    return plan ? [enrollmentView(row, plan, marks.get(row.id) ?? new Map(), today)] : [];
  });
}

/** GET /api/my-plans: the plans followed now (newest first), then the last finished ones. */
export async function listEnrollments(deps: Deps, userId: string): Promise<EnrollmentList> {
  const followed = deps.db
    .selectFrom('plan_enrollments')
    .select(enrollmentColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  const open = await followed
    .where('status', 'in', ['active', 'paused'])
    .limit(maxFollowedPlans)
    .execute();
  const finished = await followed
    .where('status', '=', 'finished')
    .limit(finishedPlansListed)
    .execute();
  const today = await personToday(deps, userId);
  return { items: await viewsOf(deps, userId, [...open, ...finished], today) };
}

type Loaded = { row: EnrollmentRow; plan: PlanSource; marks: DayMarks };

/** One of the person's enrollments with its plan and marks; anyone else's is not found. */
async function loadEnrollment(db: Db, userId: string, id: string): Promise<Loaded> {
  if (!isRowId(id)) throw notFollowing();
  const row = await db
    .selectFrom('plan_enrollments')
    .select(enrollmentColumns)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const plan = row ? await findPlan(db, userId, row.plan_id) : null;
  if (!row || !plan) throw notFollowing();
  const marks = await loadMarks(db, userId, [row.id]);
  return { row, plan, marks: marks.get(row.id) ?? new Map() };
}

/** Refuses a new plan past the limit, or a plan already followed (active or paused). */
async function checkCanFollow(trx: Transaction, userId: string, planId: string): Promise<void> {
  const open = await trx
    .selectFrom('plan_enrollments')
    .select('plan_id')
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'paused'])
    .execute();
  if (open.some((row) => row.plan_id === planId)) {
    throw new AppError('CONFLICT', planMessages.alreadyFollowing);
  }
  if (open.length >= maxFollowedPlans) throw new AppError('CONFLICT', habitMessages.tooManyPlans);
}

async function insertEnrollment(
  trx: Transaction,
  userId: string,
  planId: string,
  startDate: string,
  now: string,
): Promise<EnrollmentRow> {
  return trx
    .insertInto('plan_enrollments')
    .values({
      id: newRowId(),
      user_id: userId,
      plan_id: planId,
      status: 'active',
      start_date: startDate,
      paused_on: null,
      schedule: null,
      finished_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning(enrollmentColumns)
    .executeTakeFirstOrThrow();
}

/** POST /api/my-plans: follow a library plan (or one's own custom plan) from a date. */
export async function followPlan(
  deps: Deps,
  userId: string,
  input: { plan_id: string; start_date?: string | undefined },
): Promise<Enrollment> {
  const { db, clock } = deps;
  const plan = await findPlan(db, userId, input.plan_id);
  if (!plan) throw unknownPlan();
  const today = await personToday(deps, userId);
  const startDate = input.start_date ?? today;
  if (Math.abs(daysFrom(today, startDate)) > startDateReach) {
    throw new AppError('VALIDATION_ERROR', planMessages.startDate);
  }
  const now = clock.now().toISOString();
  const row = await db.transaction().execute(async (trx) => {
    await lockPerson(trx, userId);
    await checkCanFollow(trx, userId, input.plan_id);
    return insertEnrollment(trx, userId, input.plan_id, startDate, now);
  });
  return enrollmentView(row, plan, new Map(), today);
}

/** Each chapter's verse count and paragraph starts, from the KJV. */
function chapterShapes(bible: Bible): ChapterShapes {
  return (bookIndex, chapter) => {
    const verses = bible.chapters[bookIndex]?.[chapter - 1] ?? [];
    return {
      verses: verses.length,
      paragraphStarts: verses.flatMap((raw, index) =>
        parseVerseText(raw).isParagraphStart ? [index + 1] : [],
      ),
    };
  };
}

/**
 * Keeps a person's custom plans to maxCustomPlans: the oldest that no plan followed now uses go
 * first, with their finished enrollments.
 */
async function pruneCustomPlans(trx: Transaction, userId: string): Promise<void> {
  const { count } = await trx
    .selectFrom('custom_plans')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const excess = Number(count) - maxCustomPlans;
  if (excess <= 0) return;
  const unused = await trx
    .selectFrom('custom_plans')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('plan_enrollments')
            .select('plan_enrollments.id')
            .whereRef('plan_enrollments.plan_id', '=', 'custom_plans.id')
            .where('plan_enrollments.status', 'in', ['active', 'paused']),
        ),
      ),
    )
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(excess)
    .execute();
  const ids = unused.map((row) => row.id);
  if (ids.length === 0) return;
  await trx
    .deleteFrom('plan_enrollments')
    .where('user_id', '=', userId)
    .where('plan_id', 'in', ids)
    .execute();
  await trx
    .deleteFrom('custom_plans')
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

/** POST /api/my-plans/mood: a 7-day plan for the mood, made now and followed from today. */
export async function followMoodPlan(
  deps: Deps & { bible: Bible },
  userId: string,
  mood: Mood,
): Promise<Enrollment> {
  const { db, clock } = deps;
  const days = buildMoodPlanDays(mood, chapterShapes(deps.bible));
  const today = await personToday(deps, userId);
  const now = clock.now().toISOString();
  const planId = newRowId();
  const row = await db.transaction().execute(async (trx) => {
    await lockPerson(trx, userId);
    await checkCanFollow(trx, userId, planId);
    await trx
      .insertInto('custom_plans')
      .values({
        id: planId,
        user_id: userId,
        title: moodPlanTitle(mood),
        description: moodPlanDescription(mood),
        mood,
        plan_days: days,
        created_at: now,
      })
      .execute();
    const enrollment = await insertEnrollment(trx, userId, planId, today, now);
    await pruneCustomPlans(trx, userId);
    return enrollment;
  });
  const plan = await findPlan(db, userId, planId);
  if (!plan) throw unknownPlan();
  return enrollmentView(row, plan, new Map(), today);
}

/** GET /api/my-plans/:id/days: a page of the followed plan's days, with dates and marks. */
export async function followedDays(
  deps: Deps,
  userId: string,
  id: string,
  page: { from: number; count: number },
): Promise<FollowedDaysResponse> {
  const { row, plan, marks } = await loadEnrollment(deps.db, userId, id);
  const today = await personToday(deps, userId);
  const state = planState(row, plan, marks, today);
  const days = [];
  const end = Math.min(plan.days.length, page.from - 1 + page.count);
  for (let index = page.from - 1; index < end; index += 1) {
    const day = followedDay(row, plan, marks, state, index);
    if (day) days.push(day);
  }
  return { enrollment: enrollmentView(row, plan, marks, today), days };
}

/** A change of one day's marks: these readings ticked (done) or unticked. */
type MarkChange = { day: number; readings: readonly number[]; done: boolean };

/**
 * Changes an enrollment's marks in one transaction that holds the enrollment (so two changes at
 * once each see the other's marks): `decide` picks the change from the marks as they are, or
 * nothing. A plan whose every day is then complete is finished; a finished plan with a day
 * unticked is followed again. Null when `decide` changed nothing.
 */
async function changeMarks(
  { db, clock }: Deps,
  userId: string,
  enrollmentId: string,
  plan: PlanSource,
  decide: (row: EnrollmentRow, marks: DayMarks) => MarkChange | null,
): Promise<{ row: EnrollmentRow; marks: DayMarks; dayCompleted: boolean } | null> {
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
    return { row, marks, dayCompleted: !wasComplete && complete[dayIndex] === true };
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
  if (changed?.dayCompleted) await recordStreakDay(deps, userId, 'plan');
  const today = await personToday(deps, userId);
  if (changed) return enrollmentView(changed.row, plan, changed.marks, today);
  const current = await loadEnrollment(deps.db, userId, id);
  return enrollmentView(current.row, current.plan, current.marks, today);
}

/**
 * Changes a followed plan only while it still has the status it was read with (a pause, resume
 * or catch-up racing another finds it changed: 409 with `conflict`), and gives back its row.
 */
async function updateWhile(
  deps: Deps,
  userId: string,
  row: EnrollmentRow,
  changes: Updateable<PlanEnrollmentsTable>,
  conflict: string,
): Promise<EnrollmentRow> {
  const updated = await deps.db
    .updateTable('plan_enrollments')
    .set({ ...changes, updated_at: deps.clock.now().toISOString() })
    .where('id', '=', row.id)
    .where('user_id', '=', userId)
    .where('status', '=', row.status)
    .returning(enrollmentColumns)
    .executeTakeFirst();
  if (!updated) throw new AppError('CONFLICT', conflict);
  return updated;
}

/** POST /api/my-plans/:id/catch-up: spreads the missed days with the rest (schedule.ts). */
export async function catchUp(deps: Deps, userId: string, id: string): Promise<Enrollment> {
  const { row, plan, marks } = await loadEnrollment(deps.db, userId, id);
  if (row.status === 'paused') throw new AppError('CONFLICT', planMessages.resumeFirst);
  const today = await personToday(deps, userId);
  const { complete, dates } = planState(row, plan, marks, today);
  const schedule =
    row.status === 'active' ? caughtUpDueDates(dates, complete, today, row.start_date) : null;
  if (!schedule) throw new AppError('CONFLICT', planMessages.nothingToCatchUp);
  const updated = await updateWhile(deps, userId, row, { schedule }, planMessages.resumeFirst);
  return enrollmentView(updated, plan, marks, today);
}

/** POST /api/my-plans/:id/pause: the plan rests from today; it asks for nothing meanwhile. */
export async function pausePlan(deps: Deps, userId: string, id: string): Promise<Enrollment> {
  const { row, plan, marks } = await loadEnrollment(deps.db, userId, id);
  if (row.status !== 'active') {
    const message = row.status === 'paused' ? planMessages.alreadyPaused : planMessages.finished;
    throw new AppError('CONFLICT', message);
  }
  const today = await personToday(deps, userId);
  const updated = await updateWhile(
    deps,
    userId,
    row,
    { status: 'paused', paused_on: today },
    planMessages.alreadyPaused,
  );
  return enrollmentView(updated, plan, marks, today);
}

/**
 * POST /api/my-plans/:id/resume: followed again, every day not done due later by the days the
 * plan rested (done days keep their dates).
 */
export async function resumePlan(deps: Deps, userId: string, id: string): Promise<Enrollment> {
  const { row, plan, marks } = await loadEnrollment(deps.db, userId, id);
  if (row.status !== 'paused' || !row.paused_on) {
    throw new AppError('CONFLICT', planMessages.notPaused);
  }
  const today = await personToday(deps, userId);
  const complete = completeDays(row, plan, marks);
  const dates = storedDueDates(row, plan.days.length);
  const moved = daysFrom(row.paused_on, today) > 0;
  const updated = await updateWhile(
    deps,
    userId,
    row,
    {
      status: 'active',
      paused_on: null,
      ...(moved ? { schedule: resumedDueDates(dates, complete, row.paused_on, today) } : {}),
    },
    planMessages.notPaused,
  );
  return enrollmentView(updated, plan, marks, today);
}

/**
 * DELETE /api/my-plans/:id: leaves the plan; its marks go with it. A plan made from a feeling
 * that nothing follows any more goes too: it was made for that moment, and no screen lists it.
 */
export async function leavePlan(db: Db, userId: string, id: string): Promise<void> {
  if (!isRowId(id)) throw notFollowing();
  await db.transaction().execute(async (trx) => {
    const left = await trx
      .deleteFrom('plan_enrollments')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('plan_id')
      .executeTakeFirst();
    if (!left) throw notFollowing();
    if (!isRowId(left.plan_id)) return;
    const stillFollowed = await trx
      .selectFrom('plan_enrollments')
      .select('id')
      .where('user_id', '=', userId)
      .where('plan_id', '=', left.plan_id)
      .executeTakeFirst();
    if (stillFollowed) return;
    await trx
      .deleteFrom('custom_plans')
      .where('id', '=', left.plan_id)
      .where('user_id', '=', userId)
      .execute();
  });
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
 * A day is done when its chapters are read in the reader (docs/product.md §4, Habits): a chapter read
 * marks, in every active plan, its earliest reading not done among the days due up to today
 * (a chapter a plan reads twice is marked once a read). A day so completed counts for the
 * streak. Called after the progress save; the reading position of the spec's reading plan is
 * apart and unchanged.
 */
export async function markChapterRead(
  deps: Deps,
  userId: string,
  chapter: { bookIndex: number; chapter: number },
): Promise<void> {
  const followed = await activePlans(deps.db, userId);
  if (followed.length === 0) return;
  const today = await personToday(deps, userId);
  let dayCompleted = false;
  for (const { row, plan, marks } of followed) {
    if (!nextReadingOf(row, plan, marks, today, chapter)) continue;
    const changed = await changeMarks(deps, userId, row.id, plan, (held, current) =>
      held.status === 'active' ? nextReadingOf(held, plan, current, today, chapter) : null,
    );
    if (changed?.dayCompleted) dayCompleted = true;
  }
  if (dayCompleted) await recordStreakDay(deps, userId, 'plan');
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
