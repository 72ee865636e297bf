import { useEffect } from 'react';
import type { NotificationList } from '#client/api/notifications.ts';

/**
 * Keeps the list in step with the polled badge count: when the count differs from the one the
 * list came with (a notification arrived, or was read in another tab), the list is fetched
 * again. The list's own answer then sets the count, so the two meet after one round.
 */
export function useRefetchListOnCountChange(
  unreadCount: number | undefined,
  list: NotificationList | undefined,
  refetchList: () => unknown,
): void {
  const listUnreadCount = list?.pages[0]?.unread_count;
  useEffect(() => {
    if (unreadCount === undefined || listUnreadCount === undefined) return;
    if (unreadCount !== listUnreadCount) refetchList();
  }, [unreadCount, listUnreadCount, refetchList]);
}
