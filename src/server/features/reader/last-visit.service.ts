// "Last time you were here" (docs/product.md, the reader): when a member last read a chapter
// before this sitting, and what they left in it. Each kind is one bounded query on an index that
// starts with the owner; an added kind is one more entry in getLastVisit and one more field of
// the answer.
import { sql } from 'kysely';
import type { Db } from '#server/db/connect.ts';
import { verseCount } from '#shared/bible/verse-counts.ts';
import { verseNumber } from '#shared/bible/verse-index.ts';
import { lastVisitVerses, type LastVisit, type LeftThere } from '#shared/schemas/last-visit.ts';

/** Saves of one chapter this close together are one sitting: the same visit, not a return. */
export const sittingMinutes = 30;

/** The start of the sitting that `now` is in (an ISO instant). */
export function sittingStart(now: Date): string {
  return new Date(now.getTime() - sittingMinutes * 60_000).toISOString();
}

type Chapter = { book_name: string; chapter_number: number; book_index: number };

const nothing: LeftThere = { count: 0, verses: [] };

/** Verse numbers, once each, in order; the first few of them. */
function firstVerses(verses: Iterable<number>): number[] {
  return [...new Set(verses)].sort((a, b) => a - b).slice(0, lastVisitVerses);
}

/**
 * When the chapter was last read before this sitting: its last save, unless that save is this
 * sitting's (the reader saves the chapter as it opens, before or after this is asked), and then
 * the visit before it, which the save kept (migration 0020).
 */
async function lastVisitAt(db: Db, userId: string, chapter: Chapter, now: Date) {
  const row = await db
    .selectFrom('reading_progress')
    .select(['completed_at', 'previous_read_at'])
    .where('user_id', '=', userId)
    .where('book_name', '=', chapter.book_name)
    .where('chapter_number', '=', chapter.chapter_number)
    .executeTakeFirst();
  if (!row) return null;
  const last = new Date(row.completed_at);
  if (last.getTime() < new Date(sittingStart(now)).getTime()) return last.toISOString();
  return row.previous_read_at === null ? null : new Date(row.previous_read_at).toISOString();
}

/** The verses highlighted: at most one row a verse (the unique key), so ≤ 176 rows. */
async function highlightsLeft(db: Db, userId: string, chapter: Chapter): Promise<LeftThere> {
  const rows = await db
    .selectFrom('verse_highlights')
    .select('verse_number')
    .where('user_id', '=', userId)
    .where('book_name', '=', chapter.book_name)
    .where('chapter_number', '=', chapter.chapter_number)
    .execute();
  return { count: rows.length, verses: firstVerses(rows.map((row) => row.verse_number)) };
}

/**
 * The chapter's verses being learnt by heart. A card's reference is stored in one form, 'Psalms
 * 23:1' (memorize.service.ts), and one card a verse, so the chapter's are its owner's rows
 * starting 'Psalms 23:' (≤ 176 of them).
 */
async function memorizingLeft(db: Db, userId: string, chapter: Chapter): Promise<LeftThere> {
  const prefix = `${chapter.book_name} ${chapter.chapter_number}:`;
  const rows = await db
    .selectFrom('memory_cards')
    .select('reference')
    .where('user_id', '=', userId)
    .where('reference', 'like', `${prefix}%`)
    .execute();
  const verses = rows
    .filter((row) => row.reference.startsWith(prefix))
    .map((row) => Number(row.reference.slice(prefix.length)))
    .filter((verse) => Number.isInteger(verse) && verse > 0);
  return { count: verses.length, verses: firstVerses(verses) };
}

/** The verses of a chapter, as numbers in Bible order: the first and the last. */
function chapterVerses(chapter: Chapter): { start: number; end: number } {
  const place = { bookIndex: chapter.book_index, chapter: chapter.chapter_number };
  const start = verseNumber({ ...place, verse: 1 });
  return { start, end: start + verseCount(place.bookIndex, place.chapter) - 1 };
}

/**
 * The member's rows of `table` whose verse (`column`, numbered in Bible order) is in the chapter:
 * how many, and the first few verses. One range on an index that starts (user_id, column), with
 * the count and the distinct first verses read from it.
 * - verse_notes by first_verse: a note's run starts in the chapter (and stays there; decision 024).
 * - journal_entries and prayer_requests by reference_verse: the verse their typed reference names,
 *   kept beside it when written (migration 0022), however many rows the member has.
 */
async function versesLeft(
  db: Db,
  userId: string,
  chapter: Chapter,
  [table, column]:
    ['verse_notes', 'first_verse'] | ['journal_entries' | 'prayer_requests', 'reference_verse'],
): Promise<LeftThere> {
  const { start, end } = chapterVerses(chapter);
  const verse = sql<number>`${sql.ref(column)}`;
  const inChapter = db
    .selectFrom(table)
    .where('user_id', '=', userId)
    .where(verse, '>=', start)
    .where(verse, '<=', end);
  const [counted, firsts] = await Promise.all([
    inChapter.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirst(),
    inChapter
      .select(verse.as('verse'))
      .distinct()
      .orderBy('verse')
      .limit(lastVisitVerses)
      .execute(),
  ]);
  return {
    count: Number(counted?.count ?? 0),
    verses: firstVerses(firsts.map((row) => row.verse - start + 1)),
  };
}

/**
 * The member's last visit to a chapter and what they left there; nothing is looked up beyond the
 * visit's time for a chapter they have not read before (the line is not drawn).
 */
export async function getLastVisit(
  { db, now }: { db: Db; now: Date },
  userId: string,
  chapter: Chapter,
): Promise<LastVisit> {
  const answer: LastVisit = {
    book_name: chapter.book_name,
    chapter_number: chapter.chapter_number,
    last_visit_at: await lastVisitAt(db, userId, chapter, now),
    highlights: nothing,
    notes: nothing,
    memorizing: nothing,
    prayers: nothing,
    journal: nothing,
  };
  if (answer.last_visit_at === null) return answer;
  // What was left there, one query (or two) a kind.
  const [highlights, notes, memorizing, prayers, journal] = await Promise.all([
    highlightsLeft(db, userId, chapter),
    versesLeft(db, userId, chapter, ['verse_notes', 'first_verse']),
    memorizingLeft(db, userId, chapter),
    versesLeft(db, userId, chapter, ['prayer_requests', 'reference_verse']),
    versesLeft(db, userId, chapter, ['journal_entries', 'reference_verse']),
  ]);
  return { ...answer, highlights, notes, memorizing, prayers, journal };
}
