// The verses resource (/api/verses/…): the built-in catalogue of verses by mood, the verses
// suggested for a mood, and the verse of the day, each in the person's translation (decision 015:
// the translation is in every key, so a switch asks again and each is kept apart). None of it
// changes while the app runs.
import { queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { defaultTranslation, type TranslationId } from '#shared/bible/translations.ts';
import type { Mood } from '#shared/mood/moods.ts';
import type {
  CatalogueResponse,
  DailyVerseResponse,
  MoodSuggestionsResponse,
} from '#shared/schemas/verses.ts';

export const verseKeys = {
  all: ['verses'] as const,
  catalogue: (translation: TranslationId) => ['verses', 'catalogue', translation] as const,
  suggestions: (mood: Mood, translation: TranslationId) =>
    ['verses', 'suggestions', mood, translation] as const,
  daily: (day: number, translation: TranslationId) =>
    ['verses', 'daily', day, translation] as const,
};

/**
 * The query string for a translation: none for the KJV (its addresses stay as they were, so
 * answers kept by the service worker still match), else `translation=web`.
 */
function withTranslation(params: URLSearchParams, translation: TranslationId): string {
  if (translation !== defaultTranslation) params.set('translation', translation);
  const query = params.toString();
  return query ? `?${query}` : '';
}

// ── The catalogue ────────────────────────────────────────────────────────────────────────

export function getVerseCatalogue(
  translation: TranslationId,
  signal?: AbortSignal,
): Promise<CatalogueResponse> {
  return apiRequest<CatalogueResponse>(
    `/api/verses/catalogue${withTranslation(new URLSearchParams(), translation)}`,
    signal ? { signal } : {},
  );
}

/** The built-in catalogue never changes while the app runs, so one fetch serves the visit. */
export function verseCatalogueQueryOptions(translation: TranslationId) {
  return queryOptions({
    queryKey: verseKeys.catalogue(translation),
    queryFn: ({ signal }) => getVerseCatalogue(translation, signal),
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * Loads the catalogue as the page opens, so the first verse ('Find My Verse' on /feeling, a
 * mood on /verse-graphics) answers at once.
 */
export function usePrefetchVerseCatalogue(translation: TranslationId): void {
  usePrefetchQuery(verseCatalogueQueryOptions(translation));
}

// ── Suggestions for a mood ───────────────────────────────────────────────────────────────

export function getMoodSuggestions(
  mood: Mood,
  translation: TranslationId,
  signal?: AbortSignal,
): Promise<MoodSuggestionsResponse> {
  const query = withTranslation(new URLSearchParams({ mood }), translation);
  return apiRequest<MoodSuggestionsResponse>(`/api/verses/suggestions${query}`, { signal });
}

/**
 * The verses chosen for a mood change only with a deploy: one request per mood, translation
 * and visit.
 */
export function moodSuggestionsQueryOptions(mood: Mood, translation: TranslationId) {
  return queryOptions({
    queryKey: verseKeys.suggestions(mood, translation),
    queryFn: ({ signal }) => getMoodSuggestions(mood, translation, signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useMoodSuggestions(mood: Mood, translation: TranslationId) {
  return useQuery(moodSuggestionsQueryOptions(mood, translation));
}

// ── The verse of the day ─────────────────────────────────────────────────────────────────

/** `day` is the day of the year, 1–366, of the visitor's local date. */
export function getDailyVerse(
  day: number,
  translation: TranslationId,
  signal?: AbortSignal,
): Promise<DailyVerseResponse> {
  return apiRequest<DailyVerseResponse>(
    `/api/verses/daily/${day}${withTranslation(new URLSearchParams(), translation)}`,
    signal ? { signal } : {},
  );
}

export function dailyVerseQueryOptions(day: number, translation: TranslationId) {
  return queryOptions({
    queryKey: verseKeys.daily(day, translation),
    queryFn: ({ signal }) => getDailyVerse(day, translation, signal),
    staleTime: Infinity,
  });
}

export function useDailyVerse(day: number, translation: TranslationId) {
  return useQuery(dailyVerseQueryOptions(day, translation));
}
