import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Expression, type SqlBool } from 'kysely';
import { stemmer } from 'stemmer';
import { AppError } from '#server/app-error.ts';
import { foldQuery } from '#server/fold-query.ts';
import { boundedCache } from '#shared/bounded-cache.ts';
import type { MatchRanges, Page, PageRequest } from '#shared/schemas/pagination.ts';
import type { Db } from './connect.ts';
import type { DialectName } from './dialect-plugin.ts';

/**
 * Full-text search of one's own rows (decision 012): the journal (title, content), saved verses
 * (text, reference, emotion tag) and notes on verses (text), on SQLite (FTS5) and PostgreSQL
 * (tsvector), with the indexes of migrations 0010 and 0017. The lists call this module and never branch on the dialect themselves.
 *
 * What a search means, the same on both databases: the query's words (letters and digits;
 * everything else separates them) must all be found, each as the start of a word, so results
 * follow what is typed ('pra' finds 'prayer'), or as the start of a word's stem ('praying'
 * finds 'pray' and 'prayed'). Case does not count. The user's words never reach either query
 * language as syntax: each one is quoted as a term, so `"`, `*`, `NEAR`, `-`, `:` or brackets
 * are only separators. Where the stemmers differ (SQLite's Porter against PostgreSQL's
 * Snowball English) and for accents (SQLite folds 'café' to 'cafe'; PostgreSQL without the
 * unaccent extension does not) the two can differ at the edges.
 */

/** The tables that can be searched, and the columns that are. */
export const searchedFields = {
  journal_entries: ['title', 'content'],
  saved_verses: ['text', 'reference', 'emotion_tag'],
  verse_notes: ['text'],
} as const;
export type SearchedTable = keyof typeof searchedFields;

/** More words than this is not a search anyone types; each one costs an index lookup. */
export const searchWordLimit = 16;

/** A word: a letter or digit, then letters, digits and the accents that go with them. */
const wordPattern = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/**
 * The distinct words of a search, lower case, in the order typed. None (a query of only
 * punctuation) is an empty list: the caller answers an empty page. More than searchWordLimit
 * is a 400.
 */
export function searchWords(q: string): string[] {
  const words = [...new Set(q.normalize('NFC').toLowerCase().match(wordPattern) ?? [])];
  if (words.length > searchWordLimit) {
    throw new AppError('VALIDATION_ERROR', `q: Search for at most ${searchWordLimit} words.`);
  }
  return words;
}

/**
 * The owner of a row as one FTS5 token (migration 0010's view and triggers spell it
 * 'o' || lower(hex(user_id))): matched with the words, FTS5 intersects the two instead of
 * reading every user's rows that have the word.
 */
export function ownerToken(userId: string): string {
  return `o${Buffer.from(userId, 'utf8').toString('hex')}`;
}

