// One person's followed plans as stored: the messages of a refusal, loading one enrollment with
// its plan and marks, the per-person lock, and the checks and insert of following a plan.
import type { Transaction as KyselyTransaction } from 'kysely';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import type { Database } from '#server/db/types.ts';
import { habitMessages, maxFollowedPlans } from '#shared/schemas/plans.ts';
import {
  enrollmentColumns,
  loadMarks,
  type DayMarks,
  type EnrollmentRow,
} from './enrollment-view.ts';
import { findPlan, type PlanSource } from './plan-source.ts';

export type Deps = { db: Db; clock: Clock };
export type Transaction = KyselyTransaction<Database>;

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

export const notFollowing = () => new AppError('NOT_FOUND', planMessages.notFollowing);
export const unknownPlan = () => new AppError('NOT_FOUND', habitMessages.unknownPlan);

/**
 * Serializes one person's changes to the plans they follow (the limit and the one-at-a-time
 * rule are read, then written): a no-op update of their users row, which PostgreSQL locks until
 * the transaction ends (SQLite runs one write transaction at a time anyway).
 */
export async function lockPerson(trx: Transaction, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', userId)
    .execute();
}

export type Loaded = { row: EnrollmentRow; plan: PlanSource; marks: DayMarks };

/** One of the person's enrollments with its plan and marks; anyone else's is not found. */
export async function loadEnrollment(db: Db, userId: string, id: string): Promise<Loaded> {
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
export async function checkCanFollow(
  trx: Transaction,
  userId: string,
  planId: string,
): Promise<void> {
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

export async function insertEnrollment(
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
