// The plan library (decision 016): the same for everyone, and a page of any plan's days.
import type { Db } from '#server/db/connect.ts';
import { libraryPlans } from '#shared/plans/library.ts';
import type { PlanDaysResponse, PlanLibraryResponse } from '#shared/schemas/plans.ts';
import { unknownPlan } from './enrollment-store.ts';
import { findPlan } from './plan-source.ts';

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
