import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSettings } from '../../../../shared/schemas/settings.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const settingsQueryKey = ['settings'] as const;

export function getSettings(signal?: AbortSignal): Promise<UserSettings> {
  return apiRequest<UserSettings>('/api/settings', signal ? { signal } : {});
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
  });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
