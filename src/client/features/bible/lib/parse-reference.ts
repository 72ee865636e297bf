import type { ReaderPosition } from '#shared/bible/navigation.ts';
import { parseReference as parseWrittenReference } from '#shared/bible/references.ts';

export type ReferenceTarget = { position: ReaderPosition; verse: number | null };

/**
 * product §5: where a search result's reference ('John 13:34', 'Song of Solomon 2', 'Psalm
 * 23:1-3') opens the reader; a bare book name ('Jude', '2 John') means its first chapter. Null
 * when it names no chapter of a book, so the caller can say it could not navigate.
 */
export function parseReference(reference: string): ReferenceTarget | null {
  const parsed = parseWrittenReference(reference);
  if (!parsed) return null;
  return {
    position: { bookIndex: parsed.bookIndex, chapter: parsed.chapter ?? 1 },
    verse: parsed.verse,
  };
}
