// The notifications resource (/api/notifications): the bell's unread count, the list a page at
// a time, and marking read. Everything lives under ['notifications'], so one invalidation
// covers it.
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { pageParams, pageUrl } from '#client/lib/pages.ts';
import type {
  MarkAllReadResponse,
  Notification,
  NotificationPage,
  UnreadCountResponse,
} from '#shared/schemas/notifications.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
  list: ['notifications', 'list'] as const,
};

export type NotificationList = InfiniteData<NotificationPage>;

// ── Unread count ─────────────────────────────────────────────────────────────────────────

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
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}

// ── The list ─────────────────────────────────────────────────────────────────────────────

export function getNotifications({
  cursor,
  signal,
}: {
  /** The previous page's next_cursor; null for the newest page. */
  cursor: string | null;
  signal?: AbortSignal;
}): Promise<NotificationPage> {
  return apiRequest<NotificationPage>(
    pageUrl('/api/notifications', {}, cursor),
    signal ? { signal } : {},
  );
}

/** Newest first, a page at a time ('Load more' asks for the next, older page). */
export function notificationListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await getNotifications({ cursor: pageParam, signal });
      // The newest page carries the unread count too; the badge takes it, so that the two agree.
      if (pageParam === null) {
        client.setQueryData(notificationKeys.unreadCount, { unread_count: page.unread_count });
      }
      return page;
    },
    ...pageParams,
  });
}

export function useNotificationList() {
  return useInfiniteQuery(notificationListQueryOptions());
}

/** Applies `change` to every cached notification and sets the unread count on each page. */
function updateCachedNotifications(
  queryClient: QueryClient,
  change: (notification: Notification) => Notification,
  unreadCount: (current: number) => number,
): void {
  queryClient.setQueryData<NotificationList>(notificationKeys.list, (list) => {
    if (!list) return list;
    return {
      ...list,
      pages: list.pages.map((page) => ({
        ...page,
        items: page.items.map(change),
        unread_count: unreadCount(page.unread_count),
      })),
    };
  });
  queryClient.setQueryData<UnreadCountResponse>(notificationKeys.unreadCount, (current) =>
    current ? { unread_count: unreadCount(current.unread_count) } : current,
  );
}

// ── Marking read ─────────────────────────────────────────────────────────────────────────

export function markNotificationRead(id: string): Promise<Notification> {
  return apiRequest<Notification>(`/api/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
  });
}

/**
 * product §4: one notification goes from unread to read. The item dims and the badge drops at
 * once; if the server refuses, both are read again from the server.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => markNotificationRead(notification.id),
    onMutate: async (notification) => {
      if (notification.is_read) return;
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      updateCachedNotifications(
        queryClient,
        (item) => (item.id === notification.id ? { ...item, is_read: true } : item),
        (count) => Math.max(0, count - 1),
      );
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      notify.error('Error', failureDescription(error, 'Failed to mark the notification as read.'));
    },
  });
}

export function markAllNotificationsRead(): Promise<MarkAllReadResponse> {
  return apiRequest<MarkAllReadResponse>('/api/notifications/read-all', { method: 'POST' });
}

/** product §4: all of the user's unread notifications become read; the badge clears at once. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      updateCachedNotifications(
        queryClient,
        (item) => (item.is_read ? item : { ...item, is_read: true }),
        () => 0,
      );
    },
    onSuccess: ({ unread_count }) => {
      // Not 0 when a notification arrived meanwhile; the bell then fetches the list again.
      queryClient.setQueryData(notificationKeys.unreadCount, { unread_count });
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      notify.error(
        'Error',
        failureDescription(error, 'Failed to mark your notifications as read.'),
      );
    },
  });
}
