import { queryOptions } from '@tanstack/react-query';
import type { AuthProvidersResponse } from '../../shared/schemas/auth.ts';
import { apiRequest } from './api-client.ts';

export function getAuthProviders(signal?: AbortSignal): Promise<AuthProvidersResponse> {
  return apiRequest<AuthProvidersResponse>('/api/auth/providers', signal ? { signal } : {});
}

/** Which sign-in providers besides e-mail and password this server offers. */
export const authProvidersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: ({ signal }) => getAuthProviders(signal),
  staleTime: 5 * 60_000,
});
