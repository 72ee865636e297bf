// Following plans (decision 016): the plans a person follows, following a library plan or one made
// from a feeling, a followed plan's days with dates and marks, and leaving. Dates are the person's
// local dates (streaks.service.ts's personToday); the date maths is in shared/plans/schedule.ts.
import { AppError } from '#server/app-error.ts';
import type { Bible } from '#server/bible/bible.ts';
import type { Db } from '#server/db/connect.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import { personToday } from '#server/features/streaks/streaks.service.ts';
import { parseVerseText } from '#shared/bible/verse-text.ts';
import type { Mood } from '#shared/mood/moods.ts';
import {
  buildMoodPlanDays,
  moodPlanDescription,
  moodPlanTitle,
  type ChapterShapes,
} from '#shared/plans/mood-plan.ts';
import { daysFrom } from '#shared/plans/schedule.ts';
import {
  maxCustomPlans,
  maxFollowedPlans,
  type Enrollment,
  type EnrollmentList,
  type FollowedDaysResponse,
} from '#shared/schemas/plans.ts';
import {
  type Deps,
  type Transaction,
  checkCanFollow,
  insertEnrollment,
  loadEnrollment,
  lockPerson,
  notFollowing,
  planMessages,
  unknownPlan,
} from './enrollment-store.ts';
import {
  enrollmentColumns,
  enrollmentView,
  followedDay,
  loadMarks,
  markColumns,
  planState,
  type EnrollmentRow,
} from './enrollment-view.ts';
import { tickChaptersReadToday } from './marks.service.ts';
import { customPlanColumns, findPlan, findPlans } from './plan-source.ts';

/** Finished plans listed after the ones followed now. */
const finishedPlansListed = 20;
/** A plan may start this many days before or after today. */
const startDateReach = 366;

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
  if (startDate > today) return enrollmentView(row, plan, new Map(), today);
  // Chapters read earlier today count for a plan followed from today (or from before).
  await tickChaptersReadToday(deps, userId, row.id);
  const followed = await loadEnrollment(db, userId, row.id);
  return enrollmentView(followed.row, followed.plan, followed.marks, today);
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

/**
 * The columns of a person's plans that their export holds: the ones this feature reads, with
 * the owner and the times kept beside them.
 */
export const planExportColumns = {
  custom_plans: [...customPlanColumns, 'user_id', 'created_at'],
  plan_enrollments: [...enrollmentColumns, 'user_id', 'updated_at'],
  plan_reading_marks: [...markColumns, 'user_id', 'done_at'],
} as const;
