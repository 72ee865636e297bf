import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyTestDatabase, type TestDatabase } from '#tests/api-support/test-app.ts';
import type { Db } from './connect.ts';
import type { DialectName } from './dialect-plugin.ts';
import {
  hasSearchWords,
  jsonListContains,
  matchRanges,
  searchWords,
  searchWordLimit,
  type SearchedTable,
} from './full-text.ts';
import { newRowId } from './ids.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

describe('searchWords', () => {
  it('takes the letters and digits, lower case, each once, whatever surrounds them', () => {
    expect(searchWords('  Pray, "HOPE"* -pray NEAR(joy) 3:16 ')).toEqual([
      'pray',
      'hope',
      'near',
      'joy',
      '3',
      '16',
    ]);
    expect(searchWords('Café naïve')).toEqual(['café', 'naïve']);
  });

  it('finds no word in punctuation and query syntax alone', () => {
    for (const q of ['"', '*', '-', ':', '()', '"*"', "''", '{}', '^', '+', '\\', '—…']) {
      expect(searchWords(q), q).toEqual([]);
    }
  });

  it(`refuses more than ${searchWordLimit} words with a 400`, () => {
    const many = Array.from({ length: searchWordLimit + 1 }, (_, i) => `w${i}`).join(' ');
    expect(() => searchWords(many)).toThrow(/at most 16 words/);
    expect(searchWords(Array.from({ length: 40 }, () => 'same').join(' '))).toEqual(['same']);
  });
});

describe('matchRanges', () => {
  it('marks each word that starts with a searched word, or shares its stem', () => {
    const text = 'Praying today; I prayed and prayed. Prayer helps. Spray!';
    const ranges = matchRanges(text, ['praying']);
    expect(ranges.map(([start, end]) => text.slice(start, end))).toEqual([
      'Praying',
      'prayed',
      'prayed',
    ]);
    const typed = matchRanges(text, ['pray']);
    expect(typed.map(([start, end]) => text.slice(start, end))).toEqual([
      'Praying',
      'prayed',
      'prayed',
      'Prayer',
    ]);
  });

  it('finds words with accents, across case, and gives UTF-16 offsets of the text as written', () => {
    const text = '🙏 Un CAFÉ à Noël';
    const ranges = matchRanges(text, ['cafe', 'noel']);
    expect(ranges.map(([start, end]) => text.slice(start, end))).toEqual(['CAFÉ', 'Noël']);
    expect(ranges[0]).toEqual([6, 10]);
  });

  it('marks nothing in an empty field or for no words', () => {
    expect(matchRanges(null, ['x'])).toEqual([]);
    expect(matchRanges('', ['x'])).toEqual([]);
    expect(matchRanges('text', [])).toEqual([]);
  });
});

