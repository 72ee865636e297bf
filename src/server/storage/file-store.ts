import { AppError } from '#server/app-error.ts';
import { fileLimits, fileMessages } from '#shared/rules/files.ts';

/*
 * The spec's file storage (§7; decision 017) behind one small interface, so that an
 * object store can take the database's place later. The database store keeps the bytes in
 * stored_files: a backup holds them, and every instance sees them with no other service.
 */

/** A stored file as a list or a put answers it (without its bytes). */
export type StoredFileInfo = {
  path: string;
  content_type: string;
  size: number;
  etag: string;
  created_at: string;
};

export type StoredFile = StoredFileInfo & { data: Buffer };

export type NewFile = {
  /**
   * Whose file it is: in user-content the first segment of its path, checked by the caller; a
   * profile picture's random name says nothing of it, the row does.
   */
  userId: string;
  data: Buffer;
  contentType: string;
};

export interface FileStore {
  /** Stores a file at a free path; a path already taken is 409 (no upsert, spec §7). */
  put(bucket: string, path: string, file: NewFile): Promise<StoredFileInfo>;
  get(bucket: string, path: string): Promise<StoredFile | undefined>;
  /** A file's details without its bytes (is the path taken?). */
  head(bucket: string, path: string): Promise<StoredFileInfo | undefined>;
  /** Removes the paths that exist; answers the ones removed. */
  remove(bucket: string, paths: readonly string[]): Promise<string[]>;
  /** Files under `folder/`, by path ascending, a page at a time (spec §7: limit 100, by name). */
  list(
    bucket: string,
    folder: string,
    page: { limit: number; offset: number },
  ): Promise<StoredFileInfo[]>;
  /** How many files one person keeps (the per-person cap). */
  countOwned(bucket: string, userId: string): Promise<number>;
  /** Removes every file one person keeps in a bucket; answers the paths removed. */
  removeOwned(bucket: string, userId: string): Promise<string[]>;
}

const segment = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * A path the store accepts: 1–5 segments of letters, digits, '.', '_' and '-', never '.' or
 * '..', at most 300 characters. Anything else (an empty segment, a '%2e%2e' the router decoded,
 * a backslash, a control character) is 400.
 */
export function checkPath(path: string): string[] {
  const segments = path.split('/');
  const fits =
    path.length <= fileLimits.maxPathLength &&
    segments.length <= fileLimits.maxPathSegments &&
    segments.every((part) => segment.test(part) && part !== '.' && part !== '..');
  if (!fits) throw new AppError('BAD_REQUEST', fileMessages.badPath);
  return segments;
}

/** A person writes, removes and lists only under their own folder, `{user_id}/…`. */
export function checkOwnPath(path: string, userId: string, { isFolder = false } = {}): void {
  const segments = checkPath(path);
  if (segments[0] !== userId) throw new AppError('FORBIDDEN', fileMessages.notYours);
  if (!isFolder && segments.length < 2) throw new AppError('BAD_REQUEST', fileMessages.badPath);
}
