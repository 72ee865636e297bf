import { queryOptions, usePrefetchQuery } from '@tanstack/react-query';
import type { CatalogueResponse } from '../../../../shared/schemas/verses.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function getVerseCatalogue(signal?: AbortSignal): Promise<CatalogueResponse> {
  return apiRequest<CatalogueResponse>('/api/verses/catalogue', signal ? { signal } : {});
}

/** The built-in catalogue never changes while the app runs: one fetch serves the visit. */
export function verseCatalogueQueryOptions() {
  return queryOptions({
    queryKey: ['verses', 'catalogue'],
    queryFn: ({ signal }) => getVerseCatalogue(signal),
    staleTime: Infinity,
    retry: 1,
  });
}

/** Starts loading the catalogue as the page opens, so the first mood answers at once. */
export function usePrefetchVerseCatalogue(): void {
  usePrefetchQuery(verseCatalogueQueryOptions());
}
