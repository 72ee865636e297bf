import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Profile pictures at addresses that say nothing of whose they are (decision 018). A picture was
 * `/files/user-content/{user_id}/profile/{id}-512.webp` (and `…-64.webp`), so a named
 * testimony's picture showed its author's account id. Each profile's current picture pair moves
 * to the pictures bucket under a new random name, `{name}-512.webp` and `{name}-64.webp` (128
 * bits, base64url, as the app now names them), keeping its owner, bytes, ETag and date; the
 * profile then names the new address. Anything else in a profile folder (a file the person put
 * there through the storage API) stays where it is, and so does a picture that is not ours (a
 * Google picture). A profile naming one of ours whose file is gone (it showed nothing, and named
 * its owner) is cleared. Addresses a browser cached for the hour before answer 404 after; the
 * profile names the new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const oldPrefix = '/files/user-content/';
  const pictures = await sql<{ user_id: string; profile_image_url: string }>`
    select user_id, profile_image_url from profiles
    where profile_image_url like ${`${oldPrefix}%/profile/%-512.webp`}
  `.execute(db);
  for (const { user_id: userId, profile_image_url: url } of pictures.rows) {
    const folder = `${userId}/profile/`;
    const path = url.slice(oldPrefix.length);
    // Exactly the person's own picture: in their own folder, one name deep (LIKE's '%' could
    // have matched across segments, and its case-blindness in SQLite another folder).
    if (!path.startsWith(folder) || path.slice(folder.length).includes('/')) continue;
    const oldName = path.slice(0, -'-512.webp'.length);
    const name = randomBytes(16).toString('base64url');
    const move = (size: number) =>
      sql`
        update stored_files set bucket = 'pictures', path = ${`${name}-${size}.webp`}
        where bucket = 'user-content' and path = ${`${oldName}-${size}.webp`}
          and user_id = ${userId}
      `.execute(db);
    const large = await move(512);
    const found = Number(large.numAffectedRows ?? 0) > 0;
    if (found) await move(64);
    await sql`
      update profiles set profile_image_url = ${found ? `/files/pictures/${name}-512.webp` : null}
      where user_id = ${userId}
    `.execute(db);
  }
}
