import type { Highlight } from '../../../shared/schemas/reading.ts';
import { AppError } from '../../app-error.ts';
import { getChapterLength, type Bible } from '../../kjv/kjv.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';
import { newRowId } from '../../db/ids.ts';

type ChapterInput = { book_name: string; chapter_number: number };

/** The verses the user has highlighted in one chapter, in verse order. */
export async function listHighlights(
  db: Db,
  userId: string,
  chapter: ChapterInput,
): Promise<Highlight[]> {
  return db
    .selectFrom('verse_highlights')
    .select(['verse_number', 'created_at'])
    .where('user_id', '=', userId)
    .where('book_name', '=', chapter.book_name)
    .where('chapter_number', '=', chapter.chapter_number)
    .orderBy('verse_number')
    .execute();
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
