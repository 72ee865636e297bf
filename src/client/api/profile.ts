// The profile resource (/api/profile): the person's name and picture as Grounded shows them.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { sessionQueryKey, useSession, useSetSession } from '#client/lib/session.ts';
import type { SessionResponse } from '#shared/schemas/auth.ts';
import type { Profile, UpdateProfileRequest } from '#shared/schemas/profile.ts';

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

/**
 * The square kept of a picture: fractions (0..1) of the picture as shown, after its EXIF
 * orientation (react-easy-crop's croppedArea / 100). The server makes it square and clamps it.
 */
export type PictureCrop = { left: number; top: number; width: number; height: number };

export type PictureUpload = {
  file: Blob;
  /** null: the server keeps the centre square (a picture the browser could not show). */
  crop: PictureCrop | null;
};

/** Sends the picture's bytes as they are: the server decides its type from them. */
export function uploadProfilePicture({ file, crop }: PictureUpload): Promise<Profile> {
  const query = crop
    ? `?${new URLSearchParams({
        left: String(crop.left),
        top: String(crop.top),
        width: String(crop.width),
        height: String(crop.height),
      }).toString()}`
    : '';
  return apiRequest<Profile>(`/api/profile/picture${query}`, { method: 'PUT', rawBody: file });
}

export function removeProfilePicture(): Promise<Profile> {
  return apiRequest<Profile>('/api/profile/picture', { method: 'DELETE' });
}

/**
 * After the picture changed: the cached profile, the header's avatar (the session's user) at
 * once, and the testimonies, which carry their author's picture.
 */
function usePictureChanged(): (profile: Profile) => void {
  const queryClient = useQueryClient();
  const setSession = useSetSession();
  return (profile) => {
    queryClient.setQueryData(profileKeys.all, profile);
    // The latest session, not the one of the render that started the upload.
    const user = queryClient.getQueryData<SessionResponse>(sessionQueryKey)?.user;
    if (user) setSession({ ...user, profile_image_url: profile.profile_image_url });
    // testimonyKeys.all, written out: importing api/testimonies.ts would bring that module
    // into Settings' first load.
    void queryClient.invalidateQueries({ queryKey: ['testimonies'] });
  };
}

export function useUploadProfilePicture() {
  const pictureChanged = usePictureChanged();
  return useMutation({ mutationFn: uploadProfilePicture, onSuccess: pictureChanged });
}

export function useRemoveProfilePicture() {
  const pictureChanged = usePictureChanged();
  return useMutation({ mutationFn: removeProfilePicture, onSuccess: pictureChanged });
}
