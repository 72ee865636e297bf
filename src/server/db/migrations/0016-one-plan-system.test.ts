import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useMigrationTest } from '#tests/api-support/migration-test.ts';
import { ownTableNames } from '#tests/api-support/own-tables.ts';

const m = useMigrationTest();

const created = '2026-03-01T09:30:00.000Z';
const moved = '2026-11-20T18:00:00.000Z';

describe('migration 0016-one-plan-system', () => {
  it('carries each active reading plan over to the whole-Bible plan, at the chapter it asked for', async () => {
    const db = m.db();
    await m.migrateTo('0015-opaque-picture-addresses');

    const [alice, bob, carol] = [await m.addUser(), await m.addUser(), await m.addUser()];
    const active = m.dialect() === 'postgres' ? sql`true` : sql`1`;
    const inactive = m.dialect() === 'postgres' ? sql`false` : sql`0`;
    const plan = (userId: string, book: number, chapter: number, isActive: typeof active) =>
      sql`insert into reading_plans
            (id, user_id, is_active, current_book_index, current_chapter, created_at, updated_at)
          values (${randomUUID()}, ${userId}, ${isActive}, ${book}, ${chapter}, ${created}, ${moved})`.execute(
        db,
      );
    // Alice was asked for Matthew 3 (the 932nd chapter); Bob for Genesis 1; Carol had stopped.
    await plan(alice, 39, 3, active);
    await plan(alice, 0, 7, inactive);
    await plan(bob, 0, 1, active);
    await plan(carol, 18, 23, inactive);

    await m.migrateToLatest();

    const enrollments = await db
      .selectFrom('plan_enrollments')
      .select(['id', 'user_id', 'plan_id', 'status', 'start_date', 'schedule'])
      .orderBy('user_id')
      .execute();
    expect(
      enrollments
        .map(({ id: _id, ...rest }) => rest)
        .sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
    ).toEqual(
      [alice, bob].sort().map((userId) => ({
        user_id: userId,
        plan_id: 'whole-bible',
        status: 'active',
        start_date: '2026-03-01',
        schedule: null,
      })),
    );
    const marksOf = async (userId: string) =>
      (
        await db
          .selectFrom('plan_reading_marks')
          .select(['day', 'reading'])
          .where('user_id', '=', userId)
          .orderBy('day')
          .execute()
      ).map((mark) => [mark.day, mark.reading]);
    const aliceMarks = await marksOf(alice);
    expect(aliceMarks).toHaveLength(931);
    expect(aliceMarks[0]).toEqual([1, 0]);
    expect(aliceMarks.at(-1)).toEqual([931, 0]);
    expect(await marksOf(bob)).toEqual([]);
    expect(await marksOf(carol)).toEqual([]);

    const tables = await ownTableNames(db, m.dialect());
    expect(tables).not.toContain('reading_plans');
    expect(tables).toContain('plan_enrollments');
  });
});
