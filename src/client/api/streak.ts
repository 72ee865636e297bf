// The streak resource (/api/streak, decision 016): the days in a row a member has read,
// finished a plan day, reviewed verses or written in the journal, the calendar of the last 12
// months, and the rest day. Everything lives under ['streak']: whatever counts for a streak
// elsewhere (a chapter read, a plan day ticked, a review) invalidates that root.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { useSession } from '#client/lib/session.ts';
import type { Weekday } from '#shared/rules/settings.ts';
import type { StreakResponse } from '#shared/schemas/habits.ts';

export const streakKeys = { all: ['streak'] as const };

export type { StreakResponse };

export function getStreak(signal?: AbortSignal): Promise<StreakResponse> {
  return apiRequest<StreakResponse>('/api/streak', signal ? { signal } : {});
}

export function streakQueryOptions() {
  return queryOptions({
    queryKey: streakKeys.all,
    queryFn: ({ signal }) => getStreak(signal),
    // A day turns at midnight and counts from other screens: asked again on each visit.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** The signed-in person's streak; asks nothing for a visitor or while the session loads. */
export function useStreak() {
  const session = useSession();
  return useQuery({ ...streakQueryOptions(), enabled: session.status === 'signed-in' });
}

export function updateStreakSettings(body: { rest_day: Weekday | null }): Promise<StreakResponse> {
  return apiRequest<StreakResponse>('/api/streak/settings', { method: 'PUT', body });
}

/** Saves the rest day (null for none); the answer is the streak counted with it. */
export function useUpdateStreakSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStreakSettings,
    onSuccess: (streak) => {
      queryClient.setQueryData(streakKeys.all, streak);
      notify.success('Settings Saved', 'Your streak rest day has been updated.');
    },
    onError: (error) =>
      notify.error(
        'Save Failed',
        failureDescription(error, 'There was an error saving your rest day. Please try again.'),
      ),
  });
}
