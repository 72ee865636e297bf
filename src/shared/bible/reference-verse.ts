// A module of its own: it needs every chapter's verse count, which the app's first load (where
// references.ts goes) should not carry; the server keeps this number beside typed references.
import { parseReference } from './references.ts';
import { verseNumber } from './verse-index.ts';

/**
 * The verse a reference names, numbered in Bible order (verse-index.ts), or null when it names
 * no single verse (a book, a chapter, or no reference at all). A range is its first verse. Kept
 * beside a journal entry's or a prayer's typed reference, so a chapter's are found on an index.
 */
export function referenceVerse(reference: string | null | undefined): number | null {
  const place = reference ? parseReference(reference) : null;
  if (!place || place.chapter === null || place.verse === null) return null;
  const number = verseNumber({
    bookIndex: place.bookIndex,
    chapter: place.chapter,
    verse: place.verse,
  });
  return number < 0 ? null : number;
}
