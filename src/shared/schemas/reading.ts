import { z } from 'zod';
import { findBookIndex } from '#shared/bible/book-names.ts';
import { books } from '#shared/bible/books.ts';
import { pageQuerySchema, pageSchema, searchTermSchema } from './pagination.ts';

const chapterFields = {
  book_name: z.string({ error: 'Choose a book.' }).trim().min(1, 'Choose a book.').max(40),
  chapter_number: z.coerce.number().int('Choose a chapter.').min(1, 'Choose a chapter.'),
};

type ResolvedChapter = { book_name: string; chapter_number: number; book_index: number };

/** Checks a book name (any case) and chapter against the 66 books; gives the canonical name. */
function resolveChapter(
  value: { book_name: string; chapter_number: number },
  ctx: z.RefinementCtx,
): ResolvedChapter {
  const index = findBookIndex(value.book_name);
  const book = books[index];
  if (!book) {
    ctx.addIssue({ code: 'custom', message: `There is no book called "${value.book_name}".` });
    return z.NEVER;
  }
  if (value.chapter_number > book.chapters) {
    ctx.addIssue({ code: 'custom', message: `${book.name} has ${book.chapters} chapters.` });
    return z.NEVER;
  }
  return { book_name: book.name, chapter_number: value.chapter_number, book_index: index };
}

/** A chapter named by book and number (body or query string). */
export const chapterRefSchema = z.object(chapterFields).transform(resolveChapter);

export const saveProgressRequestSchema = z
  .object({
    ...chapterFields,
    reading_time_seconds: z.number().int().min(0).max(86_400).optional(),
  })
  .transform((value, ctx) => ({
    ...resolveChapter(value, ctx),
    reading_time_seconds: value.reading_time_seconds ?? null,
  }));

export const readingProgressSchema = z.object({
  id: z.string(),
  book_name: z.string(),
  chapter_number: z.number().int(),
  reading_time_seconds: z.number().int().nullable(),
  completed_at: z.string(),
  updated_at: z.string(),
});
export type ReadingProgress = z.infer<typeof readingProgressSchema>;

/** GET /api/progress: the chapters read, newest first, a page at a time (decision 012). */
export const readingProgressPageSchema = /* @__PURE__ */ pageSchema(readingProgressSchema);

/** One started book of the reader's "Books Started" list (product §3), most recently read first. */
export const bookStartedSchema = z.object({
  book_name: z.string(),
  chapters_read: z.number().int(),
  /** The chapter of this book read most recently, for the link. */
  latest_chapter: z.number().int(),
  last_read_at: z.string(),
});
export type BookStarted = z.infer<typeof bookStartedSchema>;

/** GET /api/progress/books: one row per started book, so never more than 66. */
export const booksStartedResponseSchema = z.object({ items: z.array(bookStartedSchema) });
export type BooksStartedResponse = z.infer<typeof booksStartedResponseSchema>;

/** product §3: chaptersRead is the number of progress rows, booksStarted the distinct books. */
export const readingStatsSchema = z.object({
  chaptersRead: z.number().int(),
  booksStarted: z.number().int(),
  bookmarks: z.number().int(),
});
export type ReadingStats = z.infer<typeof readingStatsSchema>;

/** product §3: last read position, bookIndex and chapter. */
export const lastPositionSchema = z.object({
  bookIndex: z.number().int(),
  chapter: z.number().int(),
});
export type LastPosition = z.infer<typeof lastPositionSchema>;

export const bookmarkSchema = z.object({
  id: z.string(),
  book_name: z.string(),
  chapter_number: z.number().int(),
  created_at: z.string(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

export const toggleBookmarkResponseSchema = z.object({ bookmarked: z.boolean() });

/**
 * GET /api/bookmarks?q=&limit=&cursor=: `q` keeps the bookmarks whose book name or chapter
 * number contains it, in any case (product §5 bookmark search), over all of them (decision 012).
 */
export const listBookmarksQuerySchema = /* @__PURE__ */ pageQuerySchema.extend({
  q: searchTermSchema,
});
export const bookmarkPageSchema = /* @__PURE__ */ pageSchema(bookmarkSchema);

/** GET /api/bookmarks/status?book_name=&chapter_number=: is this chapter bookmarked? */
export const bookmarkStatusResponseSchema = z.object({ bookmarked: z.boolean() });
export type BookmarkStatusResponse = z.infer<typeof bookmarkStatusResponseSchema>;

export const readingPlanSchema = z.object({
  id: z.string(),
  is_active: z.boolean(),
  current_book_index: z.number().int(),
  current_chapter: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReadingPlan = z.infer<typeof readingPlanSchema>;

/** GET and POST /api/reading-plan: the active plan, or null when the user has none. */
export const readingPlanResponseSchema = z.object({
  plan: /* @__PURE__ */ readingPlanSchema.nullable(),
});
export type ReadingPlanResponse = z.infer<typeof readingPlanResponseSchema>;

/** POST /api/progress: the saved row and the active plan (moved on when it was its chapter). */
export const saveProgressResponseSchema = z.object({
  progress: readingProgressSchema,
  plan: /* @__PURE__ */ readingPlanSchema.nullable(),
});
export type SaveProgressResponse = z.infer<typeof saveProgressResponseSchema>;

export const highlightSchema = z.object({
  id: z.string(),
  book_name: z.string(),
  chapter_number: z.number().int(),
  verse_number: z.number().int(),
  /** Its topics as written (decision 027). */
  tags: z.array(z.string()),
  created_at: z.string(),
});
export type Highlight = z.infer<typeof highlightSchema>;
export const highlightPageSchema = /* @__PURE__ */ pageSchema(highlightSchema);

/**
 * GET /api/highlights?book_name=&chapter_number=&limit=&cursor=: one chapter's highlights, one
 * book's without a chapter, or all of the reader's without either; a chapter needs its book.
 */
export const listHighlightsQuerySchema = /* @__PURE__ */ pageQuerySchema
  .extend({
    book_name: chapterFields.book_name.optional(),
    chapter_number: chapterFields.chapter_number.optional(),
  })
  .transform(({ book_name, chapter_number, ...page }, ctx) => {
    if (book_name === undefined) {
      if (chapter_number === undefined) return { ...page, book_name: null, chapter_number: null };
      ctx.addIssue({ code: 'custom', message: 'Choose a book.', path: ['book_name'] });
      return z.NEVER;
    }
    if (chapter_number !== undefined) {
      return { ...page, ...resolveChapter({ book_name, chapter_number }, ctx) };
    }
    const book = books[findBookIndex(book_name)];
    if (!book) {
      ctx.addIssue({ code: 'custom', message: `There is no book called "${book_name}".` });
      return z.NEVER;
    }
    return { ...page, book_name: book.name, chapter_number: null };
  });

export const toggleHighlightRequestSchema = z
  .object({
    ...chapterFields,
    verse_number: z.coerce.number().int('Choose a verse.').min(1, 'Choose a verse.').max(176),
  })
  .transform((value, ctx) => ({ ...resolveChapter(value, ctx), verse_number: value.verse_number }));
export const toggleHighlightResponseSchema = z.object({ highlighted: z.boolean() });
