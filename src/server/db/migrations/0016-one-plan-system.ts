import { sql, type Kysely } from 'kysely';
import { newRowId } from '#server/db/ids.ts';
import { books } from '#shared/bible/books.ts';
import type { ColumnTypes } from './column-types.ts';

/** The whole-Bible plan of the library: day n reads the Bible's nth chapter. */
const readingPlanId = 'whole-bible';
const marksPerInsert = 500;

/** The plan day that reads this chapter: the chapters before it in Bible order, plus one. */
function dayOfChapter(bookIndex: number, chapter: number): number {
  const before = books.slice(0, bookIndex).reduce((sum, book) => sum + book.chapters, 0);
  return before + Math.min(Math.max(chapter, 1), books[bookIndex]?.chapters ?? 1);
}

const isoOf = (value: unknown): string => new Date(value as string).toISOString();

/**
 * One plan system (decision 022): the reader's reading plan becomes the library's whole-Bible
 * plan, followed like any other. Each active reading plan becomes an active enrollment of it,
 * started on the date the reading plan was, with every day before its position ticked (its
 * position was the next chapter to read, so the chapters before it count as read for the plan,
 * as they did). Stopped reading plans held nothing but a past position and go; then the
 * reading_plans table goes.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  const plans = await sql<{
    user_id: string;
    current_book_index: number;
    current_chapter: number;
    created_at: unknown;
    updated_at: unknown;
  }>`
    select user_id, current_book_index, current_chapter, created_at, updated_at
    from reading_plans where is_active = ${t.booleanLiteral(true)}
  `.execute(db);
  for (const plan of plans.rows) {
    const id = newRowId();
    const createdAt = isoOf(plan.created_at);
    const updatedAt = isoOf(plan.updated_at);
    await sql`
      insert into plan_enrollments
        (id, user_id, plan_id, status, start_date, paused_on, schedule, finished_at, created_at, updated_at)
      values (${id}, ${plan.user_id}, ${readingPlanId}, 'active', ${createdAt.slice(0, 10)},
        null, null, null, ${createdAt}, ${updatedAt})
    `.execute(db);
    const daysBefore =
      dayOfChapter(Number(plan.current_book_index), Number(plan.current_chapter)) - 1;
    for (let first = 1; first <= daysBefore; first += marksPerInsert) {
      const last = Math.min(daysBefore, first + marksPerInsert - 1);
      const rows = Array.from(
        { length: last - first + 1 },
        (_, index) => sql`(${id}, ${plan.user_id}, ${first + index}, 0, ${updatedAt})`,
      );
      await sql`
        insert into plan_reading_marks (enrollment_id, user_id, day, reading, done_at)
        values ${sql.join(rows)}
      `.execute(db);
    }
  }
  await db.schema.dropTable('reading_plans').execute();
}
