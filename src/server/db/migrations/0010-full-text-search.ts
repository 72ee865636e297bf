import { sql, type Kysely } from 'kysely';
import type { DialectName } from '#server/db/dialect-plugin.ts';
import type { ColumnTypes } from './column-types.ts';

/**
 * Full-text search of one's own journal and saved verses (decision 012), read by db/full-text.ts.
 *
 * SQLite: two FTS5 tables per searched table, both external content (they keep only the index;
 * the words stay in the table itself) and kept in step by triggers on insert, update and
 * delete, so a deleted row (by hand or by an account's cascade) leaves no words behind:
 * - fts_<table>_stems, tokenizer 'porter unicode61 remove_diacritics 2': 'praying' finds 'pray';
 * - fts_<table>_words, the same without porter: what was typed is a prefix of the word, so
 *   'pray' finds 'prayer' (porter makes 'pray' 'prai', and 'prayer' stays 'prayer').
 * Each row's first column is its owner as one token ('o' and the hex of the user id, 73
 * characters for a UUID, which porter leaves as it is): a search matches it with the words, so
 * FTS5 reads only that person's rows instead of every user's. The content the tables are
 * rebuilt from is the view fts_<table>_source, which spells the owner token the same way.
 * Prefix indexes of 1 to 4 characters keep as-you-type searches ('p', 'pr', 'pray') from
 * merging the lists of every word that starts so. detail stays 'full': with 'column' (half
 * the size) a typed word that SQLite's Unicode 6.1 tables split in two would be a phrase,
 * which that mode refuses with an error instead of an answer.
 * (VACUUM may renumber rowids of a table without an INTEGER PRIMARY KEY: after one, run
 * `insert into fts_x(fts_x) values ('rebuild')` for each FTS table. Backups copy pages and keep
 * them.)
 *
 * PostgreSQL: a stored generated tsvector column, search_document, with a GIN index: the
 * 'english' stems and, as in SQLite, the words as written ('simple'), so both kinds of prefix
 * match. Adding the column fills it for every existing row.
 *
 * Nothing here is the person's data: the account export names its columns (search_document is
 * not one) and the FTS tables have no user_id.
 */
const searched = {
  journal_entries: ['title', 'content'],
  saved_verses: ['text', 'reference', 'emotion_tag'],
} as const;

type SearchedTable = keyof typeof searched;

async function createSqliteIndex(db: Kysely<unknown>, table: SearchedTable): Promise<void> {
  const fields = searched[table];
  const source = `fts_${table}_source`;
  const indexes = [
    { name: `fts_${table}_stems`, tokenize: 'porter unicode61 remove_diacritics 2' },
    { name: `fts_${table}_words`, tokenize: 'unicode61 remove_diacritics 2' },
  ];
  const owner = (row: string) => `'o' || lower(hex(${row}.user_id))`;
  const values = (row: string) =>
    [`${row}.rowid`, owner(row), ...fields.map((field) => `${row}.${field}`)].join(', ');
  const columns = ['rowid', 'owner', ...fields].join(', ');

  await sql
    .raw(
      `create view ${source} as select rowid as entry_rowid, ${owner(table)} as owner, ` +
        `${fields.join(', ')} from ${table}`,
    )
    .execute(db);
  for (const { name, tokenize } of indexes) {
    await sql
      .raw(
        `create virtual table ${name} using fts5(owner, ${fields.join(', ')}, ` +
          `content='${source}', content_rowid='entry_rowid', tokenize='${tokenize}', ` +
          `prefix='1 2 3 4')`,
      )
      .execute(db);
  }
  const insertNew = indexes
    .map(({ name }) => `insert into ${name}(${columns}) values (${values('new')});`)
    .join('\n');
  const deleteOld = indexes
    .map(
      ({ name }) => `insert into ${name}(${name}, ${columns}) values ('delete', ${values('old')});`,
    )
    .join('\n');
  await sql
    .raw(`create trigger fts_${table}_insert after insert on ${table} begin\n${insertNew}\nend`)
    .execute(db);
  await sql
    .raw(`create trigger fts_${table}_delete after delete on ${table} begin\n${deleteOld}\nend`)
    .execute(db);
  await sql
    .raw(
      `create trigger fts_${table}_update after update of user_id, ${fields.join(', ')} ` +
        `on ${table} begin\n${deleteOld}\n${insertNew}\nend`,
    )
    .execute(db);
  for (const { name } of indexes) {
    await sql.raw(`insert into ${name}(${name}) values ('rebuild')`).execute(db);
  }
}

async function createPostgresIndex(db: Kysely<unknown>, table: SearchedTable): Promise<void> {
  const text = searched[table].map((field) => `coalesce(${field}, '')`).join(` || ' ' || `);
  await sql
    .raw(
      `alter table ${table} add column search_document tsvector generated always as ` +
        `(to_tsvector('english', ${text}) || to_tsvector('simple', ${text})) stored`,
    )
    .execute(db);
  await sql
    .raw(`create index ${table}_search_idx on ${table} using gin (search_document)`)
    .execute(db);
}

export async function up(
  db: Kysely<unknown>,
  _types: ColumnTypes,
  dialect: DialectName,
): Promise<void> {
  for (const table of Object.keys(searched) as SearchedTable[]) {
    if (dialect === 'postgres') await createPostgresIndex(db, table);
    else await createSqliteIndex(db, table);
  }
}
