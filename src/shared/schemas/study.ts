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

/** GET /api/study/{book}/{chapter}?v= */
export const chapterStudyQuerySchema = z.object({ v: z.string().max(40).optional() });

/**
 * GET /api/study/{book}/{chapter}: everything the reader's study helps need for one chapter, in one
 * request: the KJV's Strong's numbers of each verse, word by word, Christ's words, and the verses
 * with strong cross-references.
 */
export const chapterStudyResponseSchema = z.object({
  book: z.string(),
  chapter: z.number().int(),
  version: z.string(),
  /** Matthew Henry's notes on the chapter, in order; from 0 is the chapter's introduction. */
  commentary: z.array(
    z.object({
      from: z.number().int(),
      to: z.number().int(),
      paragraphs: z.array(z.string()),
    }),
  ),
  /** The verses whose best cross-reference has at least strongReferenceVotes (rules/study.ts) votes. */
  strong_references: z.array(z.number().int()),
  verses: z.array(
    z.object({
      verse: z.number().int(),
      /** One a word, as shared/bible/verse-words.ts splits the KJV verse: 'G25', or null. */
      strongs: z.array(z.string().nullable()),
      /** The indices of the words that are Christ's. */
      christ: z.array(z.number().int()),
    }),
  ),
});
export type ChapterStudyResponse = z.infer<typeof chapterStudyResponseSchema>;

/** At most this many verses a page of a number's uses. */
export const maxStrongsUsesPerPage = 20;

/** GET /api/study/strongs/{number}?offset=&limit= */
export const strongsQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(maxStrongsUsesPerPage).default(10),
});

export const strongsEntryResponseSchema = z.object({
  /** 'H430', 'G25'. */
  number: z.string(),
  lemma: z.string(),
  transliteration: z.string(),
  pronunciation: z.string(),
  definition: z.string(),
  /** How the KJV renders it, most often first (at most ten words). */
  renderings: z.array(z.object({ word: z.string(), count: z.number().int() })),
  uses: z.object({
    /** The verses where it stands. */
    total: z.number().int(),
    by_book: z.array(z.object({ book: z.string(), count: z.number().int() })),
    items: z.array(
      z.object({
        reference: z.string(),
        book: z.string(),
        chapter: z.number().int(),
        verse: z.number().int(),
        text: z.string(),
      }),
    ),
  }),
});
export type StrongsEntryResponse = z.infer<typeof strongsEntryResponseSchema>;
