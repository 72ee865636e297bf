import { z } from 'zod';
import { parseReference } from '#shared/bible/references.ts';
import { prayerLimits } from '#shared/rules/prayers.ts';
import { weekdays } from '#shared/rules/settings.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

export { prayerLimits } from '#shared/rules/prayers.ts';

/**
 * A request on the member's prayer list (decision 025). `reminder_days` and `reminder_time`
 * ('HH:MM' in the person's time zone) are both set or both null. `answered_on` is the person's
 * local day it was answered; `days_to_answer` the whole days from the day it was made (in their
 * zone) to that day. `prayed_today` says whether it was prayed through today.
 */
export const prayerRequestSchema = z.object({
  id: z.string(),
  title: z.string(),
  details: z.string().nullable(),
  person: z.string().nullable(),
  verse_reference: z.string().nullable(),
  reminder_days: z.array(z.enum(weekdays)).nullable(),
  reminder_time: z.string().nullable(),
  answered_on: z.string().nullable(),
  answer_note: z.string().nullable(),
  days_to_answer: z.number().int().nullable(),
  prayed_today: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PrayerRequest = z.infer<typeof prayerRequestSchema>;
export const prayerPageSchema = /* @__PURE__ */ pageSchema(prayerRequestSchema);

/**
 * GET /api/prayers?limit=&cursor=&answered= (decision 012): newest first. `answered=false` keeps
 * the open requests (newest made first), `answered=true` the answered ones (latest answered
 * first); without it, every request.
 */
export const listPrayersQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  answered: z
    .enum(['true', 'false'], { error: 'answered: Choose true or false.' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
});
export type ListPrayersQuery = z.output<typeof listPrayersQuerySchema>;

/** product §9 wording: the title is what a prayer needs. */
export const prayerRequiredMessage = 'Please write your prayer before saving.';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => value || null);

const titleText = z
  .string({ error: prayerRequiredMessage })
  .trim()
  .min(1, prayerRequiredMessage)
  .max(prayerLimits.title, 'A title can be at most 120 characters.');

const verseReference = z
  .string()
  .trim()
  .max(prayerLimits.verseReference, 'Write a verse like John 3:16.')
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || parseReference(value) !== null, {
    message: 'Write a verse like John 3:16.',
  });

const reminderTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a reminder time as HH:MM.');

/** A request's fields as the form holds them, checked by the same rules as the requests. */
export const prayerFormFields = {
  title: titleText,
  details: optionalText(prayerLimits.details, 'Details can be at most 20,000 characters.'),
  person: optionalText(prayerLimits.person, 'A name can be at most 120 characters.'),
  verse_reference: verseReference,
  reminder_days: z
    .array(z.enum(weekdays, { error: 'Choose days of the week.' }))
    .max(7)
    .nullish()
    .transform((days) =>
      days && days.length > 0 ? weekdays.filter((d) => days.includes(d)) : null,
    ),
  reminder_time: reminderTime.nullish().transform((value) => value || null),
};

function reminderBoth<T extends { reminder_days?: unknown; reminder_time?: unknown }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  const hasDays = value.reminder_days != null;
  const hasTime = value.reminder_time != null;
  if (hasDays !== hasTime) {
    ctx.addIssue({
      code: 'custom',
      message: 'A reminder needs both its days and a time.',
      path: [hasDays ? 'reminder_time' : 'reminder_days'],
    });
  }
}

/** POST /api/prayers: a title, and the rest when given. */
export const createPrayerRequestSchema = z.object(prayerFormFields).superRefine(reminderBoth);
export type CreatePrayerRequest = z.input<typeof createPrayerRequestSchema>;

/** PATCH /api/prayers/{id}: the fields given change; null clears an optional one. */
export const updatePrayerRequestSchema = z
  .object({
    title: titleText.optional(),
    details: prayerFormFields.details.optional(),
    person: prayerFormFields.person.optional(),
    verse_reference: z.undefined().or(verseReference),
    reminder_days: prayerFormFields.reminder_days.optional(),
    reminder_time: prayerFormFields.reminder_time.optional(),
  })
  .superRefine((value, ctx) => {
    if ('reminder_days' in value || 'reminder_time' in value) reminderBoth(value, ctx);
  });
export type UpdatePrayerRequest = z.input<typeof updatePrayerRequestSchema>;

/** POST /api/prayers/{id}/answered: the day (today where the person is, when not given) and how. */
export const answerPrayerRequestSchema = z.object({
  answered_on: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the date as YYYY-MM-DD.')
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      {
        message: 'Choose the date as YYYY-MM-DD.',
      },
    )
    .nullish()
    .transform((value) => value || null),
  answer_note: optionalText(
    prayerLimits.answerNote,
    'How it was answered can be at most 2,000 characters.',
  ),
});
export type AnswerPrayerRequest = z.input<typeof answerPrayerRequestSchema>;
