// A followed plan's pace: catching up on missed days, pausing and resuming (decision 016).
import type { Updateable } from 'kysely';
import { AppError } from '#server/app-error.ts';
import type { PlanEnrollmentsTable } from '#server/db/types.ts';
import { personToday } from '#server/features/streaks/streaks.service.ts';
import {
  caughtUpDueDates,
  daysFrom,
  resumedDueDates,
  storedDueDates,
} from '#shared/plans/schedule.ts';
import type { Enrollment } from '#shared/schemas/plans.ts';
import { type Deps, loadEnrollment, planMessages } from './enrollment-store.ts';
import {
  completeDays,
  enrollmentColumns,
  enrollmentView,
  planState,
  type EnrollmentRow,
} from './enrollment-view.ts';

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
  // A plan read at its own pace has no dates to move (decision 022).
  const moved = daysFrom(row.paused_on, today) > 0 && !plan.summary.self_paced;
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
