import { books } from '../../../../shared/bible/books.ts';
import type { ReaderPosition } from '../../../../shared/bible/navigation.ts';

export type ReferenceTarget = { position: ReaderPosition; verse: number | null };

function normalize(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * spec §5: a book name matched case-insensitively, allowing a partial name ('psalm', 'rev',
 * 'solomon'). An exact name or OSIS code wins over a name that starts with the text, which
 * wins over one that merely contains it. -1 when nothing matches.
 */
export function findBookIndexByName(name: string): number {
  const wanted = normalize(name);
  if (wanted === '') return -1;
  const names = books.map((book) => book.name.toLowerCase());
  const exact = books.findIndex(
    (book, index) => names[index] === wanted || book.osis.toLowerCase() === wanted,
  );
  if (exact >= 0) return exact;
  const prefix = names.findIndex((bookName) => bookName.startsWith(wanted));
  if (prefix >= 0) return prefix;
  return names.findIndex((bookName) => bookName.includes(wanted));
}

const referencePattern = /^(.*?)\s*(\d+)(?:\s*[:.]\s*(\d+))?(?:\s*[-–]\s*[\d:.]+)?$/;

/**
 * Reads a search result's reference ('John 13:34', '1 John 4:8', 'Song of Solomon 2',
 * 'Psalm 23:1-3') into a chapter and an optional verse. Null when the book is unknown or the
 * chapter is beyond the book's count (spec §5), so the caller can say it could not navigate.
 */
export function parseReference(reference: string): ReferenceTarget | null {
  const text = normalize(reference);
  const match = referencePattern.exec(text);
  // A bare book name ('Jude', '2 John') means its first chapter.
  const bookText = match?.[1] ? match[1] : text;
  const chapter = match?.[1] ? Number(match[2]) : 1;
  const verse = match?.[1] && match[3] ? Number(match[3]) : null;
  const bookIndex = findBookIndexByName(bookText);
  const book = books[bookIndex];
  if (!book || chapter < 1 || chapter > book.chapters) return null;
  if (verse !== null && verse < 1) return null;
  return { position: { bookIndex, chapter }, verse };
}
