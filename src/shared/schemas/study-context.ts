import { z } from 'zod';
import { translationQuerySchema } from './bible.ts';
import { crossReferenceSchema } from './study.ts';

/** The most verses a range's context marks ('Psalms 119:1-176' marks its first twelve). */
export const maxMarkedVerses = 12;

/**
 * GET /api/study/{book}/{chapter}/{verse}/context?translation=&to= : `to` is the last verse of a
 * range in the same chapter ('Philippians 4:6-7' is verse 6, to 7); past the chapter's end, its end.
 */
export const verseContextQuerySchema = translationQuerySchema.extend({
  to: z.coerce
    .number({ message: 'to: the last verse of the range, a number.' })
    .int({ message: 'to: the last verse of the range, a number.' })
    .min(1, { message: 'to: the last verse of the range, a number.' })
    .max(999, { message: 'to: the last verse of the range, a number.' })
    .optional(),
});

/** How many cross-references a verse's context gives: its best voted. */
export const contextCrossReferenceCount = 3;

/**
 * A verse in its context (decision 023, Context): the paragraph around it with the verse marked,
 * who is speaking where the words say, its best cross-references, and where the reader opens it.
 */
export const verseContextResponseSchema = z.object({
  /** The verse or range, as a person writes it: 'John 3:16', 'Psalm 23:1', 'Philippians 4:6–7'. */
  reference: z.string(),
  translation: z.string(),
  /** Where the reader opens the chapter (the book as books.ts spells it), at this verse. */
  book: z.string(),
  chapter: z.number().int(),
  verse: z.number().int(),
  /** The verses shown, 'John 3:16–17': the paragraph, or part of a long one around the verse. */
  passage: z.string(),
  verses: z.array(
    z.object({
      verse: z.number().int(),
      text: z.string(),
      /** The verse asked for, or one of the range's. */
      marked: z.boolean(),
    }),
  ),
  /** Who speaks the verse, only where the text says ('Jesus', 'The LORD', 'David'); else null. */
  speaker: z.string().nullable(),
  /** The verse's best voted cross-references, as the cross-references route gives them. */
  cross_references: z.array(crossReferenceSchema),
  attribution: z.string(),
});
export type VerseContextResponse = z.infer<typeof verseContextResponseSchema>;
