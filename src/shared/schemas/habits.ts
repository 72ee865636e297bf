// Streaks and verses learned by heart (decision 016).
import { z } from 'zod';
import { translationIds } from '#shared/bible/translations.ts';
import { practiceModes, reviewRatings, streakKinds } from '#shared/rules/habits.ts';
import { weekdays } from '#shared/rules/settings.ts';
import { pageSchema } from './pagination.ts';

export * from '#shared/rules/habits.ts';

/** A day of the streak calendar that counted, and what made it count. */
export const streakDaySchema = z.object({
  date: z.iso.date(),
  kinds: z.array(z.enum(streakKinds)),
});
export type StreakDay = z.infer<typeof streakDaySchema>;

/** GET /api/streak: in the person's time zone (settings.reminder_timezone). */
export const streakResponseSchema = z.object({
  /** Days in a row up to today (or yesterday, while today has nothing yet). */
  current: z.number().int(),
  longest: z.number().int(),
  /** Today's local date, and whether it counts already. */
  today: z.iso.date(),
  today_counted: z.boolean(),
  rest_day: z.enum(weekdays).nullable(),
  /** The days that counted in the last 12 months, oldest first. */
  days: z.array(streakDaySchema),
});
export type StreakResponse = z.infer<typeof streakResponseSchema>;

/** PUT /api/streak/settings */
export const streakSettingsRequestSchema = z.object({ rest_day: z.enum(weekdays).nullable() });

/** A verse being learned. */
export const memoryCardSchema = z.object({
  id: z.string(),
  reference: z.string(),
  translation: z.enum(translationIds),
  /** The verse's words in its translation (markers removed). */
  text: z.string(),
  due: z.string(),
  state: z.enum(['new', 'learning', 'review', 'relearning']),
  reps: z.number().int(),
  lapses: z.number().int(),
  stability: z.number(),
  difficulty: z.number(),
  last_review: z.string().nullable(),
  /** The practice mode its next review uses (rises as it is learned). */
  mode: z.enum(practiceModes),
  created_at: z.string(),
});
export type MemoryCard = z.infer<typeof memoryCardSchema>;
/** GET /api/memory-cards: the verses being learned, newest first, a page at a time. */
export const memoryCardPageSchema = /* @__PURE__ */ pageSchema(memoryCardSchema);

/** POST /api/memory-cards: 201 new, 200 when the verse is already being learned. */
export const addMemoryCardRequestSchema = z.object({
  reference: z.string().trim().min(1).max(40),
  translation: z.enum(translationIds).optional(),
});

/** POST /api/memory-cards/:id/review */
export const reviewRequestSchema = z.object({
  rating: z.union(reviewRatings.map((r) => z.literal(r))),
  mode: z.enum(practiceModes),
});
export const reviewResponseSchema = z.object({
  card: memoryCardSchema,
  /** How many are still due now. */
  due_count: z.number().int(),
});
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

/** GET /api/memory-cards/due: up to reviewBatchSize due now, soonest first; and the count. */
export const dueCardsResponseSchema = z.object({
  items: z.array(memoryCardSchema),
  count: z.number().int(),
});
export type DueCardsResponse = z.infer<typeof dueCardsResponseSchema>;

/** GET /api/memory-cards/due-count: for the home page. */
export const dueCountResponseSchema = z.object({ count: z.number().int() });

/** GET /api/memory-cards/status?reference=: whether a verse is being learned (its card id). */
export const memoryStatusResponseSchema = z.object({ card_id: z.string().nullable() });

/** The daily reading reminder's settings (GET/PUT /api/habit-reminder). */
export const habitReminderSchema = z.object({
  enabled: z.boolean(),
  /** HH:MM */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a time.'),
  days: z.array(z.enum(weekdays)).min(1, 'Choose at least one day.').max(7),
});
export type HabitReminder = z.infer<typeof habitReminderSchema>;
