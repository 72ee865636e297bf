// Reading plans one follows (decision 016): the library, plans made from a feeling, and following
// them. The spec's one active reading plan (/api/reading-plan, reading.ts) is apart and unchanged.
import { z } from 'zod';
import { moods } from '#shared/mood/moods.ts';
import { maxPlanDaysPerPage, planDaysPageSize } from '#shared/rules/habits.ts';

export * from '#shared/rules/habits.ts';

/**
 * One reading of a plan day: a chapter, or part of one (M'Cheyne's Psalm 119 is read in parts).
 * A reading is done when its chapter is read in the reader, or when it is ticked.
 */
export const planReadingSchema = z.object({
  book_index: z.number().int().min(0).max(65),
  chapter: z.number().int().min(1),
  /** 'first-last' verses of the chapter when only part of it is read, else null. */
  verses: z.string().nullable(),
  /** How a person reads it: "Genesis 1", "Psalm 119:1–24". */
  label: z.string(),
});
export type PlanReading = z.infer<typeof planReadingSchema>;

/** A plan day as stored for a custom plan, and as the library works it out. */
export const planDaySchema = z.object({
  day: z.number().int().min(1),
  readings: z.array(planReadingSchema),
  /** A mood plan's journal prompt for the day; null in library plans. */
  prompt: z.string().nullable(),
  /** A mood plan's verse the day's passage is around ("Psalm 34:18"); null in library plans. */
  focus: z.string().nullable(),
});
export type PlanDay = z.infer<typeof planDaySchema>;

/** A plan of the library or a person's own, without its days. */
export const planSummarySchema = z.object({
  /** 'bible-in-a-year', 'nt-90', …, or a custom plan's row id. */
  id: z.string(),
  kind: z.enum(['library', 'mood']),
  title: z.string(),
  description: z.string(),
  /** Number of days. */
  days: z.number().int(),
  /** Chapters read over the plan (a chapter read twice counts twice). */
  chapters: z.number().int(),
  mood: z.enum(moods).nullable(),
  /**
   * A plan read at one's own pace has no dates: its first day not done is always today's, and
   * nothing is ever behind (the reader's reading plan, decision 022).
   */
  self_paced: z.boolean(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

/** GET /api/plans (public): the library. */
export const planLibraryResponseSchema = z.object({ items: z.array(planSummarySchema) });
export type PlanLibraryResponse = z.infer<typeof planLibraryResponseSchema>;

/** GET /api/plans/:planId/days?from=1&count=7 (public for library plans, owner-only for custom). */
export const planDaysQuerySchema = z.object({
  from: z.coerce.number().int().min(1).default(1),
  count: z.coerce.number().int().min(1).max(maxPlanDaysPerPage).default(planDaysPageSize),
});
export const planDaysResponseSchema = z.object({
  plan: planSummarySchema,
  days: z.array(planDaySchema),
});
export type PlanDaysResponse = z.infer<typeof planDaysResponseSchema>;

export const localDateSchema = z.iso.date('Choose a date.');

/** POST /api/my-plans: follow a plan from a date (the person's local date; default today). */
export const followPlanRequestSchema = z.object({
  plan_id: z.string().min(1).max(64),
  start_date: localDateSchema.optional(),
});

/** POST /api/my-plans/mood: make a 7-day plan for a mood and follow it from today. */
export const moodPlanRequestSchema = z.object({ mood: z.enum(moods) });

/** A plan day as one follows it: its date and which readings are done. */
export const followedDaySchema = planDaySchema.extend({
  /** The local date it is due on. */
  date: localDateSchema,
  /** One flag a reading, in order. */
  done: z.array(z.boolean()),
  complete: z.boolean(),
});
export type FollowedDay = z.infer<typeof followedDaySchema>;

/** A plan a person follows. */
export const enrollmentSchema = z.object({
  id: z.string(),
  plan: planSummarySchema,
  status: z.enum(['active', 'paused', 'finished']),
  start_date: localDateSchema,
  /** The date the last day is due on, as scheduled now. */
  end_date: localDateSchema,
  paused_on: localDateSchema.nullable(),
  days_done: z.number().int(),
  /** Days due before today that are not done. */
  days_behind: z.number().int(),
  /** The days due today (after a catch-up, more than one), and any missed ones before them. */
  today: z.array(followedDaySchema),
  created_at: z.string(),
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

/** GET /api/my-plans: the plans one follows (active and paused, then the 20 last finished). */
export const enrollmentListSchema = z.object({ items: z.array(enrollmentSchema) });
export type EnrollmentList = z.infer<typeof enrollmentListSchema>;

/** GET /api/my-plans/:id/days?from=&count=: the days with their dates and marks. */
export const followedDaysResponseSchema = z.object({
  enrollment: enrollmentSchema,
  days: z.array(followedDaySchema),
});
export type FollowedDaysResponse = z.infer<typeof followedDaysResponseSchema>;

/** PUT /api/my-plans/:id/days/:day: tick (or untick) readings of a day; all when none named. */
export const markDayRequestSchema = z.object({
  done: z.boolean(),
  readings: z.array(z.number().int().min(0).max(20)).max(21).optional(),
});
