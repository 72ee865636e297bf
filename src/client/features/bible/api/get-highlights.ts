import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Highlight } from '../../../../shared/schemas/reading.ts';
import { apiRequest } from '../../../lib/api-client.ts';

type ChapterRef = { book_name: string; chapter_number: number };

export function highlightsQueryKey({ book_name, chapter_number }: ChapterRef) {
  return ['highlights', book_name, chapter_number] as const;
}

export function getHighlights(chapter: ChapterRef, signal?: AbortSignal): Promise<Highlight[]> {
  const params = new URLSearchParams({
    book_name: chapter.book_name,
    chapter_number: String(chapter.chapter_number),
  });
  return apiRequest<Highlight[]>(`/api/highlights?${params.toString()}`, { signal });
}

export function highlightsQueryOptions(chapter: ChapterRef) {
  return queryOptions({
    queryKey: highlightsQueryKey(chapter),
    queryFn: ({ signal }) => getHighlights(chapter, signal),
  });
}

/** The verses the user highlighted in this chapter (stored on the server, so on every device). */
export function useHighlights(chapter: ChapterRef, isEnabled: boolean) {
  return useQuery({ ...highlightsQueryOptions(chapter), enabled: isEnabled });
}
