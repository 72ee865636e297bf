import { AppError } from '#server/app-error.ts';
import { buildChapter, type Bible } from '#server/bible/bible.ts';
import { cachedJson, type CachedJson } from '#server/delivery/cached-body.ts';
import { findBookIndex } from '#shared/bible/book-names.ts';
import { books } from '#shared/bible/books.ts';
import { translationLicences, translations } from '#shared/bible/translation-list.ts';
import type { BooksResponse, TranslationsResponse } from '#shared/schemas/bible.ts';

/** A book in an address is at most this long; longer is no book (and is cut in messages). */
export const maxBookParamLength = 40;

/** The book a chapter address names (any name findBookIndex reads), or -1. */
export function resolveBook(book: string): number {
  return book.trim().length > maxBookParamLength ? -1 : findBookIndex(book);
}

/** Every app built on one Bible shares its serialized chapters; the text never changes. */
const chapterCaches = new WeakMap<Bible, Map<number, CachedJson>>();

function chapterNotFound(book: string, chapter: string): AppError {
  const label = `${book.trim().slice(0, maxBookParamLength)} ${chapter.slice(0, 10)}`;
  return new AppError('NOT_FOUND', `Chapter not found: ${label}.`);
}

/**
 * The chapter as JSON: the book by name in any case, OSIS code or common short form; the
 * chapter as a whole number within the book. Anything else is 404 'Chapter not found'.
 */
export function getChapterJson(bible: Bible, book: string, chapter: string): CachedJson {
  const bookIndex = resolveBook(book);
  const chapterNumber = /^\d{1,3}$/.test(chapter) ? Number(chapter) : 0;
  const chapterCount = books[bookIndex]?.chapters ?? 0;
  if (chapterNumber < 1 || chapterNumber > chapterCount) throw chapterNotFound(book, chapter);
  let cache = chapterCaches.get(bible);
  if (!cache) {
    cache = new Map();
    chapterCaches.set(bible, cache);
  }
  const key = bookIndex * 1000 + chapterNumber;
  let cached = cache.get(key);
  if (!cached) {
    cached = cachedJson(buildChapter(bible, bookIndex, chapterNumber));
    cache.set(key, cached);
  }
  return cached;
}

const booksJson = cachedJson({
  books: books.map((book, index) => ({
    name: book.name,
    osis: book.osis,
    chapters: book.chapters,
    // Genesis to Malachi (39 books) is the Old Testament.
    testament: index < 39 ? 'old' : 'new',
  })),
} satisfies BooksResponse);

export function getBooksJson(): CachedJson {
  return booksJson;
}

/** GET /api/bible/translations: the list changes only with a new release of the app. */
export const translationsList: TranslationsResponse = {
  translations: translations.map(({ id, name, abbreviation, year }) => ({
    id,
    name,
    abbreviation,
    year,
    licence: translationLicences[id],
  })),
};
