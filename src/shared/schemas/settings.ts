export { weekdays, type Weekday } from '#shared/rules/settings.ts';
import { z } from 'zod';
import { defaultTranslation, translationIds } from '#shared/bible/translations.ts';
import { weekdays, type Weekday } from '#shared/rules/settings.ts';
import { currentTimeZoneName } from '#shared/time-zone-names.ts';

/** product §9: the settings a new user starts with. */
export const defaultSettings = {
  daily_verse_notifications: true,
  journal_reminders: true,
  dark_mode: false,
  reminder_days: [...weekdays] as Weekday[],
  reminder_time: '09:00:00',
  reminder_timezone: 'UTC',
  translation: defaultTranslation,
  show_reading_to_groups: true,
  group_request_notifications: true,
  group_prayed_notifications: true,
  group_update_notifications: true,
  group_reading_notifications: true,
};

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** HH:MM or HH:MM:SS (product §3), stored as HH:MM:SS. */
export const reminderTimeSchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Choose a reminder time as HH:MM.')
  .transform((value) => (value.length === 5 ? `${value}:00` : value));

export const userSettingsSchema = z.object({
  user_id: z.string(),
  daily_verse_notifications: z.boolean(),
  journal_reminders: z.boolean(),
  dark_mode: z.boolean(),
  reminder_days: z.array(z.enum(weekdays)),
  reminder_time: z.string(),
  reminder_timezone: z.string(),
  /** The translation the person reads in (decision 015). */
  translation: z.enum(translationIds),
  /** Groups (decision 028): whether they see I read today, and each kind of notice. */
  show_reading_to_groups: z.boolean(),
  group_request_notifications: z.boolean(),
  group_prayed_notifications: z.boolean(),
  group_update_notifications: z.boolean(),
  group_reading_notifications: z.boolean(),
  updated_at: z.string(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

const reminderDaysSchema = z
  .array(z.enum(weekdays, { error: 'Reminder days must be weekday names.' }))
  .max(7)
  .transform((days) => weekdays.filter((day) => days.includes(day)));

const reminderTimezoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isValidTimeZone, 'Choose a valid time zone, such as Europe/London.')
  // Old names are still accepted, and kept by their current name (Europe/Kiev → Europe/Kyiv).
  .transform(currentTimeZoneName);

const settingsFields = {
  daily_verse_notifications: z.boolean(),
  journal_reminders: z.boolean(),
  dark_mode: z.boolean(),
  reminder_days: reminderDaysSchema,
  reminder_time: reminderTimeSchema,
  reminder_timezone: reminderTimezoneSchema,
  translation: z.enum(translationIds, { message: 'Choose kjv, web or asv.' }),
  show_reading_to_groups: z.boolean(),
  group_request_notifications: z.boolean(),
  group_prayed_notifications: z.boolean(),
  group_update_notifications: z.boolean(),
  group_reading_notifications: z.boolean(),
};

export const updateSettingsRequestSchema = z
  .object(settingsFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update.');
export type UpdateSettingsRequest = z.input<typeof updateSettingsRequestSchema>;

/**
 * The Settings screen's notifications form, sent whole. Reminders need a day to fire on; with
 * reminders off the chosen days are simply kept. The day rule is checked even when another
 * field is wrong, so every message shows at once.
 */
export const notificationSettingsFormSchema = z
  .object({
    daily_verse_notifications: settingsFields.daily_verse_notifications,
    journal_reminders: settingsFields.journal_reminders,
    reminder_days: settingsFields.reminder_days,
    reminder_time: settingsFields.reminder_time,
    reminder_timezone: settingsFields.reminder_timezone,
  })
  .refine((value) => !value.journal_reminders || value.reminder_days.length > 0, {
    path: ['reminder_days'],
    message: 'Choose at least one day.',
    when: () => true,
  });
export type NotificationSettingsForm = z.input<typeof notificationSettingsFormSchema>;
