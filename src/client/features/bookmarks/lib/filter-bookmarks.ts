import type { Bookmark } from '../../../../shared/schemas/reading.ts';

/** The search term as the page uses it: surrounding spaces do not count. */
export function normaliseSearchTerm(term: string): string {
  return term.trim().toLowerCase();
}

/**
 * product §5: a case-insensitive substring of the book name or of the chapter number.
 * An empty term keeps every bookmark; the order is left as it is (newest first).
 */
export function filterBookmarks<T extends Pick<Bookmark, 'book_name' | 'chapter_number'>>(
  bookmarks: readonly T[],
  term: string,
): T[] {
  const needle = normaliseSearchTerm(term);
  if (!needle) return [...bookmarks];
  return bookmarks.filter(
    (bookmark) =>
      bookmark.book_name.toLowerCase().includes(needle) ||
      String(bookmark.chapter_number).includes(needle),
  );
}
