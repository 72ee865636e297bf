// A verse in its context (/api/study/{book}/{chapter}/{verse}/context, decision 023): the
// paragraph around it, who is speaking, its best cross-references. The data changes only with a
// release: kept for the session.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { books } from '#shared/bible/books.ts';
import { parseReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { VersePosition } from '#shared/bible/verse-index.ts';
import type { VerseContextResponse } from '#shared/schemas/study-context.ts';

/** A verse, or a range in one chapter: its first verse and, for a range, its last ('to'). */
export type VerseRange = VersePosition & { to?: number };

export const verseContextKey = (
  { bookIndex, chapter, verse, to }: VerseRange,
  translation: TranslationId,
) => ['study', 'context', bookIndex, chapter, verse, to ?? verse, translation] as const;

export function getVerseContext(
  { bookIndex, chapter, verse, to }: VerseRange,
  translation: TranslationId,
  signal?: AbortSignal,
): Promise<VerseContextResponse> {
  const book = encodeURIComponent(books[bookIndex]?.name ?? '');
  const query = new URLSearchParams({ translation });
  if (to !== undefined && to > verse) query.set('to', String(to));
  return apiRequest<VerseContextResponse>(
    `/api/study/${book}/${chapter}/${verse}/context?${query.toString()}`,
    signal ? { signal } : {},
  );
}

export function verseContextQueryOptions(position: VerseRange, translation: TranslationId) {
  return queryOptions({
    queryKey: verseContextKey(position, translation),
    queryFn: ({ signal }) => getVerseContext(position, translation, signal),
    staleTime: Infinity,
  });
}

/** A range's end in the same chapter: '…:6-7', '…:6 – 7' (not '…:6-5:2', another chapter). */
const rangeEndPattern = /\d\s*[-–]\s*(\d+)\s*$/;

/**
 * The verse a reference names ('Psalms 23:1'), with the last verse of a range in one chapter
 * ('John 3:16-17' → 16, to 17), or null when it names no verse.
 */
export function versePositionOf(reference: string): VerseRange | null {
  const parsed = parseReference(reference);
  if (!parsed || parsed.chapter === null || parsed.verse === null) return null;
  const position = { bookIndex: parsed.bookIndex, chapter: parsed.chapter, verse: parsed.verse };
  const end = Number(rangeEndPattern.exec(reference.trim())?.[1] ?? 0);
  return end > parsed.verse ? { ...position, to: end } : position;
}