/** An FTS5 string: double quotes around, any inside doubled; it is never an operator. */
function fts5String(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** A tsquery term: single quotes around, quotes and backslashes inside escaped. */
function tsqueryPrefix(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`;
}

/**
 * The rows of `table` (owned by userId) that have every word: a where clause for a query on
 * that table, which must also keep to the user's own rows (user_id = …) itself. `words` must
 * not be empty.
 */
export function hasSearchWords(
  dialect: DialectName,
  table: SearchedTable,
  userId: string,
  words: readonly string[],
): Expression<SqlBool> {
  if (words.length === 0) throw new Error('hasSearchWords needs at least one word');
  if (dialect === 'postgres') {
    // Stems ('english') or words as written ('simple'): the document holds both (0010).
    const terms = words.map((word) => {
      const term = tsqueryPrefix(word);
      return sql`(to_tsquery('english', ${term}) || to_tsquery('simple', ${term}))`;
    });
    return sql<SqlBool>`${sql.ref(`${table}.search_document`)} @@ (${sql.join(terms, sql` && `)})`;
  }
  const conditions = words.map(
    (word) => sql<SqlBool>`${sql.ref(`${table}.rowid`)} in (${wordRowids(table, userId, word)})`,
  );
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** SQLite's two full-text indexes of a table (migration 0010): stems (porter) and words as written. */
function ftsIndexes(table: SearchedTable) {
  return { stems: sql.table(`fts_${table}_stems`), written: sql.table(`fts_${table}_words`) };
}

/**
 * SQLite: the rowids of the person's rows one word matches, its stem in the porter index or
 * what was typed in the other (0010).
 */
function wordRowids(table: SearchedTable, userId: string, word: string) {
  const { stems, written } = ftsIndexes(table);
  const query = fts5Query(table, userId, word);
  return sql<{ rowid: number }>`select rowid from ${stems} where ${stems} match ${query}
      union select rowid from ${written} where ${written} match ${query}`;
}

/**
 * The person's rows among `rowids`: looked up by rowid (the unary + keeps SQLite from walking the
 * person's whole newest-first index instead and testing each row), or, for many, along that
 * index, each row checked against them, which stops at a page.
 */
function amongRowids(
  table: SearchedTable,
  userId: string,
  rowids: Iterable<number>,
  lookUp: 'by rowid' | 'along the index',
): Expression<SqlBool> {
  const owner = sql.ref(`${table}.user_id`);
  const found = sql<SqlBool>`${sql.ref(`${table}.rowid`)} in (select value from json_each(${JSON.stringify([...rowids])}))`;
  return lookUp === 'by rowid'
    ? sql<SqlBool>`(+${owner} = ${userId} and ${found})`
    : sql<SqlBool>`(${owner} = ${userId} and ${found})`;
}

/**
 * SQLite, a first page of a search for one word with no other filter (decision 012, amended):
 * FTS5 gives the word's newest matches from its index alone when asked for them by rowid,
 * newest first, with a limit (0.1–0.3 ms on an account of 10,000 entries), where the general
 * query above finds every match before it can sort them (1–4 ms, and a common word the most).
 * A table's rowids grow as rows are stored and a row's time is when it was stored, so the newest
 * rowids are the newest rows; the answer does not rely on it, though: `read` is given the
 * candidates and reads the page among them as the general query would, and the page is kept
 * only when no row of the person's is newer than its last one while stored before every
 * candidate (one look along the newest-first index). `candidates` stands for the person's rows
 * and the search both: `read` uses it instead of its own filters. A search of several words
 * with no other filter, on any page, gets its candidates word by word (wordByWordCandidates).
 * Otherwise, on any other page, filter or database, `read` is called with null and reads the
 * general query.
 */
export async function readSearchPage<Row extends { id: string; created_at: string }>(
  database: { db: Db; dialect: DialectName },
  search: {
    table: SearchedTable;
    userId: string;
    words: readonly string[] | undefined;
    page: PageRequest;
    /** Whether another filter (a tag, a book, a theme) narrows the list too. */
    isFiltered: boolean;
  },
  read: (candidates: Expression<SqlBool> | null) => Promise<Page<Row>>,
): Promise<Page<Row>> {
  const { db, dialect } = database;
  const { table, userId, words, page } = search;
  const [word] = words ?? [];
  if (dialect !== 'sqlite' || !words || !word || search.isFiltered) return read(null);
  // Any page, found the general way: several words one at a time, one word in one query.
  const anyPage = async () =>
    read(words.length > 1 ? await wordByWordCandidates(db, table, userId, words) : null);
  if (page.cursor) return anyPage();
  const take = page.limit + 1;
  const newest = await newestMatches(db, table, userId, words, take);
  if (!newest) return anyPage();
  const { rowids } = newest;
  const result = await read(amongRowids(table, userId, rowids, 'by rowid'));
  // Every match there is is among the candidates.
  if (newest.complete) return result;
  const last = result.items.at(-1);
  const oldest = rowids.at(-1);
  if (!last || oldest === undefined) return anyPage();
  const stored = await sql<{ found: number }>`
    select 1 as found from ${sql.table(table)}
    where user_id = ${userId}
      and (created_at, id) > (${last.created_at}, ${last.id})
      and rowid < cast(${oldest} as integer)
    limit 1`.execute(db);
  return stored.rows.length === 0 ? result : anyPage();
}

/** How deep newestMatches reads each word's matches before it leaves a search to anyPage. */
const newestDepths = [64, 256, 1024];

/**
 * SQLite: the `take` newest rowids (newest stored first) of the person's rows that every word
 * matches, from the indexes alone. Each word's newest matches are read to a depth (both indexes,
 * newest first, with a limit: 0.1–0.3 ms a word, where finding all of a common word's matches
 * takes 0.6–2.7 ms); the rows every word's newest hold are then known exactly down to the
 * shallowest word's last one. Once `take` of them are known, or every word's matches were read
 * whole (`complete`: these are all there are), that is the answer; otherwise it reads deeper,
 * and past the last depth answers null. One word needs one read of `take`.
 */
async function newestMatches(
  db: Db,
  table: SearchedTable,
  userId: string,
  words: readonly string[],
  take: number,
): Promise<{ rowids: number[]; complete: boolean } | null> {
  const { stems, written } = ftsIndexes(table);
  const depths = words.length === 1 ? [take] : newestDepths.filter((depth) => depth >= take);
  for (const depth of depths) {
    let kept: number[] | null = null;
    let complete = true;
    for (const [index, word] of words.entries()) {
      // Others go between the words of a long search.
      if (index > 0) await nextTurn();
      const query = fts5Query(table, userId, word);
      const { rows } = await sql<{ rowid: number }>`
        select rowid from (select rowid from ${stems} where ${stems} match ${query} order by rowid desc limit ${depth})
        union
        select rowid from (select rowid from ${written} where ${written} match ${query} order by rowid desc limit ${depth})
        order by rowid desc limit ${depth}`.execute(db);
      // A word found nowhere: nothing has every word.
      if (rows.length === 0) return { rowids: [], complete: true };
      // Fewer than the depth: every match of this word is here.
      if (rows.length === depth) complete = false;
      const matched = new Set(rows.map((row) => row.rowid));
      kept = kept === null ? [...matched] : kept.filter((rowid) => matched.has(rowid));
    }
    // Newest first: a rowid every word's newest hold is a match, and none newer is missing.
    if (kept && (complete || kept.length >= take)) {
      return { rowids: kept.slice(0, take), complete: complete && kept.length < take };
    }
    await nextTurn();
  }
  return null;
}

/** Candidates of a search up to this many are looked up by rowid; more, along the index. */
const rowidLookupLimit = 256;

/**
 * SQLite, a search of several words with no other filter, on any page: each word's matches
 * among the person's rows (both indexes, 0.6–2.7 ms a common word on 10,000 entries) are read
 * in a statement and a turn of the event loop of their own and kept where every word so far
 * matched, so a long search of common words (sixteen held the loop for 35 ms in one statement)
 * lets others go between its words. It stops at the first word that leaves nothing. The rows
 * found are exactly those hasSearchWords keeps.
 */
async function wordByWordCandidates(
  db: Db,
  table: SearchedTable,
  userId: string,
  words: readonly string[],
): Promise<Expression<SqlBool>> {
  let found = new Set<number>();
  for (const [index, word] of words.entries()) {
    await nextTurn();
    const { rows } = await wordRowids(table, userId, word).execute(db);
    const before = found;
    found = new Set(
      rows.map((row) => row.rowid).filter((rowid) => index === 0 || before.has(rowid)),
    );
    if (found.size === 0) break;
  }
  await nextTurn();
  return amongRowids(
    table,
    userId,
    found,
    found.size <= rowidLookupLimit ? 'by rowid' : 'along the index',
  );
}

/** The FTS5 query of one word among the person's own rows (both indexes take the same). */
function fts5Query(table: SearchedTable, userId: string, word: string): string {
  const owner = `owner : ${fts5String(ownerToken(userId))}`;
  const fields = `{${searchedFields[table].join(' ')}}`;
  return `${owner} AND ${fields} : ${fts5String(word)}*`;
}

/**
 * Rows whose JSON list column holds `value` (the journal's tags): json_each in SQLite, jsonb
 * containment in PostgreSQL.
 */
export function jsonListContains(
  dialect: DialectName,
  column: string,
  value: string,
): Expression<SqlBool> {
  if (dialect === 'postgres') {
    return sql<SqlBool>`${sql.ref(column)} @> cast(${JSON.stringify([value])} as jsonb)`;
  }
  return sql<SqlBool>`exists (select 1 from json_each(${sql.ref(column)}) where json_each.value = ${value})`;
}

/** Lower case without accents or ligatures, as SQLite's tokenizer compares ('Café' → 'cafe'). */
function fold(word: string): string {
  return foldQuery(word).toLowerCase();
}

/**
 * A written word folded and stemmed, remembered: a page of 20 results runs the same few hundred
 * words through Unicode folding and the stemmer, which cost 0.5 ms a page of saved verses before
 * (decision 012). Bounded: emptied when full, so people's own words cannot grow it without end.
 */
const foldedWords = boundedCache<string, { folded: string; stem: string }>(50_000);

function foldAndStem(word: string): { folded: string; stem: string } {
  return foldedWords(word, () => {
    const folded = fold(word);
    return { folded, stem: stemmer(folded) };
  });
}

/**
 * [start, end) of each word of `text` that the search matched, computed here so that both
 * databases highlight alike: a word that starts with a searched word, or whose Porter stem
 * starts with the searched word's stem (the `stemmer` package is the algorithm of SQLite's
 * porter tokenizer, and the Bible search's, search/stem.ts).
 */
export function matchRanges(text: string | null, words: readonly string[]): MatchRanges {
  if (!text || words.length === 0) return [];
  const terms = words.map(foldAndStem);
  const seen = new Map<string, boolean>();
  const ranges: MatchRanges = [];
  for (const match of text.matchAll(wordPattern)) {
    let isMatch = seen.get(match[0]);
    if (isMatch === undefined) {
      const { folded: word, stem: wordStem } = foldAndStem(match[0]);
      isMatch = terms.some(
        (term) => word.startsWith(term.folded) || wordStem.startsWith(term.stem),
      );
      seen.set(match[0], isMatch);
    }
    if (isMatch) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}
