import { z } from 'zod';

/** What the line shows of one kind of thing left in a chapter: how many, and the first verses. */
export const leftThereSchema = z.object({
  count: z.number().int(),
  /** The first few verses (at most lastVisitVerses), in verse order. */
  verses: z.array(z.number().int()),
});
export type LeftThere = z.infer<typeof leftThereSchema>;

/** At most this many verses of each kind come with the answer (the line links to the first). */
export const lastVisitVerses = 3;

/**
 * "Last time you were here" (docs/product.md, the reader): when the member last read the chapter
 * before this visit (null: never, and the line is not drawn), and what they left there.
 */
export const lastVisitSchema = z.object({
  book_name: z.string(),
  chapter_number: z.number().int(),
  last_visit_at: z.string().nullable(),
  highlights: leftThereSchema,
  notes: leftThereSchema,
  memorizing: leftThereSchema,
  /** The prayer requests (answered or not) whose verse is in the chapter. */
  prayers: leftThereSchema,
  /** The journal entries whose verse is in the chapter. */
  journal: leftThereSchema,
});
export type LastVisit = z.infer<typeof lastVisitSchema>;
