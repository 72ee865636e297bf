export { feelingLimits } from '#shared/rules/verses.ts';
import { z } from 'zod';
import { defaultTranslation, translationIds } from '#shared/bible/translations.ts';
import { moods } from '#shared/mood/moods.ts';
import { feelingLimits } from '#shared/rules/verses.ts';
import { translationQuerySchema } from './bible.ts';
import { matchRangesSchema, pageQuerySchema, pageSchema, searchTermSchema } from './pagination.ts';

/** product §3 saved_verses; the reader saves with theme 'Bible Reading' (product §9). */
export const savedVerseSchema = z.object({
  id: z.string(),
  text: z.string(),
  reference: z.string(),
  theme: z.string(),
  emotion_tag: z.string().nullable(),
  custom_note: z.string().nullable(),
  /** The translation the text was saved in (decision 015); 'kjv' for every verse saved before. */
  translation: z.enum(translationIds),
  /** Its topics as written (decision 027). */
  tags: z.array(z.string()),
  created_at: z.string(),
});
export type SavedVerse = z.infer<typeof savedVerseSchema>;

/** GET /api/saved-verses/status?reference=…: is this reference in the person's collection. */
export const savedVerseStatusQuerySchema = z.object({
  reference: z
    .string({ error: 'Give the reference of the verse.' })
    .trim()
    .min(1, 'Give the reference of the verse.')
    .max(100, 'Give the reference of the verse.'),
});
export const savedVerseStatusSchema = z.object({
  saved: z.boolean(),
  /** The translation the saved verse is in; absent when it is not saved (decision 015). */
  translation: z.enum(translationIds).optional(),
});
export type SavedVerseStatus = z.infer<typeof savedVerseStatusSchema>;

export const createSavedVerseRequestSchema = z.object({
  text: z.string().trim().min(1, 'The verse text is missing.').max(2000, 'That verse is too long.'),
  reference: z.string().trim().min(1, 'The reference is missing.').max(100),
  theme: z.string().trim().min(1, 'Choose a theme.').max(60),
  emotion_tag: z
    .string()
    .trim()
    .max(60)
    .nullish()
    .transform((value) => value || null),
  custom_note: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((value) => value || null),
  translation: z
    .enum(translationIds, { message: 'Choose kjv, web or asv.' })
    .default(defaultTranslation),
});
export type CreateSavedVerseRequest = z.input<typeof createSavedVerseRequestSchema>;

export const catalogueVerseSchema = z.object({
  reference: z.string(),
  mood: z.string(),
  themes: z.array(z.string()),
  /** Plain text looked up on the server in the response's translation, never retyped. */
  text: z.string(),
});
export type CatalogueVerse = z.infer<typeof catalogueVerseSchema>;

export const catalogueResponseSchema = z.object({
  /** The translation every verse's text is in (decision 015). */
  translation: z.enum(translationIds),
  verses: z.array(catalogueVerseSchema),
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;

/** product §3 verse of the day: text, reference, theme; `day` is the day of the year, 1–366. */
export const dailyVerseResponseSchema = z.object({
  day: z.number().int(),
  reference: z.string(),
  theme: z.string(),
  text: z.string(),
  /** The translation of `text` (decision 015); a verse a visitor left waiting before has none: KJV. */
  translation: z.enum(translationIds).default(defaultTranslation),
});
export type DailyVerseResponse = z.infer<typeof dailyVerseResponseSchema>;

/** 'Find My Verse' needs some words once the spaces around them are trimmed (product §5). */
export const feelingRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Describe how you feel.')
    .max(feelingLimits.text, `Keep it to ${feelingLimits.text} characters.`),
});
export type FeelingRequest = z.output<typeof feelingRequestSchema>;

/** product §3 verse result: text, reference, mood, themes. */
export type VerseResult = { text: string; reference: string; mood: string; themes: string[] };

/** Where a search's words are in a saved verse: [start, end) offsets in each searched field. */
export const savedVerseMatchesSchema = z.object({
  text: matchRangesSchema,
  reference: matchRangesSchema,
  emotion_tag: matchRangesSchema,
});
export type SavedVerseMatches = z.infer<typeof savedVerseMatchesSchema>;

/** A saved verse as GET /api/saved-verses lists it: with `matches` when it is a search (`q`). */
export const savedVerseListItemSchema = /* @__PURE__ */ savedVerseSchema.extend({
  matches: /* @__PURE__ */ savedVerseMatchesSchema.optional(),
});
export type SavedVerseListItem = z.infer<typeof savedVerseListItemSchema>;
export const savedVersePageSchema = /* @__PURE__ */ pageSchema(savedVerseListItemSchema);

/**
 * GET /api/saved-verses?limit=&cursor=&q=&theme= (decision 012): newest first, a page at a time.
 * `q` searches the text, the reference and the emotion tag; `theme` is a theme chip's name, any
 * case ('All' or empty: every verse); the server says which names are chips (400 otherwise).
 */
export const listSavedVersesQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  q: searchTermSchema,
  theme: z
    .string()
    .trim()
    .max(60, 'Choose one of the theme chips.')
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type ListSavedVersesQuery = z.output<typeof listSavedVersesQuerySchema>;

const moodMessage = `Choose a mood: ${moods.join(', ')}.`;

/**
 * GET /api/verses/suggestions?mood=&translation= (docs/product.md §4, From words to a
 * verse; decision 015). The catalogue and the daily verse take `translation` alone (shared/schemas/bible.ts translationQuerySchema).
 */
export const moodSuggestionsQuerySchema = z.object({
  mood: z.enum(moods, { error: moodMessage }),
  translation: translationQuerySchema.shape.translation,
});

/** A verse chosen for a mood, with where its first verse is in the reader. */
export const moodSuggestionSchema = z.object({
  reference: z.string(),
  book: z.string(),
  chapter: z.number().int(),
  verse: z.number().int(),
  /** Plain text looked up on the server in the response's translation, never retyped. */
  text: z.string(),
});
export type MoodSuggestion = z.infer<typeof moodSuggestionSchema>;

/** 'More verses for this feeling': the catalogue's verses for the mood, then the hand-picked. */
export const moodSuggestionsResponseSchema = z.object({
  mood: z.string(),
  /** The translation every verse's text is in (decision 015). */
  translation: z.enum(translationIds),
  verses: z.array(moodSuggestionSchema),
});
export type MoodSuggestionsResponse = z.infer<typeof moodSuggestionsResponseSchema>;
