export {
  journalFeelingTags,
  journalLimits,
  prayerEntryTitle,
  prayerTag,
} from '#shared/rules/journal.ts';
import { z } from 'zod';
import { journalLimits } from '#shared/rules/journal.ts';
import { matchRangesSchema, pageQuerySchema, pageSchema, searchTermSchema } from './pagination.ts';

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

/** Where a search's words are in an entry: [start, end) offsets in the title and the content. */
export const journalEntryMatchesSchema = z.object({
  title: matchRangesSchema,
  content: matchRangesSchema,
});
export type JournalEntryMatches = z.infer<typeof journalEntryMatchesSchema>;

/** An entry as GET /api/journal lists it: with `matches` when the list is a search (`q`). */
export const journalListItemSchema = /* @__PURE__ */ journalEntrySchema.extend({
  matches: /* @__PURE__ */ journalEntryMatchesSchema.optional(),
});
export type JournalListItem = z.infer<typeof journalListItemSchema>;
export const journalPageSchema = /* @__PURE__ */ pageSchema(journalListItemSchema);

/**
 * GET /api/journal?limit=&cursor=&q=&tag= (decision 012): newest first, a page at a time. `q`
 * searches the title and the content (every word, each as the start of a word); `tag` keeps
 * the entries that have that tag. Empty means no filter.
 */
export const listJournalQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  q: searchTermSchema,
  tag: z
    .string()
    .trim()
    .max(journalLimits.tag, `Choose a tag of at most ${journalLimits.tag} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type ListJournalQuery = z.output<typeof listJournalQuerySchema>;

const journalEntryRequiredMessage = 'Please write something before saving your entry.';

/** The title as typed: at most 120 characters once trimmed (empty means no title). */
const titleText = z
  .string()
  .trim()
  .max(journalLimits.title, `The title can be at most ${journalLimits.title} characters.`);

/** product §5: content must not be empty after trimming; the title becomes null when empty. */
const contentSchema = z
  .string({ error: journalEntryRequiredMessage })
  .trim()
  .min(1, journalEntryRequiredMessage)
  .max(journalLimits.content, 'An entry can be at most 20,000 characters.');

const tagList = z
  .array(z.string().trim().min(1).max(journalLimits.tag))
  .max(journalLimits.tags, `Choose at most ${journalLimits.tags} tags.`);

const verseReferenceText = z.string().trim().max(journalLimits.verseReference);

/**
 * An entry's fields as a form holds them (strings, a list, the verse or null), checked by the
 * same rules as the requests below, which also take null or nothing and tidy the values up.
 */
export const journalEntryFormFields = {
  title: titleText,
  content: contentSchema,
  emotion_tags: tagList,
  verse_reference: /* @__PURE__ */ verseReferenceText.nullable(),
};

const titleSchema = titleText.nullish().transform((value) => value || null);

export const createJournalEntryRequestSchema = z.object({
  title: titleSchema,
  content: contentSchema,
  emotion_tags: tagList.default([]).transform((tags) => [...new Set(tags)]),
  verse_reference: verseReferenceText.nullish().transform((value) => value || null),
});

export type CreateJournalEntryRequest = z.input<typeof createJournalEntryRequestSchema>;

/** product §4: editing changes the title and the content. */
export const updateJournalEntryRequestSchema = z.object({
  title: titleSchema,
  content: contentSchema,
});
export type UpdateJournalEntryRequest = z.input<typeof updateJournalEntryRequestSchema>;

/** product §9: the words of a prayer saved from /prayer, which become a journal entry's content. */
export const prayerFormSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Please write your prayer before saving.')
    .max(journalLimits.content, 'A prayer can be at most 20,000 characters.'),
});
export type PrayerForm = z.input<typeof prayerFormSchema>;
