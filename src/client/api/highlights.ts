// The highlights resource (/api/highlights): the verses a signed-in reader lit up, per chapter
// (stored on the server, so on every device).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { getPage } from '#client/lib/pages.ts';
import type { Page } from '#shared/schemas/pagination.ts';
import type { Highlight } from '#shared/schemas/reading.ts';

type ChapterRef = { book_name: string; chapter_number: number };
type VerseRef = ChapterRef & { verse_number: number };

export const highlightKeys = {
  all: ['highlights'] as const,
  chapter: ({ book_name, chapter_number }: ChapterRef) =>
    ['highlights', book_name, chapter_number] as const,
};

/** Highlights asked for a page at a time; a chapter has at most 176 verses, so two pages. */
export const highlightPageSize = 100;
/** A guard against a server that never says "last page": more than a chapter can hold. */
const maxHighlightPages = 4;

/**
 * Every verse the user highlighted in this chapter: the API answers in pages (decision 012), so the
 * pages are followed until the last one.
 */
export async function getHighlights(
  chapter: ChapterRef,
  signal?: AbortSignal,
): Promise<Highlight[]> {
  const filters = {
    book_name: chapter.book_name,
    chapter_number: chapter.chapter_number,
    limit: highlightPageSize,
  };
  const highlights: Highlight[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: Page<Highlight> = await getPage<Highlight>(
      '/api/highlights',
      filters,
      cursor,
      signal,
    );
    highlights.push(...page.items);
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor && pages < maxHighlightPages);
  return highlights;
}

export function highlightsQueryOptions(chapter: ChapterRef) {
  return queryOptions({
    queryKey: highlightKeys.chapter(chapter),
    queryFn: ({ signal }) => getHighlights(chapter, signal),
  });
}

/** The verses the user highlighted in this chapter. */
export function useHighlights(chapter: ChapterRef, isEnabled: boolean) {
  return useQuery({ ...highlightsQueryOptions(chapter), enabled: isEnabled });
}

export function toggleHighlight(body: VerseRef): Promise<{ highlighted: boolean }> {
  return apiRequest<{ highlighted: boolean }>('/api/highlights/toggle', { method: 'POST', body });
}

/** Flips the verse's highlight at once (optimistic) and puts it back if the server refuses. */
export function useToggleHighlight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleHighlight,
    onMutate: async (verse) => {
      const key = highlightKeys.chapter(verse);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Highlight[]>(key);
      queryClient.setQueryData<Highlight[]>(key, (current = []) =>
        current.some((item) => item.verse_number === verse.verse_number)
          ? current.filter((item) => item.verse_number !== verse.verse_number)
          : [
              {
                // Until the server's answer is fetched again; only the verse number is read.
                id: `pending-${verse.verse_number}`,
                book_name: verse.book_name,
                chapter_number: verse.chapter_number,
                verse_number: verse.verse_number,
                tags: [],
                created_at: new Date().toISOString(),
              },
              ...current,
            ],
      );
      return { previous };
    },
    onError: (error, verse, context) => {
      queryClient.setQueryData(highlightKeys.chapter(verse), context?.previous);
      notify.error(
        'Highlight Failed',
        failureDescription(error, 'There was an error updating your highlight.'),
      );
    },
    onSettled: (_data, _error, verse) =>
      queryClient.invalidateQueries({ queryKey: highlightKeys.chapter(verse) }),
  });
}
