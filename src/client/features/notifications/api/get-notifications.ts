import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Notification, NotificationPage } from '../../../../shared/schemas/notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { unreadCountQueryKey } from './get-unread-count.ts';

export const notificationListQueryKey = ['notifications', 'list'] as const;

export type NotificationList = InfiniteData<NotificationPage>;

export function getNotifications({
  before,
  signal,
}: {
  /** The previous page's next_cursor; null for the newest page. */
  before: string | null;
  signal?: AbortSignal;
}): Promise<NotificationPage> {
  const query = before ? `?${new URLSearchParams({ before }).toString()}` : '';
  return apiRequest<NotificationPage>(`/api/notifications${query}`, signal ? { signal } : {});
}

/** Newest first, a page at a time ('Load more' asks for the next, older page). */
export function notificationListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationListQueryKey,
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await getNotifications({ before: pageParam, signal });
      // The newest page carries the unread count too; the badge takes it, so that the two agree.
      if (pageParam === null) {
        client.setQueryData(unreadCountQueryKey, { unread_count: page.unread_count });
      }
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}

export function useNotificationList() {
  return useInfiniteQuery(notificationListQueryOptions());
}

/** Applies `change` to every cached notification and sets the unread count on each page. */
export function updateCachedNotifications(
  queryClient: QueryClient,
  change: (notification: Notification) => Notification,
  unreadCount: (current: number) => number,
): void {
  queryClient.setQueryData<NotificationList>(notificationListQueryKey, (list) => {
    if (!list) return list;
    return {
      ...list,
      pages: list.pages.map((page) => ({
        ...page,
        notifications: page.notifications.map(change),
        unread_count: unreadCount(page.unread_count),
      })),
    };
  });
  queryClient.setQueryData<{ unread_count: number }>(unreadCountQueryKey, (current) =>
    current ? { unread_count: unreadCount(current.unread_count) } : current,
  );
}
