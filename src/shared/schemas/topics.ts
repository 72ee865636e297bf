import { z } from 'zod';
import { translationIds } from '#shared/bible/translations.ts';
import {
  topicKey,
  topicLimits,
  topicListPageMax,
  topicTagMessage,
  topicTagsMessage,
} from '#shared/rules/topics.ts';
import { translationQuerySchema } from './bible.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

export { topicKey, topicLimits, topicListPageMax } from '#shared/rules/topics.ts';

/** One tag as a person types it: trimmed, 1 to 30 characters (the note tags' rule). */
export const topicTagSchema = z
  .string({ error: topicTagMessage })
  .trim()
  .min(1, topicTagMessage)
  .max(topicLimits.tag, topicTagMessage);

/**
 * PATCH /api/highlights/{id} and PATCH /api/saved-verses/{id}: the item's whole list of topics,
 * replacing the one it had. Two spellings of one topic ('Grace', 'grace') keep the first.
 */
export const setTagsRequestSchema = z.object({
  tags: z
    .array(topicTagSchema, { error: topicTagsMessage })
    .max(topicLimits.tags, topicTagsMessage)
    .transform((tags) => {
      const seen = new Set<string>();
      return tags.filter((tag) => {
        const key = topicKey(tag);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    }),
});
export type SetTagsRequest = z.input<typeof setTagsRequestSchema>;

/** A topic in the member's list: its key, how it is written, and how many items carry it. */
export const topicSchema = z.object({
  tag: z.string(),
  name: z.string(),
  count: z.number().int(),
});
export type Topic = z.infer<typeof topicSchema>;
export const topicListSchema = /* @__PURE__ */ pageSchema(topicSchema);

/**
 * GET /api/topics?limit=&cursor=: the member's topics in alphabetical order of their keys, a page
 * at a time; `cursor` is the last key of the page before.
 */
export const listTopicsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `Choose a page size from 1 to ${topicListPageMax}.` })
    .int(`Choose a page size from 1 to ${topicListPageMax}.`)
    .min(1, `Choose a page size from 1 to ${topicListPageMax}.`)
    .max(topicListPageMax, `Choose a page size from 1 to ${topicListPageMax}.`)
    .default(topicListPageMax),
  cursor: z
    .string()
    .max(topicLimits.tag * 4, 'This page cursor is not valid.')
    .optional(),
});

/** GET /api/topics/{tag}?limit=&cursor=&translation=: a topic's items in Bible order. */
export const topicPageQuerySchema = /* @__PURE__ */ pageQuerySchema.extend(
  translationQuerySchema.shape,
);

const placeFields = {
  id: z.string(),
  book_name: z.string(),
  chapter_number: z.number().int(),
  verse_number: z.number().int(),
  /** 'John 3:16', or 'John 3:16–18' for a note on a run of verses. */
  reference: z.string(),
  /** How the item spells its topics. */
  tags: z.array(z.string()),
};

/** An item under a topic: a note with its words, a highlight, or a saved verse. */
export const topicItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('note'),
    ...placeFields,
    end_verse_number: z.number().int(),
    text: z.string(),
  }),
  z.object({
    kind: z.literal('highlight'),
    ...placeFields,
    /** The verse's words in the translation asked for. */
    verse_text: z.string(),
    translation: z.enum(translationIds),
  }),
  z.object({
    kind: z.literal('saved_verse'),
    ...placeFields,
    /** The words as saved, in the translation they were saved in. */
    verse_text: z.string(),
    translation: z.enum(translationIds),
  }),
]);
export type TopicItem = z.infer<typeof topicItemSchema>;
export const topicPageSchema = /* @__PURE__ */ pageSchema(topicItemSchema);
