// The verses resource (/api/verses/…): the built-in catalogue of verses by mood, the verses
// suggested for a mood, and the verse of the day. None of it changes while the app runs.
import { queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import type { Mood } from '../../shared/mood/moods.ts';
import type {
  CatalogueResponse,
  DailyVerseResponse,
  MoodSuggestionsResponse,
} from '../../shared/schemas/verses.ts';
import { apiRequest } from '../lib/api-client.ts';

export const verseKeys = {
  all: ['verses'] as const,
  catalogue: ['verses', 'catalogue'] as const,
  suggestions: (mood: Mood) => ['verses', 'suggestions', mood] as const,
  daily: (day: number) => ['verses', 'daily', day] as const,
};

// ── The catalogue ────────────────────────────────────────────────────────────────────────

export function getVerseCatalogue(signal?: AbortSignal): Promise<CatalogueResponse> {
  return apiRequest<CatalogueResponse>('/api/verses/catalogue', signal ? { signal } : {});
}

/** The built-in catalogue never changes while the app runs, so one fetch serves the visit. */
export function verseCatalogueQueryOptions() {
  return queryOptions({
    queryKey: verseKeys.catalogue,
    queryFn: ({ signal }) => getVerseCatalogue(signal),
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * Loads the catalogue as the page opens, so the first verse ('Find My Verse' on /feeling, a
 * mood on /verse-graphics) answers at once.
 */
export function usePrefetchVerseCatalogue(): void {
  usePrefetchQuery(verseCatalogueQueryOptions());
}

// ── Suggestions for a mood ───────────────────────────────────────────────────────────────

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
    queryKey: verseKeys.suggestions(mood),
    queryFn: ({ signal }) => getMoodSuggestions(mood, signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useMoodSuggestions(mood: Mood) {
  return useQuery(moodSuggestionsQueryOptions(mood));
}

// ── The verse of the day ─────────────────────────────────────────────────────────────────

/** `day` is the day of the year, 1–366, of the visitor's local date. */
export function getDailyVerse(day: number, signal?: AbortSignal): Promise<DailyVerseResponse> {
  return apiRequest<DailyVerseResponse>(`/api/verses/daily/${day}`, signal ? { signal } : {});
}

export function dailyVerseQueryOptions(day: number) {
  return queryOptions({
    queryKey: verseKeys.daily(day),
    queryFn: ({ signal }) => getDailyVerse(day, signal),
    staleTime: Infinity,
  });
}

export function useDailyVerse(day: number) {
  return useQuery(dailyVerseQueryOptions(day));
}
