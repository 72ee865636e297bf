// "Last time you were here" (/api/reader/last-visit): when the signed-in reader last read a
// chapter before this sitting, and what they left in it (docs/product.md, the reader).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { LastVisit } from '#shared/schemas/last-visit.ts';

type ChapterRef = { book_name: string; chapter_number: number };

export const lastVisitKeys = {
  all: ['last-visit'] as const,
  chapter: ({ book_name, chapter_number }: ChapterRef) =>
    ['last-visit', book_name, chapter_number] as const,
};

export function getLastVisit(chapter: ChapterRef, signal?: AbortSignal): Promise<LastVisit> {
  const book = encodeURIComponent(chapter.book_name);
  return apiRequest<LastVisit>(`/api/reader/last-visit/${book}/${chapter.chapter_number}`, {
    signal,
  });
}

export function lastVisitQueryOptions(chapter: ChapterRef) {
  return queryOptions({
    queryKey: lastVisitKeys.chapter(chapter),
    queryFn: ({ signal }) => getLastVisit(chapter, signal),
    // The visit before this sitting does not change within it (saves of a chapter under 30
    // minutes apart are one sitting; docs/product.md): asked once a chapter, not on focus, and
    // again on opening the chapter once a sitting has passed. A failure shows nothing.
    staleTime: 30 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** One small request a chapter for a member; none for a visitor (`isEnabled` false). */
export function useLastVisitQuery(chapter: ChapterRef, isEnabled: boolean) {
  return useQuery({ ...lastVisitQueryOptions(chapter), enabled: isEnabled });
}
