import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCountResponse } from '../../../../shared/schemas/notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Everything of this feature lives under ['notifications'], so one invalidation covers it. */
export const notificationsQueryKey = ['notifications'] as const;
export const unreadCountQueryKey = ['notifications', 'unread-count'] as const;

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCountResponse> {
  return apiRequest<UnreadCountResponse>(
    '/api/notifications/unread-count',
    signal ? { signal } : {},
  );
}

/**
 * The badge's count, asked for every minute so that new notifications show up without a
 * reload. TanStack pauses the interval while the tab is hidden and asks again as soon as it is
 * visible (its focus manager follows `visibilitychange`).
 */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
