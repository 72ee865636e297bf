import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkAllReadResponse } from '../../../../shared/schemas/notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { updateCachedNotifications } from './get-notifications.ts';
import { notificationsQueryKey, unreadCountQueryKey } from './get-unread-count.ts';

export function markAllNotificationsRead(): Promise<MarkAllReadResponse> {
  return apiRequest<MarkAllReadResponse>('/api/notifications/read-all', { method: 'POST' });
}

/** spec §4: all of the user's unread notifications become read; the badge clears at once. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      updateCachedNotifications(
        queryClient,
        (item) => (item.is_read ? item : { ...item, is_read: true }),
        () => 0,
      );
    },
    onSuccess: ({ unread_count }) => {
      // Not 0 when a notification arrived meanwhile; the bell then fetches the list again.
      queryClient.setQueryData(unreadCountQueryKey, { unread_count });
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      notify.error(
        'Error',
        failureDescription(error, 'Failed to mark your notifications as read.'),
      );
    },
  });
}
