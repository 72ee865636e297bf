// Study helps (/api/study, decision 023): a verse's cross-references, a page at a time, in the
// translation it was read in. The data changes only with a release: kept for the session.
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { books } from '#shared/bible/books.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { VersePosition } from '#shared/bible/verse-index.ts';
import type { CrossReferencesResponse } from '#shared/schemas/study.ts';

/** Cross-references shown at first, and added by each 'More'. */
export const crossReferencesPageSize = 5;

export const studyKeys = {
  all: ['study'] as const,
  crossReferences: ({ bookIndex, chapter, verse }: VersePosition, translation: TranslationId) =>
    ['study', 'cross-references', bookIndex, chapter, verse, translation] as const,
};

export function getCrossReferences(
  { bookIndex, chapter, verse }: VersePosition,
  translation: TranslationId,
  offset: number,
  signal?: AbortSignal,
): Promise<CrossReferencesResponse> {
  const book = encodeURIComponent(books[bookIndex]?.name ?? '');
  const query = new URLSearchParams({
    translation,
    offset: String(offset),
    limit: String(crossReferencesPageSize),
  });
  return apiRequest<CrossReferencesResponse>(
    `/api/study/${book}/${chapter}/${verse}/cross-references?${query.toString()}`,
    { signal },
  );
}

export function crossReferencesQueryOptions(position: VersePosition, translation: TranslationId) {
  return infiniteQueryOptions({
    queryKey: studyKeys.crossReferences(position, translation),
    queryFn: ({ pageParam, signal }) =>
      getCrossReferences(position, translation, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.items.length, 0);
      return shown < last.total && last.items.length > 0 ? shown : undefined;
    },
    staleTime: Infinity,
  });
}
