import { queryOptions, usePrefetchQuery } from '@tanstack/react-query';
import type { CatalogueResponse } from '../../shared/schemas/verses.ts';
import { apiRequest } from './api-client.ts';

export function getVerseCatalogue(signal?: AbortSignal): Promise<CatalogueResponse> {
  return apiRequest<CatalogueResponse>('/api/verses/catalogue', signal ? { signal } : {});
}

/** The built-in catalogue never changes while the app runs, so one fetch serves the visit. */
export function verseCatalogueQueryOptions() {
  return queryOptions({
    queryKey: ['verses', 'catalogue'],
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
