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

/**
 * 'Psalms' followed by one psalm: its number, then perhaps verses of it ('23', '23:1', '23:1-6',
 * '23:1, 4'). A range across psalms ('23–24', '23:6-24:1') does not follow.
 */
const onePsalm = /^Psalms(?= \d+(?::\d+(?:\s*[-–]\s*\d+)?(?:,\s*\d+(?:\s*[-–]\s*\d+)?)*)?$)/;

/**
 * A reference as a person reads it: one psalm, or verses of one, is 'Psalm 23', 'Psalm 23:1',
 * 'Psalm 23:1-6', as people write it; the book alone and a range across psalms keep 'Psalms'
 * ('Psalms 23–24'). Every other reference is unchanged. For what is shown only: addresses, stored
 * references and API fields keep the book's name as books.ts spells it.
 */
export function displayReference(reference: string): string {
  return reference.replace(onePsalm, 'Psalm');
}

/**
 * [start, end) offsets in a stored reference (a search's matches) moved onto its displayed
 * form: where displayReference drops the 's' of 'Psalms', offsets after it move back by one and
 * a range of that 's' alone disappears.
 */
export function displayReferenceRanges(
  reference: string,
  ranges: readonly (readonly [number, number])[],
): [number, number][] {
  const at = (offset: number) => (offset > 5 ? offset - 1 : offset);
  const shortened = displayReference(reference) !== reference;
  return ranges
    .map(([start, end]): [number, number] => (shortened ? [at(start), at(end)] : [start, end]))
    .filter(([start, end]) => end > start);
}
