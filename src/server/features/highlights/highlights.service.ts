import { AppError } from '#server/app-error.ts';
import { getChapterLength, type Bible } from '#server/bible/bible.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { newRowId } from '#server/db/ids.ts';
import { listScope, readNewestFirst, type PageCursors } from '#server/db/keyset.ts';
import type { Page, PageRequest } from '#shared/schemas/pagination.ts';
import type { Highlight } from '#shared/schemas/reading.ts';

type ChapterInput = { book_name: string; chapter_number: number };

/** A highlight as the reader shows it; the account export adds its owner. */
export const highlightColumns = [
  'id',
  'book_name',
  'chapter_number',
  'verse_number',
  'tags',
  'created_at',
] as const;

/**
 * The verses the user has highlighted, newest first, a page at a time (decision 012): in one
 * chapter, one book, or everywhere. A chapter has at most 176 verses, so the reader has them
 * all in two pages of 100.
 */
export async function listHighlights(
  { db, cursors }: { db: Db; cursors: PageCursors },
  userId: string,
  {
    book_name: bookName,
    chapter_number: chapterNumber,
    ...page
  }: PageRequest & { book_name: string | null; chapter_number: number | null },
): Promise<Page<Highlight>> {
  let query = db
    .selectFrom('verse_highlights')
    .select(highlightColumns)
    .where('user_id', '=', userId);
  if (bookName !== null) query = query.where('book_name', '=', bookName);
  if (chapterNumber !== null) query = query.where('chapter_number', '=', chapterNumber);
  return readNewestFirst(
    cursors,
    listScope('highlights', userId, bookName, chapterNumber),
    page,
    { time: 'created_at' },
    query,
  );
}

/**
 * product §2 /read-bible: a verse tap toggles its highlight. Like bookmarks, a removal answers
 * false and an insert true; a racing second insert is absorbed by the unique key.
 */
export async function toggleHighlight(
  { db, clock, bible }: { db: Db; clock: Clock; bible: Bible },
  userId: string,
  verse: ChapterInput & { book_index: number; verse_number: number },
): Promise<{ highlighted: boolean }> {
  const verseCount = getChapterLength(bible, verse.book_index, verse.chapter_number);
  if (verse.verse_number > verseCount) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${verse.book_name} ${verse.chapter_number} has ${verseCount} verses.`,
    );
  }
  const removed = await db
    .deleteFrom('verse_highlights')
    .where('user_id', '=', userId)
    .where('book_name', '=', verse.book_name)
    .where('chapter_number', '=', verse.chapter_number)
    .where('verse_number', '=', verse.verse_number)
    .executeTakeFirst();
  if (removed.numDeletedRows > 0n) return { highlighted: false };
  await db
    .insertInto('verse_highlights')
    .values({
      id: newRowId(),
      user_id: userId,
      book_name: verse.book_name,
      chapter_number: verse.chapter_number,
      verse_number: verse.verse_number,
      created_at: clock.now().toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'book_name', 'chapter_number', 'verse_number']).doNothing(),
    )
    .execute();
  return { highlighted: true };
}
