import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSettings } from '../../../../shared/schemas/settings.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The same cache entry the Settings screen uses, so both always agree. */
export const settingsQueryKey = ['settings'] as const;

export function getSettings(signal?: AbortSignal): Promise<UserSettings> {
  return apiRequest<UserSettings>('/api/settings', signal ? { signal } : {});
}

export function useSettings({ enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: settingsQueryKey,
      queryFn: ({ signal }) => getSettings(signal),
      enabled,
    }),
  );
}
