import { describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';

describe('SQLite statements', () => {
  const { db } = connectDatabase({ dialect: 'sqlite', filename: ':memory:' });

  // SQLite re-plans a statement whose plan peeked at a bound value each time better-sqlite3
  // clears its bindings, which is after every run. A cast value is not peeked at.
  it('send the values of filters and limits cast, so the planner does not peek at them', () => {
    const page = db
      .selectFrom('saved_verses')
      .select('id')
      .where('user_id', '=', 'someone')
      .where('theme', 'in', ['Peace', 'Hope'])
      .orderBy('created_at', 'desc')
      .limit(20)
      .offset(40)
      .compile();
    expect(page.sql).toBe(
      'select "id" from "saved_verses" where "user_id" = cast(? as text)' +
        ' and "theme" in (cast(? as text), cast(? as text))' +
        ' order by "created_at" desc limit cast(? as integer) offset cast(? as integer)',
    );
    expect(page.parameters).toEqual(['someone', 'Peace', 'Hope', 20, 40]);
  });

  it('send the values a statement writes as they are', () => {
    const update = db
      .updateTable('testimonies')
      .set({ is_approved: false, feeling: 'thankful' })
      .where('user_id', '=', 'someone')
      .where('is_approved', '=', true)
      .compile();
    expect(update.sql).toBe(
      'update "testimonies" set "is_approved" = ?, "feeling" = ?' +
        ' where "user_id" = cast(? as text) and "is_approved" = cast(? as integer)',
    );
    expect(update.parameters).toEqual([0, 'thankful', 'someone', 1]);
    const insert = db
      .insertInto('bookmarked_chapters')
      .values({ id: 'a', user_id: 'b', book_name: 'John', chapter_number: 3, created_at: 'c' })
      .compile();
    expect(insert.sql).not.toMatch(/cast/);
  });
});
