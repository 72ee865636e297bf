import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSettings } from '../../../../shared/schemas/settings.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { failureDescription } from '../../../lib/offline/failure-description.ts';
import { settingsQueryKey } from './get-settings.ts';

export function updateDailyNotifications(enabled: boolean): Promise<UserSettings> {
  return apiRequest<UserSettings>('/api/settings', {
    method: 'PATCH',
    body: { daily_verse_notifications: enabled },
  });
}

/** Turns the daily verse notification on or off, then shares the new settings with the cache. */
export function useUpdateDailyNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDailyNotifications,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryKey, settings);
      notify.success(
        'Settings Saved',
        settings.daily_verse_notifications
          ? 'You will receive a daily verse notification.'
          : 'Daily verse notifications are turned off.',
      );
    },
    onError: (error) =>
      notify.error(
        'Save Failed',
        failureDescription(error, 'There was an error saving your settings. Please try again.'),
      ),
  });
}
