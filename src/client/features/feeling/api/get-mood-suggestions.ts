import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Mood } from '../../../../shared/mood/moods.ts';
import type { MoodSuggestionsResponse } from '../../../../shared/schemas/verses.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getMoodSuggestions(
  mood: Mood,
  signal?: AbortSignal,
): Promise<MoodSuggestionsResponse> {
  const params = new URLSearchParams({ mood });
  return apiRequest<MoodSuggestionsResponse>(`/api/verses/suggestions?${params.toString()}`, {
    signal,
  });
}

/** The verses chosen for a mood change only with a deploy: one request per mood and visit. */
export function moodSuggestionsQueryOptions(mood: Mood) {
  return queryOptions({
    queryKey: ['verses', 'suggestions', mood],
    queryFn: ({ signal }) => getMoodSuggestions(mood, signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useMoodSuggestions(mood: Mood) {
  return useQuery(moodSuggestionsQueryOptions(mood));
}
