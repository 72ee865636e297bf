import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import type { Profile } from '#shared/schemas/profile.ts';

export const profileColumns = [
  'user_id',
  'email',
  'display_name',
  'profile_image_url',
  'updated_at',
] as const;

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const profile = await db
    .selectFrom('profiles')
    .select(profileColumns)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!profile) throw new AppError('NOT_FOUND', 'Your profile was not found.');
  return profile;
}

export async function updateProfile(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  changes: { display_name: string },
): Promise<Profile> {
  const profile = await db
    .updateTable('profiles')
    .set({ display_name: changes.display_name, updated_at: clock.now().toISOString() })
    .where('user_id', '=', userId)
    .returning(profileColumns)
    .executeTakeFirst();
  if (!profile) throw new AppError('NOT_FOUND', 'Your profile was not found.');
  return profile;
}
