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

export const verseContextKey = (
  { bookIndex, chapter, verse }: VersePosition,
  translation: TranslationId,
) => ['study', 'context', bookIndex, chapter, verse, translation] as const;

export function getVerseContext(
  { bookIndex, chapter, verse }: VersePosition,
  translation: TranslationId,
  signal?: AbortSignal,
): Promise<VerseContextResponse> {
  const book = encodeURIComponent(books[bookIndex]?.name ?? '');
  const query = new URLSearchParams({ translation });
  return apiRequest<VerseContextResponse>(
    `/api/study/${book}/${chapter}/${verse}/context?${query.toString()}`,
    signal ? { signal } : {},
  );
}

export function verseContextQueryOptions(position: VersePosition, translation: TranslationId) {
  return queryOptions({
    queryKey: verseContextKey(position, translation),
    queryFn: ({ signal }) => getVerseContext(position, translation, signal),
    staleTime: Infinity,
  });
}

/**
 * The verse a reference names ('Psalms 23:1', 'John 3:16-17' → its first verse), or null when
 * it names no single verse.
 */
export function versePositionOf(reference: string): VersePosition | null {
  const parsed = parseReference(reference);
  if (!parsed || parsed.chapter === null || parsed.verse === null) return null;
  return { bookIndex: parsed.bookIndex, chapter: parsed.chapter, verse: parsed.verse };
}
