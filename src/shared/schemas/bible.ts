import { z } from 'zod';
import {
  defaultTranslation,
  translationIds,
  translationNamed,
} from '#shared/bible/translations.ts';

export const passageQuerySchema = z.object({
  reference: z.string().trim().min(1, 'Give a Bible reference.').max(200),
});

export const verseSegmentSchema = z.object({
  text: z.string(),
  italic: z.literal(true).optional(),
  /** The segment starts a new line of poetry (src/shared/bible/verse-text.ts). */
  line_start: z.literal(true).optional(),
});

export const passageVerseSchema = z.object({
  book: z.string(),
  chapter: z.number().int(),
  verse: z.number().int(),
  heading: z.string().optional(),
  text: z.string(),
  segments: z.array(verseSegmentSchema),
  is_paragraph_start: z.boolean(),
});

export const passageResponseSchema = z.object({
  translation: z.enum(translationIds),
  reference: z.string(),
  verses: z.array(passageVerseSchema),
});
export type PassageResponse = z.infer<typeof passageResponseSchema>;

/** `?translation=` on the Bible API: one of the ids, `kjv` when absent (decision 015). */
export const translationQuerySchema = z.object({
  translation: z.preprocess(
    (value) => (typeof value === 'string' ? (translationNamed(value) ?? value) : value),
    z.enum(translationIds, { message: 'choose kjv, web or asv.' }).default(defaultTranslation),
  ),
});

export const booksResponseSchema = z.object({
  books: z.array(
    z.object({
      name: z.string(),
      osis: z.string(),
      chapters: z.number().int(),
      testament: z.enum(['old', 'new']),
    }),
  ),
});
export type BooksResponse = z.infer<typeof booksResponseSchema>;

export const chapterVerseSchema = z.object({
  verse: z.number().int(),
  /** A heading printed before the verse: a psalm's title, an acrostic letter. */
  heading: z.string().optional(),
  text: z.string(),
  segments: z.array(verseSegmentSchema),
  is_paragraph_start: z.boolean(),
});
export type ChapterVerse = z.infer<typeof chapterVerseSchema>;

const chapterPointSchema = z.object({ book: z.string(), chapter: z.number().int() });

/**
 * GET /api/bible/{book}/{chapter}. `reference`, `passages` (one string, verses written
 * '[n] text') and `canonical` keep the spec's shape (§3 Bible chapter result).
 */
export const chapterResponseSchema = z.object({
  translation: z.enum(translationIds),
  reference: z.string(),
  book: z.string(),
  book_index: z.number().int(),
  chapter: z.number().int(),
  chapters_in_book: z.number().int(),
  verses: z.array(chapterVerseSchema),
  passages: z.array(z.string()),
  canonical: z.literal(0),
  previous: /* @__PURE__ */ chapterPointSchema.nullable(),
  next: /* @__PURE__ */ chapterPointSchema.nullable(),
});
export type ChapterResponse = z.infer<typeof chapterResponseSchema>;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for.').max(200, 'That search is too long.'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  /** 'John 3:16' (product §3 Bible search result: reference, content). */
  reference: z.string(),
  book: z.string(),
  chapter: z.number().int(),
  verse: z.number().int(),
  /** The verse as plain text, without KJV markers. */
  content: z.string(),
  /** [start, end) character ranges of content that matched the query, for highlighting. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** An original word of the KJV's Strong's tagging, as search shows it (decision 023). */
export const searchStrongsWordSchema = z.object({
  /** 'H2617', 'G26'. */
  number: z.string(),
  /** The Hebrew or Greek word: 'חסד', 'ἀγάπη'. */
  lemma: z.string(),
  /** As Strong's writes it: 'chêsêd', 'agápē'. */
  transliteration: z.string(),
  pronunciation: z.string(),
  /** The start of its definition, a sentence or about 160 characters. */
  definition: z.string(),
  /** The verses of the KJV where the number stands. */
  total: z.number().int(),
});
export type SearchStrongsWord = z.infer<typeof searchStrongsWordSchema>;

export const searchResponseSchema = z.object({
  query: z.string(),
  /**
   * 'reference' when the query named a passage ('John 3:16', 'ps 23'); 'missing' when it is
   * shaped like one that the KJV does not have ('Genesis 51', 'Foo 3'); 'strongs' when it is a
   * Strong's number ('H2617') or the transliteration of one ('chesed'): the verses where the
   * KJV's tagging has it; otherwise 'text'.
   */
  kind: z.enum(['reference', 'text', 'missing', 'strongs']),
  total: z.number().int(),
  results: z.array(searchResultSchema),
  /** Why a 'missing' reference is not there: 'Genesis has 50 chapters.' */
  note: z.string().optional(),
  /** 'strongs': the word whose verses these are (absent for a number no dictionary has). */
  strongs: searchStrongsWordSchema.optional(),
  /**
   * Other original words the query's word may be: beside a 'text' search of a word that is
   * also a transliteration ('hen', 'man'), or after the word a 'strongs' search lists.
   */
  strongs_matches: z.array(searchStrongsWordSchema).optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** GET /api/bible/translations (decision 015). */
export const translationsResponseSchema = z.object({
  translations: z.array(
    z.object({
      id: z.enum(translationIds),
      name: z.string(),
      abbreviation: z.string(),
      year: z.number().int(),
      licence: z.string(),
    }),
  ),
});
export type TranslationsResponse = z.infer<typeof translationsResponseSchema>;
