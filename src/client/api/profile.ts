// The profile resource (/api/profile): the person's name as Grounded shows it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileRequest } from '../../shared/schemas/profile.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useSession, useSetSession } from '../lib/session.ts';

export const profileKeys = { all: ['profile'] as const };

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest<Profile>('/api/profile', signal ? { signal } : {});
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.all,
    queryFn: ({ signal }) => getProfile(signal),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

export function updateProfile(body: UpdateProfileRequest): Promise<Profile> {
  return apiRequest<Profile>('/api/profile', { method: 'PATCH', body });
}

/** Saves the profile, then updates the cached profile and the header's name at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const session = useSession();
  const setSession = useSetSession();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.all, profile);
      if (session.user) setSession({ ...session.user, display_name: profile.display_name });
    },
  });
}
