import { findBookIndex } from './book-names.ts';
import { books } from './books.ts';
import { displayReference } from './references.ts';

/** product §4: the reader's position is a book index (0 = Genesis) and a chapter (from 1). */
export type ReaderPosition = { bookIndex: number; chapter: number };

export const firstPosition: ReaderPosition = { bookIndex: 0, chapter: 1 };
export const lastPosition: ReaderPosition = { bookIndex: books.length - 1, chapter: 22 };

export function chaptersIn(bookIndex: number): number {
  return books[bookIndex]?.chapters ?? 0;
}

export function isValidPosition({ bookIndex, chapter }: ReaderPosition): boolean {
  return (
    Number.isInteger(bookIndex) &&
    Number.isInteger(chapter) &&
    bookIndex >= 0 &&
    bookIndex < books.length &&
    chapter >= 1 &&
    chapter <= chaptersIn(bookIndex)
  );
}

/** The next chapter, crossing into chapter 1 of the next book; null at Revelation 22. */
export function nextPosition({ bookIndex, chapter }: ReaderPosition): ReaderPosition | null {
  if (chapter < chaptersIn(bookIndex)) return { bookIndex, chapter: chapter + 1 };
  if (bookIndex < books.length - 1) return { bookIndex: bookIndex + 1, chapter: 1 };
  return null;
}

/** The previous chapter, crossing into the last chapter of the previous book; null at Genesis 1. */
export function previousPosition({ bookIndex, chapter }: ReaderPosition): ReaderPosition | null {
  if (chapter > 1) return { bookIndex, chapter: chapter - 1 };
  if (bookIndex > 0) return { bookIndex: bookIndex - 1, chapter: chaptersIn(bookIndex - 1) };
  return null;
}

/** product §4: progress bar width = (book index + chapter / chapters in book) / 66, as a percentage. */
export function progressPercent({ bookIndex, chapter }: ReaderPosition): number {
  const chapters = chaptersIn(bookIndex);
  if (chapters === 0) return 0;
  return ((bookIndex + chapter / chapters) / books.length) * 100;
}

/** Reads ?book=&chapter= leniently: names, OSIS codes and short forms in any case; bad → null. */
export function positionFromParams(
  book: string | null,
  chapter: string | null,
): ReaderPosition | null {
  if (!book) return null;
  const bookIndex = findBookIndex(book);
  if (bookIndex < 0) return null;
  const chapterNumber = chapter === null || chapter === '' ? 1 : Number(chapter);
  const position = { bookIndex, chapter: chapterNumber };
  return isValidPosition(position) ? position : null;
}

export type ReaderParamsFallback = {
  /** The chapter shown instead. */
  position: ReaderPosition;
  /** What the address asked for, as written: 'Genesis 999', 'Foo'. */
  reference: string;
  /** What the reader says it did: 'Genesis has 50 chapters; showing Genesis 50.' */
  note: string;
};

/**
 * For an address that names a book but no chapter of it (?book=Genesis&chapter=999,
 * ?book=Foo): the nearest chapter to show and a line saying so, rather than a silent Genesis 1
 * (docs/product.md §4, Reader position). Null when the address is good, or names no book at all.
 */
export function readerParamsFallback(
  book: string | null,
  chapter: string | null,
): ReaderParamsFallback | null {
  if (!book || positionFromParams(book, chapter) !== null) return null;
  const reference = chapter ? `${book} ${chapter}` : book;
  const bookIndex = findBookIndex(book);
  const found = books[bookIndex];
  if (!found) {
    return {
      position: { ...firstPosition },
      reference,
      note: `No book called “${book}”; showing ${positionLabel(firstPosition)}.`,
    };
  }
  const wanted = Number(chapter);
  const count = found.chapters;
  const isBeyondEnd = Number.isFinite(wanted) && wanted > count;
  const position = { bookIndex, chapter: isBeyondEnd ? count : 1 };
  const has = isBeyondEnd
    ? `has ${count} ${count === 1 ? 'chapter' : 'chapters'}`
    : `has no chapter ${chapter ?? ''}`;
  return { position, reference, note: `${found.name} ${has}; showing ${positionLabel(position)}.` };
}

/** The chapter as a person reads it: 'John 3', 'Psalm 23' (displayReference). */
export function positionLabel({ bookIndex, chapter }: ReaderPosition): string {
  return displayReference(`${books[bookIndex]?.name ?? ''} ${chapter}`);
}
