import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Highlight } from '../../../../shared/schemas/reading.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { highlightsQueryKey } from './get-highlights.ts';

type VerseRef = { book_name: string; chapter_number: number; verse_number: number };

export function toggleHighlight(body: VerseRef): Promise<{ highlighted: boolean }> {
  return apiRequest<{ highlighted: boolean }>('/api/highlights/toggle', { method: 'POST', body });
}

/** Flips the verse's highlight at once (optimistic) and puts it back if the server refuses. */
export function useToggleHighlight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleHighlight,
    onMutate: async (verse) => {
      const key = highlightsQueryKey(verse);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Highlight[]>(key);
      queryClient.setQueryData<Highlight[]>(key, (current = []) =>
        current.some((item) => item.verse_number === verse.verse_number)
          ? current.filter((item) => item.verse_number !== verse.verse_number)
          : [
              ...current,
              { verse_number: verse.verse_number, created_at: new Date().toISOString() },
            ],
      );
      return { previous };
    },
    onError: (error, verse, context) => {
      queryClient.setQueryData(highlightsQueryKey(verse), context?.previous);
      notify.error(
        'Highlight Failed',
        failureDescription(error, 'There was an error updating your highlight.'),
      );
    },
    onSettled: (_data, _error, verse) =>
      queryClient.invalidateQueries({ queryKey: highlightsQueryKey(verse) }),
  });
}
