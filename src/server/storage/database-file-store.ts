import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { fileMessages } from '#shared/rules/files.ts';
import type { FileStore, StoredFileInfo } from './file-store.ts';

const infoColumns = ['path', 'content_type', 'size', 'etag', 'created_at'] as const;

/** The ETag of a file's bytes: strong, as the bytes never change under a path (no upsert). */
function etagOf(data: Buffer): string {
  return `"${createHash('sha256').update(data).digest('base64url').slice(0, 32)}"`;
}

/**
 * The file store over the app's database (stored_files). Given a transaction, its writes are
 * part of it: the profile picture's two files, the profile and the old files' removal commit
 * together or not at all.
 */
export function databaseFileStore(db: Db, clock: Clock): FileStore {
  return {
    async put(bucket, path, { userId, data, contentType }) {
      const row = {
        bucket,
        path,
        user_id: userId,
        content_type: contentType,
        size: data.length,
        etag: etagOf(data),
        data,
        created_at: clock.now().toISOString(),
      };
      try {
        await db.insertInto('stored_files').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', fileMessages.exists);
        throw error;
      }
      const { data: _bytes, bucket: _bucket, user_id: _owner, ...info } = row;
      return info;
    },

    get(bucket, path) {
      return db
        .selectFrom('stored_files')
        .select([...infoColumns, 'data'])
        .where('bucket', '=', bucket)
        .where('path', '=', path)
        .executeTakeFirst();
    },

    head(bucket, path) {
      return db
        .selectFrom('stored_files')
        .select(infoColumns)
        .where('bucket', '=', bucket)
        .where('path', '=', path)
        .executeTakeFirst();
    },

    async remove(bucket, paths) {
      if (paths.length === 0) return [];
      const removed = await db
        .deleteFrom('stored_files')
        .where('bucket', '=', bucket)
        .where('path', 'in', [...paths])
        .returning('path')
        .execute();
      return removed.map((row) => row.path);
    },

    list(bucket, folder, { limit, offset }): Promise<StoredFileInfo[]> {
      const prefix = `${folder}/`;
      // A path starts with its owner's id: the (user_id, bucket, path) index gives the files
      // in name order (byte order on both databases: the column is COLLATE "C" in PostgreSQL).
      const owner = folder.split('/')[0] ?? '';
      return db
        .selectFrom('stored_files')
        .select(infoColumns)
        .where('user_id', '=', owner)
        .where('bucket', '=', bucket)
        .where(sql<string>`substr(path, 1, ${prefix.length})`, '=', prefix)
        .orderBy('path', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async removeOwned(bucket, userId) {
      const removed = await db
        .deleteFrom('stored_files')
        .where('user_id', '=', userId)
        .where('bucket', '=', bucket)
        .returning('path')
        .execute();
      return removed.map((row) => row.path);
    },

    async countOwned(bucket, userId) {
      const row = await db
        .selectFrom('stored_files')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('bucket', '=', bucket)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
