import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileRequest } from '../../../../shared/schemas/profile.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useSession, useSetSession } from '../../../lib/session.ts';
import { profileQueryKey } from './get-profile.ts';

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
      queryClient.setQueryData(profileQueryKey, profile);
      if (session.user) setSession({ ...session.user, display_name: profile.display_name });
    },
  });
}
