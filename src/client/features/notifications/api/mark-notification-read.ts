import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '../../../../shared/schemas/notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { updateCachedNotifications } from './get-notifications.ts';
import { notificationsQueryKey } from './get-unread-count.ts';

export function markNotificationRead(id: string): Promise<Notification> {
  return apiRequest<Notification>(`/api/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
  });
}

/**
 * spec §4: one notification goes from unread to read. The item dims and the badge drops at
 * once; if the server refuses, both are read again from the server.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) => markNotificationRead(notification.id),
    onMutate: async (notification) => {
      if (notification.is_read) return;
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      updateCachedNotifications(
        queryClient,
        (item) => (item.id === notification.id ? { ...item, is_read: true } : item),
        (count) => Math.max(0, count - 1),
      );
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      notify.error('Error', failureDescription(error, 'Failed to mark the notification as read.'));
    },
  });
}
