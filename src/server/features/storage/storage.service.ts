import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { databaseFileStore } from '#server/storage/database-file-store.ts';
import { checkOwnPath, type StoredFileInfo } from '#server/storage/file-store.ts';
import { readPicture, webpWithin } from '#server/storage/safe-image.ts';
import { fileLimits, fileMessages, publicFileUrl, userContentBucket } from '#shared/rules/files.ts';

type Deps = { db: Db; clock: Clock };

/** A file as the storage API answers it: where it is, and its public address. */
export type FileAnswer = StoredFileInfo & { url: string };

function answer(file: StoredFileInfo): FileAnswer {
  return { ...file, url: publicFileUrl(userContentBucket, file.path) };
}

/**
 * Spec §7 upload: a picture at a path in one's own folder, stored as a new WebP (at most
 * 1024 px, no metadata). A path already taken is 409 (no upsert): replacing is remove, then put.
 */
export async function uploadFile(
  { db, clock }: Deps,
  userId: string,
  path: string,
  bytes: Buffer,
): Promise<FileAnswer> {
  checkOwnPath(path, userId);
  const store = databaseFileStore(db, clock);
  // Cheap refusals before the picture is decoded: the path is taken, or the person is full.
  if (await store.head(userContentBucket, path))
    throw new AppError('CONFLICT', fileMessages.exists);
  if ((await store.countOwned(userContentBucket, userId)) >= fileLimits.filesPerPerson) {
    throw new AppError('CONFLICT', fileMessages.tooMany);
  }
  const picture = await readPicture(bytes, { person: userId });
  const data = await webpWithin(picture, fileLimits.storedMaxSide);
  const stored = await store.put(userContentBucket, path, {
    userId,
    data,
    contentType: 'image/webp',
  });
  return answer(stored);
}

/** Spec §7 remove: one path of one's own; a path with no file is 404. */
export async function removeFile({ db, clock }: Deps, userId: string, path: string) {
  checkOwnPath(path, userId);
  const removed = await databaseFileStore(db, clock).remove(userContentBucket, [path]);
  if (removed.length === 0) throw new AppError('NOT_FOUND', fileMessages.notFound);
  return { path };
}

/** Spec §7 list: one's own folder, by name ascending, at most 100 a page. */
export async function listFiles(
  { db, clock }: Deps,
  userId: string,
  query: { folder: string; limit: number; offset: number },
): Promise<{ items: (FileAnswer & { name: string })[] }> {
  checkOwnPath(query.folder, userId, { isFolder: true });
  const files = await databaseFileStore(db, clock).list(userContentBucket, query.folder, query);
  return {
    items: files.map((file) => ({
      name: file.path.slice(query.folder.length + 1),
      ...answer(file),
    })),
  };
}
