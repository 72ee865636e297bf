// Study helps (/api/study, decision 023): a chapter's study data in one request, a verse's
// cross-references, a page at a time, in the translation it was read in, and a Strong's number's
// entry. The data changes only with a release: kept for the session.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { books } from '#shared/bible/books.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { VersePosition } from '#shared/bible/verse-index.ts';
import { studyDataVersion } from '#shared/rules/study.ts';
import type {
  ChapterStudyResponse,
  CrossReferencesResponse,
  StrongsEntryResponse,
} from '#shared/schemas/study.ts';

/** Cross-references shown at first, and added by each 'More'. */
export const crossReferencesPageSize = 5;

/** A Strong's number's uses shown at first, and added by each 'More'. */
export const strongsUsesPageSize = 10;

export const studyKeys = {
  all: ['study'] as const,
  chapter: (bookIndex: number, chapter: number) =>
    ['study', 'chapter', bookIndex, chapter] as const,
  strongs: (number: string) => ['study', 'strongs', number] as const,
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

/**
 * A chapter's study data, one request whose address names this release's data: the browser keeps
 * the answer for good, and the offline download stores the same addresses.
 */
export function chapterStudyUrl(bookIndex: number, chapter: number): string {
  const book = encodeURIComponent(books[bookIndex]?.name ?? '');
  return `/api/study/${book}/${chapter}?v=${studyDataVersion}`;
}

export function chapterStudyQueryOptions(bookIndex: number, chapter: number) {
  return queryOptions({
    queryKey: studyKeys.chapter(bookIndex, chapter),
    queryFn: ({ signal }) =>
      apiRequest<ChapterStudyResponse>(chapterStudyUrl(bookIndex, chapter), { signal }),
    staleTime: Infinity,
    // Offline too: the service worker may have it (downloaded for offline use).
    networkMode: 'always',
  });
}

export function strongsEntryQueryOptions(number: string) {
  return infiniteQueryOptions({
    queryKey: studyKeys.strongs(number),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({
        offset: String(pageParam),
        limit: String(strongsUsesPageSize),
      });
      return apiRequest<StrongsEntryResponse>(
        `/api/study/strongs/${encodeURIComponent(number)}?${query.toString()}`,
        { signal },
      );
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.uses.items.length, 0);
      return shown < last.uses.total && last.uses.items.length > 0 ? shown : undefined;
    },
    staleTime: Infinity,
  });
}
