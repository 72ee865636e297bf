// The settings resource (/api/settings): one cache entry shared by Settings and the verse of the
// day, so both always agree.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import type { UpdateSettingsRequest, UserSettings } from '#shared/schemas/settings.ts';

export const settingsKeys = { all: ['settings'] as const };

export function getSettings(signal?: AbortSignal): Promise<UserSettings> {
  return apiRequest<UserSettings>('/api/settings', signal ? { signal } : {});
}

export function settingsQueryOptions() {
  return queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => getSettings(signal),
  });
}

/** `enabled: false` for a visitor, who has no settings to ask for. */
export function useSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...settingsQueryOptions(), enabled });
}

export function updateSettings(body: UpdateSettingsRequest): Promise<UserSettings> {
  return apiRequest<UserSettings>('/api/settings', { method: 'PATCH', body });
}

/** The toasts a screen shows after a save, in its own words. */
export type UpdateSettingsMessages = {
  success: (settings: UserSettings) => { title: string; description?: string };
  failureDescription: string;
};

/**
 * Saves settings and shares the answer with the cache. With `messages` the save toasts
 * ('Save Failed' with the screen's words, or 'You are offline…'); without, the caller does.
 */
export function useUpdateSettings(messages?: UpdateSettingsMessages) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.all, settings);
      if (!messages) return;
      const { title, description } = messages.success(settings);
      notify.success(title, description);
    },
    onError: (error) => {
      if (!messages) return;
      notify.error('Save Failed', failureDescription(error, messages.failureDescription));
    },
  });
}
