import { sql, type Kysely } from 'kysely';
import type { DialectName } from '#server/db/dialect-plugin.ts';
import type { ColumnTypes } from './column-types.ts';

/**
 * Notes on verses (decision 024): a member's own words on a verse or a run of verses of one
 * chapter. The place is two numbers of the KJV's versification, which the three translations
 * share (shared/bible/verse-index.ts: Genesis 1:1 is 0, Revelation 22:21 is 31,101), so a note
 * shows in every translation; book_index is kept beside them for the book filter.
 *
 * Indexes, each starting with the owner:
 * - (user_id, created_at desc, id desc): the newest-first pages of /notes (decision 012);
 * - (user_id, book_index, created_at desc, id desc): the same pages of one book;
 * - (user_id, first_verse, last_verse): the notes of a chapter for the reader's marks, a range
 *   of first_verse (a run stays in its chapter), answered from the index alone for the marks.
 *
 * Full-text search as migration 0010 made it for the journal (db/full-text.ts reads it):
 * SQLite has two external-content FTS5 tables kept in step by triggers, the owner as a token
 * first, one stemmed (porter) and one of the words as written; PostgreSQL a stored generated
 * tsvector of both with a GIN index. Written out here rather than imported, as a migration
 * never changes once released. Nothing of it is the person's data (the export names columns).
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('verse_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('book_index', 'integer', (c) => c.notNull())
    .addColumn('first_verse', 'integer', (c) => c.notNull())
    .addColumn('last_verse', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('tags', t.json, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('verse_notes_place_check', sql`first_verse <= last_verse`)
    .execute();
  await db.schema
    .createIndex('verse_notes_user_newest_idx')
    .on('verse_notes')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('verse_notes_user_book_newest_idx')
    .on('verse_notes')
    .columns(['user_id', 'book_index', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('verse_notes_user_place_idx')
    .on('verse_notes')
    .columns(['user_id', 'first_verse', 'last_verse'])
    .execute();

  if (dialect === 'postgres') {
    await sql`
      alter table verse_notes add column search_document tsvector generated always as
        (to_tsvector('english', coalesce(text, '')) || to_tsvector('simple', coalesce(text, ''))) stored
    `.execute(db);
    await sql`create index verse_notes_search_idx on verse_notes using gin (search_document)`.execute(
      db,
    );
    return;
  }

  const owner = (row: string) => `'o' || lower(hex(${row}.user_id))`;
  const indexes = [
    { name: 'fts_verse_notes_stems', tokenize: 'porter unicode61 remove_diacritics 2' },
    { name: 'fts_verse_notes_words', tokenize: 'unicode61 remove_diacritics 2' },
  ];
  await sql
    .raw(
      `create view fts_verse_notes_source as select rowid as entry_rowid, ` +
        `${owner('verse_notes')} as owner, text from verse_notes`,
    )
    .execute(db);
  for (const { name, tokenize } of indexes) {
    await sql
      .raw(
        `create virtual table ${name} using fts5(owner, text, content='fts_verse_notes_source', ` +
          `content_rowid='entry_rowid', tokenize='${tokenize}', prefix='1 2 3 4')`,
      )
      .execute(db);
  }
  const values = (row: string) => `${row}.rowid, ${owner(row)}, ${row}.text`;
  const insertNew = indexes
    .map(({ name }) => `insert into ${name}(rowid, owner, text) values (${values('new')});`)
    .join('\n');
  const deleteOld = indexes
    .map(
      ({ name }) =>
        `insert into ${name}(${name}, rowid, owner, text) values ('delete', ${values('old')});`,
    )
    .join('\n');
  await sql
    .raw(
      `create trigger fts_verse_notes_insert after insert on verse_notes begin\n${insertNew}\nend`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger fts_verse_notes_delete after delete on verse_notes begin\n${deleteOld}\nend`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger fts_verse_notes_update after update of user_id, text on verse_notes ` +
        `begin\n${deleteOld}\n${insertNew}\nend`,
    )
    .execute(db);
}
