import { findBookIndex } from './book-names.ts';
import { books } from './books.ts';

/** A reference as written: the book, and the chapter and verse when given. */
export type ParsedReference = { bookIndex: number; chapter: number | null; verse: number | null };

/** The book, then a chapter, a verse after ':' or '.', and the end of a range (not kept). */
const referencePattern = /^(.*?)\s*(\d+)(?:\s*[:.]\s*(\d+))?(?:\s*[-–]\s*[\d:.]+)?$/;

/**
 * product §5: reads 'John 3:16', '1 Cor 13:4-7', 'Song of Solomon 2', 'psalm 23.1' or a bare book
 * ('Jude') into its book (any name findBookIndex reads), chapter and verse. Null when the book
 * is unknown, the chapter is not in the book, or the verse is 0; the verse is not checked
 * against the chapter's length, which only the text knows.
 */
export function parseReference(reference: string): ParsedReference | null {
  const text = reference.trim().replace(/\s+/g, ' ');
  const match = referencePattern.exec(text);
  const hasChapter = match?.[1] !== undefined && match[1] !== '';
  const bookIndex = findBookIndex(hasChapter ? (match[1] ?? '') : text);
  const book = books[bookIndex];
  if (!book) return null;
  if (!hasChapter) return { bookIndex, chapter: null, verse: null };
  const chapter = Number(match[2]);
  const verse = match[3] === undefined ? null : Number(match[3]);
  if (chapter < 1 || chapter > book.chapters || verse === 0) return null;
  return { bookIndex, chapter, verse };
}

// Kept in a module of their own, which imports no book list: the footer's quotation shows a
// reference on every screen, and the app's entry chunk should not carry the books to do so.
export { displayReference, displayReferenceRanges } from './display-reference.ts';
