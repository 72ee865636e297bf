import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSettingsRequest, UserSettings } from '../../../../shared/schemas/settings.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { settingsQueryKey } from './get-settings.ts';

export function updateSettings(body: UpdateSettingsRequest): Promise<UserSettings> {
  return apiRequest<UserSettings>('/api/settings', { method: 'PATCH', body });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryKey, settings);
    },
  });
}
