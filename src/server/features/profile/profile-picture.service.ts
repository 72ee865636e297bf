import type { Profile } from '../../../shared/schemas/profile.ts';
import { fileLimits, publicFileUrl, userContentBucket } from '../../../shared/rules/files.ts';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';
import { newRowId } from '../../db/ids.ts';
import { databaseFileStore } from '../../storage/database-file-store.ts';
import { readPicture, squareFor, squareWebps } from '../../storage/safe-image.ts';
import { profileColumns } from './profile.service.ts';

type Deps = { db: Db; clock: Clock };
export type Crop = { left: number; top: number; width: number; height: number };

/** Where a person's picture files live: `{user_id}/profile/{id}-512.webp` and `…-64.webp`. */
export function pictureFolder(userId: string): string {
  return `${userId}/profile`;
}

/**
 * Removes every file in a person's picture folder, inside the caller's transaction. Also what a
 * Google takeover of an unconfirmed account does with the picture whoever signed up chose.
 */
export async function removePictureFiles(trx: Db, clock: Clock, userId: string): Promise<void> {
  const store = databaseFileStore(trx, clock);
  const old = await store.list(userContentBucket, pictureFolder(userId), {
    limit: fileLimits.listLimit,
    offset: 0,
  });
  await store.remove(
    userContentBucket,
    old.map((file) => file.path),
  );
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'Your profile was not found.');
}

/**
 * A new profile picture (issue 27): the upload checked and decoded, the square cut and drawn at
 * 512 and 64 px; then, in one transaction, the profile row locked, the old picture's files
 * removed, the new ones stored under a new name (so no cache holds an old picture under it) and
 * the profile pointed at them. One picture per person, never half of one.
 */
export async function setProfilePicture(
  { db, clock }: Deps,
  userId: string,
  bytes: Buffer,
  crop: Crop | null,
): Promise<Profile> {
  const picture = await readPicture(bytes);
  const files = await squareWebps(picture, squareFor(picture, crop), fileLimits.pictureSizes);
  const name = newRowId();
  const paths = fileLimits.pictureSizes.map(
    (size) => `${pictureFolder(userId)}/${name}-${size}.webp`,
  );
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    // First the profile row: two uploads at once take turns here, so the second removes the
    // first's files rather than leaving them behind.
    const locked = await trx
      .updateTable('profiles')
      .set({ updated_at: now })
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) throw notFound();
    await removePictureFiles(trx, clock, userId);
    const store = databaseFileStore(trx, clock);
    for (const [index, path] of paths.entries()) {
      const data = files[index];
      if (data)
        await store.put(userContentBucket, path, { userId, data, contentType: 'image/webp' });
    }
    const [large] = paths;
    return trx
      .updateTable('profiles')
      .set({ profile_image_url: publicFileUrl(userContentBucket, large ?? ''), updated_at: now })
      .where('user_id', '=', userId)
      .returning(profileColumns)
      .executeTakeFirstOrThrow();
  });
}

/** Removes the picture (one's own files, or the address of a Google picture); idempotent. */
export async function removeProfilePicture({ db, clock }: Deps, userId: string): Promise<Profile> {
  return db.transaction().execute(async (trx) => {
    const profile = await trx
      .updateTable('profiles')
      .set({ profile_image_url: null, updated_at: clock.now().toISOString() })
      .where('user_id', '=', userId)
      .returning(profileColumns)
      .executeTakeFirst();
    if (!profile) throw notFound();
    await removePictureFiles(trx, clock, userId);
    return profile;
  });
}
