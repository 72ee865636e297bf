import type { Db } from '#server/db/connect.ts';
import type { PlanEnrollmentsTable } from '#server/db/types.ts';
import {
  daysBehind,
  daysForToday,
  effectiveDueDates,
  lastDueDate,
} from '#shared/plans/schedule.ts';
import { maxPlanDaysPerPage, type Enrollment, type FollowedDay } from '#shared/schemas/plans.ts';
import type { PlanSource } from './plan-source.ts';

export const enrollmentColumns = [
  'id',
  'plan_id',
  'status',
  'start_date',
  'paused_on',
  'schedule',
  'finished_at',
  'created_at',
] as const;
export type EnrollmentRow = Pick<PlanEnrollmentsTable, (typeof enrollmentColumns)[number]>;

/** A done reading, as plan_reading_marks keeps it beside its owner and time. */
export const markColumns = ['enrollment_id', 'day', 'reading'] as const;

/** The done readings of a followed plan: plan day number → reading indices. */
export type DayMarks = Map<number, Set<number>>;

/** The marks of these enrollments (the person's own), by enrollment id. */
export async function loadMarks(
  db: Db,
  userId: string,
  enrollmentIds: readonly string[],
): Promise<Map<string, DayMarks>> {
  const marks = new Map<string, DayMarks>(enrollmentIds.map((id) => [id, new Map()]));
  if (enrollmentIds.length === 0) return marks;
  const rows = await db
    .selectFrom('plan_reading_marks')
    .select(markColumns)
    .where('user_id', '=', userId)
    .where('enrollment_id', 'in', enrollmentIds)
    .execute();
  for (const row of rows) addMark(marks.get(row.enrollment_id), row.day, row.reading);
  return marks;
}

export function addMark(marks: DayMarks | undefined, day: number, reading: number): void {
  if (!marks) return;
  const readings = marks.get(day) ?? new Set<number>();
  readings.add(reading);
  marks.set(day, readings);
}

/** Whether each plan day is complete (a finished plan's are, whatever its marks). */
export function completeDays(row: EnrollmentRow, plan: PlanSource, marks: DayMarks): boolean[] {
  return plan.days.map(
    (day, index) =>
      row.status === 'finished' ||
      day.readings.every((_, reading) => marks.get(index + 1)?.has(reading) === true),
  );
}

/** A followed plan's state today: which days are complete and when each is due. */
export type PlanState = { complete: boolean[]; dates: string[] };

export function planState(
  row: EnrollmentRow,
  plan: PlanSource,
  marks: DayMarks,
  today: string,
): PlanState {
  const complete = completeDays(row, plan, marks);
  return { complete, dates: effectiveDueDates(row, complete, today, plan.summary.self_paced) };
}

/** Plan day `index` (0-based) as the person follows it: its date and done flags. */
export function followedDay(
  row: EnrollmentRow,
  plan: PlanSource,
  marks: DayMarks,
  state: PlanState,
  index: number,
): FollowedDay | null {
  const day = plan.days[index];
  const date = state.dates[index];
  if (!day || !date) return null;
  const done = day.readings.map(
    (_, reading) => row.status === 'finished' || marks.get(index + 1)?.has(reading) === true,
  );
  return {
    day: index + 1,
    readings: day.readings,
    prompt: day.prompt,
    focus: day.focus,
    date,
    done,
    complete: state.complete[index] === true,
  };
}

export function enrollmentView(
  row: EnrollmentRow,
  plan: PlanSource,
  marks: DayMarks,
  today: string,
): Enrollment {
  const state = planState(row, plan, marks, today);
  // A paused plan asks for nothing today; a plan read at one's own pace for its next day.
  const next = state.complete.indexOf(false);
  const shown =
    row.status === 'paused'
      ? []
      : plan.summary.self_paced
        ? next < 0
          ? []
          : [next]
        : daysForToday(state.dates, state.complete, today, maxPlanDaysPerPage);
  return {
    id: row.id,
    plan: plan.summary,
    status: row.status,
    start_date: row.start_date,
    end_date: lastDueDate(state.dates, row.start_date),
    paused_on: row.paused_on,
    days_done: state.complete.filter(Boolean).length,
    days_behind: daysBehind(state.dates, state.complete, today),
    today: shown.flatMap((index) => followedDay(row, plan, marks, state, index) ?? []),
    created_at: row.created_at,
  };
}
