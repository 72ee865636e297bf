import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { newRowId } from '#server/db/ids.ts';
import { listScope, readNewestFirst, type PageCursors } from '#server/db/keyset.ts';
import { countBookmarks } from '#server/features/bookmarks/bookmarks.service.ts';
import { afterChapterRead } from '#server/features/plans/marks.service.ts';
import { getActivePlan } from '#server/features/plans/reading-plan.service.ts';
import { sittingStart } from '#server/features/reader/last-visit.service.ts';
import { firstPosition } from '#shared/bible/navigation.ts';
import type { Page, PageRequest } from '#shared/schemas/pagination.ts';
import type {
  BooksStartedResponse,
  LastPosition,
  ReadingProgress,
  ReadingStats,
  SaveProgressResponse,
} from '#shared/schemas/reading.ts';
import { getLatestRead } from './chapters-read.service.ts';

/** A chapter read, as the reading history shows it; the account export adds its owner. */
export const progressColumns = [
  'id',
  'book_name',
  'chapter_number',
  'reading_time_seconds',
  'completed_at',
  'updated_at',
] as const;

type Deps = { db: Db; clock: Clock };

/** A chapter as the shared schemas give it once validated: canonical name and book index. */
type ChapterInput = { book_name: string; chapter_number: number; book_index: number };

/**
 * A chapter read in the reader: saved (saveProgress), then the streak day and the ticks of the
 * plans followed (afterChapterRead), the reading plan among them (decision 022). Neither of those
 * may fail the save they follow: a failure is logged, and the chapter stays read (decision 021).
 * The answer carries the reading plan as it is after the ticks.
 */
export async function readChapter(
  deps: Deps & { log: FastifyBaseLogger },
  userId: string,
  input: ChapterInput & { reading_time_seconds: number | null },
): Promise<SaveProgressResponse> {
  const progress = await saveProgress(deps, userId, input);
  const read = { bookIndex: input.book_index, chapter: input.chapter_number };
  await afterChapterRead(deps, userId, read, deps.log);
  let plan = null;
  try {
    plan = await getActivePlan(deps.db, userId);
  } catch (error) {
    deps.log.error({ err: error }, 'reading the reading plan after a chapter read failed');
  }
  return { progress, plan };
}

/** Marks the chapter read (product §7: upsert on user, book and chapter). */
async function saveProgress(
  { db, clock }: Deps,
  userId: string,
  input: ChapterInput & { reading_time_seconds: number | null },
): Promise<ReadingProgress> {
  const now = clock.now().toISOString();
  return db
    .insertInto('reading_progress')
    .values({
      id: newRowId(),
      user_id: userId,
      book_name: input.book_name,
      chapter_number: input.chapter_number,
      reading_time_seconds: input.reading_time_seconds,
      completed_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'book_name', 'chapter_number']).doUpdateSet((eb) => ({
        // The last visit, kept for "last time you were here" when it was before this sitting.
        previous_read_at: eb
          .case()
          .when('reading_progress.completed_at', '<', sittingStart(clock.now()))
          .then(eb.ref('reading_progress.completed_at'))
          .else(eb.ref('reading_progress.previous_read_at'))
          .end(),
        completed_at: now,
        updated_at: now,
        // A save without a reading time keeps the one recorded before.
        ...(input.reading_time_seconds === null
          ? {}
          : { reading_time_seconds: input.reading_time_seconds }),
      })),
    )
    .returning(progressColumns)
    .executeTakeFirstOrThrow();
}

/**
 * product §7: the user's progress, newest first, a page at a time (decision 012); the id keeps
 * chapters read in the same moment in one order.
 */
export async function listProgress(
  { db, cursors }: { db: Db; cursors: PageCursors },
  userId: string,
  page: PageRequest,
): Promise<Page<ReadingProgress>> {
  return readNewestFirst(
    cursors,
    listScope('progress', userId),
    page,
    { time: 'completed_at' },
    db.selectFrom('reading_progress').select(progressColumns).where('user_id', '=', userId),
  );
}

/**
 * product §3 "Books Started": one row per book the user has read in, the most recently read
 * first, with how many of its chapters are read and the one read last (the link's chapter). A
 * user has at most 66 such rows, so this list needs no pages.
 */
export async function listBooksStarted(db: Db, userId: string): Promise<BooksStartedResponse> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('reading_progress')
        .select((inner) => [
          'book_name',
          'chapter_number',
          'completed_at',
          'id',
          inner.fn
            .countAll<number | string>()
            .over((o) => o.partitionBy('book_name'))
            .as('count'),
          inner.fn
            .agg<number>('row_number')
            .over((o) =>
              o.partitionBy('book_name').orderBy('completed_at', 'desc').orderBy('id', 'desc'),
            )
            .as('recency'),
        ])
        .where('user_id', '=', userId)
        .as('read'),
    )
    .select(['book_name', 'chapter_number', 'completed_at', 'count'])
    .where('recency', '=', 1)
    .orderBy('completed_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return {
    items: rows.map((row) => ({
      book_name: row.book_name,
      chapters_read: Number(row.count),
      latest_chapter: row.chapter_number,
      last_read_at: row.completed_at,
    })),
  };
}

export async function deleteProgress(db: Db, userId: string, chapter: ChapterInput): Promise<void> {
  const result = await db
    .deleteFrom('reading_progress')
    .where('user_id', '=', userId)
    .where('book_name', '=', chapter.book_name)
    .where('chapter_number', '=', chapter.chapter_number)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) {
    throw new AppError(
      'NOT_FOUND',
      `${chapter.book_name} ${chapter.chapter_number} is not in your reading progress.`,
    );
  }
}

/** product §3/§7: chaptersRead is the row count, booksStarted the distinct books. */
export async function getReadingStats(db: Db, userId: string): Promise<ReadingStats> {
  const counts = await db
    .selectFrom('reading_progress')
    .select((eb) => [
      eb.fn.countAll<number>().as('chapters'),
      eb.fn.count<number>('book_name').distinct().as('books'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    chaptersRead: Number(counts.chapters),
    booksStarted: Number(counts.books),
    bookmarks: await countBookmarks(db, userId),
  };
}

/**
 * product §4 last read position: the active plan's place; else the latest progress row; else
 * Genesis 1.
 */
export async function getLastPosition(db: Db, userId: string): Promise<LastPosition> {
  const plan = await getActivePlan(db, userId);
  if (plan) return { bookIndex: plan.current_book_index, chapter: plan.current_chapter };
  return (await getLatestRead(db, userId)) ?? { ...firstPosition };
}
