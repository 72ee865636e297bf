// The daily reading reminder (/api/habit-reminder, decision 016): whether it is on, its time
// and its days, in the person's time zone (their notification settings' zone).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { HabitReminder } from '#shared/schemas/habits.ts';

export const habitReminderKeys = { all: ['habit-reminder'] as const };

export type { HabitReminder };

export function getHabitReminder(signal?: AbortSignal): Promise<HabitReminder> {
  return apiRequest<HabitReminder>('/api/habit-reminder', signal ? { signal } : {});
}

export function habitReminderQueryOptions() {
  return queryOptions({
    queryKey: habitReminderKeys.all,
    queryFn: ({ signal }) => getHabitReminder(signal),
  });
}

export function useHabitReminder() {
  return useQuery(habitReminderQueryOptions());
}

export function saveHabitReminder(body: HabitReminder): Promise<HabitReminder> {
  return apiRequest<HabitReminder>('/api/habit-reminder', { method: 'PUT', body });
}

/** Saves the reminder and shares the answer with the cache; the form shows its own toasts. */
export function useSaveHabitReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHabitReminder,
    onSuccess: (saved) => queryClient.setQueryData(habitReminderKeys.all, saved),
  });
}
