// The chapters a person has read, as other features ask for them: the reading plan starts after
// the latest, and a plan followed from today ticks the ones read earlier today.
import type { Db } from '#server/db/connect.ts';
import { findBookIndex } from '#shared/bible/book-names.ts';
import type { ReaderPosition } from '#shared/bible/navigation.ts';

/** The chapter read most recently (not the furthest), or null before any reading. */
export async function getLatestRead(db: Db, userId: string): Promise<ReaderPosition | null> {
  const latest = await db
    .selectFrom('reading_progress')
    .select(['book_name', 'chapter_number'])
    .where('user_id', '=', userId)
    .orderBy('completed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const bookIndex = latest ? findBookIndex(latest.book_name) : -1;
  if (!latest || bookIndex < 0) return null;
  return { bookIndex, chapter: latest.chapter_number };
}

/** At most this many chapters read since a moment are looked at (a day's reading, and more). */
const chaptersReadSinceLimit = 200;

/**
 * The chapters read at or after `since` (an ISO instant), oldest first, each with when it was
 * read; at most the 200 most recent.
 */
export async function chaptersReadSince(
  db: Db,
  userId: string,
  since: string,
): Promise<(ReaderPosition & { readAt: string })[]> {
  const rows = await db
    .selectFrom('reading_progress')
    .select(['book_name', 'chapter_number', 'completed_at'])
    .where('user_id', '=', userId)
    .where('completed_at', '>=', since)
    .orderBy('completed_at', 'desc')
    .limit(chaptersReadSinceLimit)
    .execute();
  return rows.reverse().flatMap((row) => {
    const bookIndex = findBookIndex(row.book_name);
    return bookIndex < 0
      ? []
      : [{ bookIndex, chapter: row.chapter_number, readAt: String(row.completed_at) }];
  });
}
