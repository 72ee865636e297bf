// A passage by its reference (/api/bible/passage): the quotations the screens show, and a saved
// verse read in another translation than it was saved in (decision 015). The reader's chapters and
// search are api/bible.ts. The text never changes, so each answer is kept for the visit.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { defaultTranslation, type TranslationId } from '#shared/bible/translations.ts';
import type { PassageResponse } from '#shared/schemas/bible.ts';

export const passageKeys = {
  passage: (reference: string, translation: TranslationId) =>
    ['bible', 'passage', reference, translation] as const,
};

/** The KJV's address has no `translation` (as before there were translations), so a cached answer still matches. */
export function passagePath(reference: string, translation: TranslationId): string {
  const params = new URLSearchParams({ reference });
  if (translation !== defaultTranslation) params.set('translation', translation);
  return `/api/bible/passage?${params.toString()}`;
}

export function getPassage(
  reference: string,
  translation: TranslationId,
  signal?: AbortSignal,
): Promise<PassageResponse> {
  return apiRequest<PassageResponse>(passagePath(reference, translation), { signal });
}

export function passageQueryOptions(reference: string, translation: TranslationId) {
  return queryOptions({
    queryKey: passageKeys.passage(reference, translation),
    queryFn: ({ signal }) => getPassage(reference, translation, signal),
    staleTime: Infinity,
  });
}

/** `enabled: false` until the passage is wanted (a saved verse shown in its own words needs none). */
export function usePassage(
  reference: string,
  translation: TranslationId,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...passageQueryOptions(reference, translation), enabled });
}
