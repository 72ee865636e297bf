import type { Bookmark } from '../../../shared/schemas/reading.ts';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';
import { isRowId, newRowId } from '../../db/ids.ts';

const bookmarkColumns = ['id', 'book_name', 'chapter_number', 'created_at'] as const;

type ChapterInput = { book_name: string; chapter_number: number };

/** product §7: the user's bookmarked chapters, newest first. */
export async function listBookmarks(db: Db, userId: string): Promise<Bookmark[]> {
  return db
    .selectFrom('bookmarked_chapters')
    .select(bookmarkColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('book_name')
    .orderBy('chapter_number')
    .execute();
}

/**
 * product §4: an existing bookmark is removed (false), otherwise one is added (true). When two
 * toggles race, both find nothing to remove and the unique key lets only one insert land:
 * both answer true, which is what the user now has.
 */
export async function toggleBookmark(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  chapter: ChapterInput,
): Promise<{ bookmarked: boolean }> {
  const removed = await db
    .deleteFrom('bookmarked_chapters')
    .where('user_id', '=', userId)
    .where('book_name', '=', chapter.book_name)
    .where('chapter_number', '=', chapter.chapter_number)
    .executeTakeFirst();
  if (removed.numDeletedRows > 0n) return { bookmarked: false };
  await db
    .insertInto('bookmarked_chapters')
    .values({
      id: newRowId(),
      user_id: userId,
      book_name: chapter.book_name,
      chapter_number: chapter.chapter_number,
      created_at: clock.now().toISOString(),
    })
    .onConflict((oc) => oc.columns(['user_id', 'book_name', 'chapter_number']).doNothing())
    .execute();
  return { bookmarked: true };
}

/** Deletes one of the user's bookmarks; someone else's id is as unknown as a made-up one. */
export async function deleteBookmark(db: Db, userId: string, id: string): Promise<void> {
  if (!isRowId(id)) throw bookmarkNotFound();
  const result = await db
    .deleteFrom('bookmarked_chapters')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw bookmarkNotFound();
}

function bookmarkNotFound(): AppError {
  return new AppError('NOT_FOUND', 'That bookmark was not found.');
}

export async function countBookmarks(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('bookmarked_chapters')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
