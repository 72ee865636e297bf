export { profileLimits } from '#shared/rules/profile.ts';
import { z } from 'zod';
import { displayNameSchema } from './auth.ts';

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
