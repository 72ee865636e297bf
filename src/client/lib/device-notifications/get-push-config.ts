import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { PushConfigResponse } from '#shared/schemas/notifications.ts';

export const pushConfigQueryKey = ['push-config'] as const;

export function getPushConfig(signal?: AbortSignal): Promise<PushConfigResponse> {
  return apiRequest<PushConfigResponse>('/api/push/config', signal ? { signal } : {});
}

/** Whether this server sends Web Push, and its key; fixed while the server runs. */
export function pushConfigQueryOptions() {
  return queryOptions({
    queryKey: pushConfigQueryKey,
    queryFn: ({ signal }) => getPushConfig(signal),
    staleTime: Infinity,
  });
}

export function usePushConfig({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...pushConfigQueryOptions(), enabled: isEnabled });
}