describe('the full-text indexes of migration 0010', () => {
  let opened: TestDatabase;
  let db: Db;
  let dialect: DialectName;
  const now = '2026-01-01T00:00:00.000Z';

  async function insertUser(): Promise<string> {
    const id = randomUUID();
    await db
      .insertInto('users')
      .values({
        id,
        email: `${id}@example.com`,
        email_verified: false,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  async function addEntry(
    userId: string,
    title: string | null,
    content: string,
    tags: string[] = [],
  ) {
    const id = newRowId();
    await db
      .insertInto('journal_entries')
      .values({
        id,
        user_id: userId,
        title,
        content,
        emotion_tags: tags,
        verse_reference: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  async function find(table: SearchedTable, userId: string, q: string): Promise<string[]> {
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where('user_id', '=', userId)
      .where(hasSearchWords(dialect, table, userId, searchWords(q)))
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    opened = await openEmptyTestDatabase();
    ({ db, dialect } = opened.database);
  });
  afterAll(async () => {
    await opened.dispose();
  });

  it('index the rows already there when the migration runs', async () => {
    const options = opened.schema ? { schema: opened.schema } : {};
    await migrateTo(db, dialect, '0009-list-pages', options);
    const user = await insertUser();
    const entry = await addEntry(user, 'Before the index', 'Written under the old schema');
    await db
      .insertInto('saved_verses')
      .values({
        id: newRowId(),
        user_id: user,
        text: 'Jesus wept.',
        reference: 'John 11:35',
        theme: 'Comfort',
        emotion_tag: 'sad',
        custom_note: null,
        created_at: now,
      })
      .execute();
    await migrateToLatest(db, dialect, options);
    expect(await find('journal_entries', user, 'old schema')).toEqual([entry]);
    expect(await find('saved_verses', user, 'wept')).toHaveLength(1);
    expect(await find('saved_verses', user, 'john 11')).toHaveLength(1);
    expect(await find('saved_verses', user, 'sad')).toHaveLength(1);
  });

  it('follow inserts, edits and deletes', async () => {
    const user = await insertUser();
    const id = await addEntry(user, 'Morning', 'Quiet walk by the lake');
    expect(await find('journal_entries', user, 'lake')).toEqual([id]);
    await db
      .updateTable('journal_entries')
      .set({ title: 'Evening', content: 'Loud storm over the sea' })
      .where('id', '=', id)
      .execute();
    expect(await find('journal_entries', user, 'lake')).toEqual([]);
    expect(await find('journal_entries', user, 'morning')).toEqual([]);
    expect(await find('journal_entries', user, 'evening storm')).toEqual([id]);
    await db.deleteFrom('journal_entries').where('id', '=', id).execute();
    expect(await find('journal_entries', user, 'storm')).toEqual([]);
  });

  it("forget an account's rows when it is deleted (the cascade fires the triggers)", async () => {
    const gone = await insertUser();
    const stays = await insertUser();
    await addEntry(gone, null, 'Shared word zephyr');
    const kept = await addEntry(stays, null, 'Shared word zephyr');
    await db.deleteFrom('users').where('id', '=', gone).execute();
    expect(await find('journal_entries', gone, 'zephyr')).toEqual([]);
    expect(await find('journal_entries', stays, 'zephyr')).toEqual([kept]);
    if (dialect === 'sqlite') {
      // The index and the table agree (FTS5's own check throws when they do not).
      for (const index of ['fts_journal_entries_stems', 'fts_journal_entries_words']) {
        await sql
          .raw(`insert into ${index}(${index}, rank) values ('integrity-check', 1)`)
          .execute(db);
      }
    }
  });

  it('find every word as typed or by its stem, never another person’s rows', async () => {
    const me = await insertUser();
    const other = await insertUser();
    const prayer = await addEntry(me, 'My prayer', 'For the family');
    const praying = await addEntry(me, null, 'I was praying all night');
    const prayed = await addEntry(me, null, 'We prayed together');
    await addEntry(other, 'Their prayer', 'praying prayed pray');
    expect(await find('journal_entries', me, 'pray')).toEqual([prayer, praying, prayed].sort());
    // PostgreSQL's stemmer also makes 'prayer' 'pray': only what both find is asserted.
    expect(await find('journal_entries', me, 'praying')).toEqual(
      expect.arrayContaining([praying, prayed]),
    );
    expect(await find('journal_entries', me, 'prayed')).toContain(praying);
    expect(await find('journal_entries', me, 'PRA')).toEqual([prayer, praying, prayed].sort());
    expect(await find('journal_entries', me, 'prayer family')).toEqual([prayer]);
    expect(await find('journal_entries', me, 'prayer night')).toEqual([]);
    expect(await find('journal_entries', me, 'the')).toEqual([prayer]);
  });

  it('take query syntax as plain words and never fail', async () => {
    const me = await insertUser();
    const near = await addEntry(me, 'NEAR and AND', 'or NOT: (title) "quoted" x*y {content}');
    for (const q of [
      'NEAR',
      'AND',
      'NOT',
      'or',
      'title',
      'content',
      'owner',
      'near(and, or)',
      '"quoted"',
      'x*',
      '-not',
      "o'clock",
      '__proto__',
      'o',
      `o${'a'.repeat(200)}`,
    ]) {
      const found = await find('journal_entries', me, q);
      expect(Array.isArray(found), q).toBe(true);
    }
    expect(await find('journal_entries', me, 'near(and, or)')).toEqual([near]);
    // 'o' is not the owner's token: only rows with a word starting with 'o' are found.
    const without = await addEntry(me, null, 'nothing here');
    expect(await find('journal_entries', me, 'o')).toEqual([near]);
    expect(await find('journal_entries', me, 'o')).not.toContain(without);
  });

  it('keep tag lists apart: a tag is found only as a whole tag', async () => {
    const me = await insertUser();
    const tagged = await addEntry(me, null, 'x', ['prayer', 'Grateful']);
    await addEntry(me, null, 'y', ['prayers']);
    const rows = await db
      .selectFrom('journal_entries')
      .select('id')
      .where('user_id', '=', me)
      .where(jsonListContains(dialect, 'journal_entries.emotion_tags', 'prayer'))
      .execute();
    expect(rows.map((row) => row.id)).toEqual([tagged]);
  });
});
