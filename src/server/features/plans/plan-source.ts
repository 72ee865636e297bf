import type { Db } from '#server/db/connect.ts';
import { isRowId } from '#server/db/ids.ts';
import type { CustomPlansTable } from '#server/db/types.ts';
import { isMood } from '#shared/mood/moods.ts';
import { isLibraryPlanId, libraryPlanDays, libraryPlanSummary } from '#shared/plans/library.ts';
import type { PlanDay, PlanSummary } from '#shared/schemas/plans.ts';

/** A plan with its days: the library's (worked out from the Bible's data) or a person's own. */
export type PlanSource = { summary: PlanSummary; days: readonly PlanDay[] };

export const customPlanColumns = ['id', 'title', 'description', 'mood', 'plan_days'] as const;
type CustomPlanRow = Pick<CustomPlansTable, (typeof customPlanColumns)[number]>;

function customPlanSource(row: CustomPlanRow): PlanSource {
  return {
    summary: {
      id: row.id,
      kind: 'mood',
      title: row.title,
      description: row.description,
      days: row.plan_days.length,
      chapters: row.plan_days.reduce((sum, day) => sum + day.readings.length, 0),
      mood: isMood(row.mood) ? row.mood : null,
      self_paced: false,
    },
    days: row.plan_days,
  };
}

function libraryPlan(planId: string): PlanSource | null {
  if (!isLibraryPlanId(planId)) return null;
  return { summary: libraryPlanSummary(planId), days: libraryPlanDays(planId) };
}

/**
 * The plans of these ids a person may see: the library's, and their own custom plans (anyone
 * else's id is as unknown as a made-up one).
 */
export async function findPlans(
  db: Db,
  userId: string | null,
  planIds: readonly string[],
): Promise<Map<string, PlanSource>> {
  const found = new Map<string, PlanSource>();
  const customIds: string[] = [];
  for (const planId of new Set(planIds)) {
    const plan = libraryPlan(planId);
    if (plan) found.set(planId, plan);
    else if (isRowId(planId)) customIds.push(planId);
  }
  if (userId && customIds.length > 0) {
    const rows = await db
      .selectFrom('custom_plans')
      .select(customPlanColumns)
      .where('user_id', '=', userId)
      .where('id', 'in', customIds)
      .execute();
    for (const row of rows) found.set(row.id, customPlanSource(row));
  }
  return found;
}

export async function findPlan(
  db: Db,
  userId: string | null,
  planId: string,
): Promise<PlanSource | null> {
  return (await findPlans(db, userId, [planId])).get(planId) ?? null;
}
