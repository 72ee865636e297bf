import { z } from 'zod';

/** spec §9: the ten feeling tags offered on the journal. */
export const journalFeelingTags = [
  'Peaceful',
  'Grateful',
  'Anxious',
  'Hopeful',
  'Sad',
  'Joyful',
  'Confused',
  'Confident',
  'Overwhelmed',
  'Blessed',
] as const;

/** spec §9: a prayer saved from /prayer is a journal entry with this title and tag. */
export const prayerEntryTitle = 'Prayer Entry';
export const prayerTag = 'prayer';

export const journalEntrySchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  emotion_tags: z.array(z.string()),
  verse_reference: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

const titleSchema = z
  .string()
  .trim()
  .max(120, 'The title can be at most 120 characters.')
  .nullish()
  .transform((value) => value || null);

/** spec §5: content must not be empty after trimming; the title becomes null when empty. */
const contentSchema = z
  .string({ error: 'Please write something before saving your entry.' })
  .trim()
  .min(1, 'Please write something before saving your entry.')
  .max(20_000, 'An entry can be at most 20,000 characters.');

export const createJournalEntryRequestSchema = z.object({
  title: titleSchema,
  content: contentSchema,
  emotion_tags: z
    .array(z.string().trim().min(1).max(30))
    .max(12, 'Choose at most 12 tags.')
    .default([])
    .transform((tags) => [...new Set(tags)]),
  verse_reference: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((value) => value || null),
});
export type CreateJournalEntryRequest = z.input<typeof createJournalEntryRequestSchema>;

/** spec §4: editing changes the title and the content. */
export const updateJournalEntryRequestSchema = z.object({
  title: titleSchema,
  content: contentSchema,
});
export type UpdateJournalEntryRequest = z.input<typeof updateJournalEntryRequestSchema>;
