import { z } from 'zod';
import { translationQuerySchema } from './bible.ts';

/** Shown wherever cross-references appear (CC BY 4.0, decision 023). */
export const crossReferenceAttribution = 'Cross-references: OpenBible.info (CC BY)';

/** At most this many cross-references a page. */
export const maxCrossReferencesPerPage = 20;

/** GET /api/study/{book}/{chapter}/{verse}/cross-references?translation=&offset=&limit= */
export const crossReferencesQuerySchema = translationQuerySchema.extend({
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(maxCrossReferencesPerPage).default(5),
});

/** A verse, or a run of verses, another verse points to, with its words. */
export const crossReferenceSchema = z.object({
  /** As a person writes it: 'Romans 5:8', 'Psalm 89:11–12', 'Genesis 1:1–2:3'. */
  reference: z.string(),
  /** Where the reader opens it: the first verse. */
  book: z.string(),
  chapter: z.number().int(),
  verse: z.number().int(),
  /** The first verses' words in the translation asked for ('…' when the run is longer). */
  text: z.string(),
  /** OpenBible.info's votes for it (how many readers found it helpful). */
  votes: z.number().int(),
});
export type CrossReference = z.infer<typeof crossReferenceSchema>;

export const crossReferencesResponseSchema = z.object({
  reference: z.string(),
  translation: z.string(),
  /** How many references the verse has in all (voted below zero ones are left out). */
  total: z.number().int(),
  items: z.array(crossReferenceSchema),
  attribution: z.string(),
});
export type CrossReferencesResponse = z.infer<typeof crossReferencesResponseSchema>;
