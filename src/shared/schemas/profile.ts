import { z } from 'zod';
import { displayNameMaxLength, displayNameSchema } from './auth.ts';

/** What the profile form shows as its limits; the schema below enforces the same. */
export const profileLimits = { displayName: displayNameMaxLength } as const;

export const profileSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  display_name: z.string(),
  profile_image_url: z.string().nullable(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileRequestSchema = z.object({ display_name: displayNameSchema });
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
