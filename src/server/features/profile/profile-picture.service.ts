import { randomBytes } from 'node:crypto';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { databaseFileStore } from '#server/storage/database-file-store.ts';
import { readPicture, squareFor, squareWebps } from '#server/storage/safe-image.ts';
import { fileLimits, picturesBucket, publicFileUrl } from '#shared/rules/files.ts';
import type { Profile } from '#shared/schemas/profile.ts';
import { profileColumns } from './profile.service.ts';

type Deps = { db: Db; clock: Clock };
export type Crop = { left: number; top: number; width: number; height: number };

/**
 * A new picture's name: 128 random bits (22 base64url characters), so that its public address,
 * shown beside named testimonies, says nothing of whose it is or when it was made, and cannot be
 * guessed. Its files are `{name}-512.webp` and `{name}-64.webp` in the pictures bucket.
 */
export function newPictureName(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Removes the person's picture files (found by owner, not by address), inside the caller's
 * transaction.
 */
export async function removePictureFiles(trx: Db, clock: Clock, userId: string): Promise<void> {
  await databaseFileStore(trx, clock).removeOwned(picturesBucket, userId);
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'Your profile was not found.');
}

/**
 * A new profile picture (docs/product.md): the upload checked and decoded (in the person's turn), the
 * square cut and drawn at 512 and 64 px; then, in one transaction, the profile row locked, the
 * old picture's files removed, the new ones stored under a new random name (so no cache holds an
 * old picture under it) and the profile pointed at them. One picture per person, never half of
 * one.
 */
export async function setProfilePicture(
  { db, clock }: Deps,
  userId: string,
  bytes: Buffer,
  crop: Crop | null,
): Promise<Profile> {
  const picture = await readPicture(bytes, { person: userId });
  const files = await squareWebps(picture, squareFor(picture, crop), fileLimits.pictureSizes);
  const name = newPictureName();
  const paths = fileLimits.pictureSizes.map((size) => `${name}-${size}.webp`);
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
      if (data) await store.put(picturesBucket, path, { userId, data, contentType: 'image/webp' });
    }
    const [large] = paths;
    return trx
      .updateTable('profiles')
      .set({ profile_image_url: publicFileUrl(picturesBucket, large ?? ''), updated_at: now })
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
