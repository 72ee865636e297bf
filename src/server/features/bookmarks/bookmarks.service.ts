import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { isRowId, newRowId } from '#server/db/ids.ts';
import { listScope, readNewestFirst, type PageCursors } from '#server/db/keyset.ts';
import { books } from '#shared/bible/books.ts';
import type { Page, PageRequest } from '#shared/schemas/pagination.ts';
import type { Bookmark } from '#shared/schemas/reading.ts';

/** A bookmark as the list shows it; the account export adds its owner. */
export const bookmarkColumns = ['id', 'book_name', 'chapter_number', 'created_at'] as const;

type ChapterInput = { book_name: string; chapter_number: number };

const mostChapters = Math.max(...books.map((book) => book.chapters));
const chapterNumbers = Array.from({ length: mostChapters }, (_, index) => index + 1);

/**
 * product §5 bookmark search: a bookmark matches when its book name or its chapter number
 * contains the term, in any case. Both sides are small closed sets (66 names, chapters 1–150),
 * so the matching values are found here and the database is asked for `in (…)`: no pattern
 * reaches SQL, and both databases answer the same.
 */
function bookmarkSearch(q: string): { bookNames: string[]; chapters: number[] } {
  const needle = q.toLowerCase();
  return {
    bookNames: books.map((book) => book.name).filter((name) => name.toLowerCase().includes(needle)),
    chapters: chapterNumbers.filter((chapter) => String(chapter).includes(needle)),
  };
}

/**
 * product §7: the user's bookmarked chapters, newest first, a page at a time (decision 012); the
 * id keeps equal times in one order. `q` searches all of them on the server.
 */
export async function listBookmarks(
  { db, cursors }: { db: Db; cursors: PageCursors },
  userId: string,
  { q, ...page }: PageRequest & { q?: string | undefined },
): Promise<Page<Bookmark>> {
  const search = q === undefined ? null : bookmarkSearch(q);
  let query = db
    .selectFrom('bookmarked_chapters')
    .select(bookmarkColumns)
    .where('user_id', '=', userId);
  if (search) {
    const { bookNames, chapters } = search;
    query = query.where((eb) =>
      eb.or([
        ...(bookNames.length > 0 ? [eb('book_name', 'in', bookNames)] : []),
        ...(chapters.length > 0 ? [eb('chapter_number', 'in', chapters)] : []),
      ]),
    );
  }
  const findsNothing = search && search.bookNames.length === 0 && search.chapters.length === 0;
  return readNewestFirst(
    cursors,
    listScope('bookmarks', userId, q),
    page,
    { time: 'created_at' },
    findsNothing ? null : query,
  );
}

/** Whether the user has bookmarked this chapter: the reader's toggle asks this (decision 012). */
export async function isBookmarked(
  db: Db,
  userId: string,
  chapter: ChapterInput,
): Promise<{ bookmarked: boolean }> {
  const row = await db
    .selectFrom('bookmarked_chapters')
    .select('id')
    .where('user_id', '=', userId)
    .where('book_name', '=', chapter.book_name)
    .where('chapter_number', '=', chapter.chapter_number)
    .executeTakeFirst();
  return { bookmarked: row !== undefined };
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
