import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { AppError } from '#server/app-error.ts';
import type { Page, PageRequest } from '#shared/schemas/pagination.ts';
import type { Db } from './connect.ts';
import { isRowId } from './ids.ts';

/**
 * Keyset paging for every list (decision 012). A page is read newest first by
 * (time, id); the cursor names the last row given, so the next page starts right after it
 * whatever was added meanwhile, and the database reads it straight off a
 * (user, time desc, id desc) index instead of counting past an offset.
 *
 * A cursor is opaque to clients: base64url JSON of [version, scope, time, id], then a
 * truncated HMAC-SHA-256 under a key kept in the database (server_secrets), so every instance
 * reads every other's cursors. The scope is a hash of the list's name and filters: a cursor
 * from another list, another search or another person's made-up bytes is a 400, never a page.
 */
export type KeyPosition = { time: string; id: string };

export type CursorCodec = {
  encode: (scope: string, position: KeyPosition) => string;
  /** The position a cursor names; a 400 VALIDATION_ERROR for anything not made by encode(). */
  decode: (scope: string, cursor: string) => KeyPosition;
};

const version = 1;
const macBytes = 16;

function scopeHash(scope: string): string {
  return createHash('sha256').update(scope).digest('base64url').slice(0, 12);
}

function isIsoTimestamp(value: string): boolean {
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.toISOString() === value;
}

export function invalidCursor(): AppError {
  return new AppError(
    'VALIDATION_ERROR',
    'cursor: This page cursor is not valid. Start again from the top of the list.',
  );
}

export function createCursorCodec(key: Buffer): CursorCodec {
  // A KeyObject made once: createHmac re-imports a Buffer key on every call, five times the cost
  // of the MAC itself, and every page answered signs a cursor.
  const secret = createSecretKey(key);
  const mac = (payload: string) =>
    createHmac('sha256', secret).update(payload).digest().subarray(0, macBytes);
  return {
    encode(scope, { time, id }) {
      const payload = Buffer.from(JSON.stringify([version, scopeHash(scope), time, id])).toString(
        'base64url',
      );
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    decode(scope, cursor) {
      const [payload, signature, ...rest] = cursor.split('.');
      if (!payload || !signature || rest.length > 0) throw invalidCursor();
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw invalidCursor();
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        throw invalidCursor();
      }
      if (!Array.isArray(parsed) || parsed.length !== 4) throw invalidCursor();
      const [v, hash, time, id] = parsed as unknown[];
      if (v !== version || hash !== scopeHash(scope)) throw invalidCursor();
      // Exactly as toISOString() wrote it, so PostgreSQL never sees a time it would refuse.
      if (typeof time !== 'string' || !isIsoTimestamp(time)) throw invalidCursor();
      if (typeof id !== 'string' || !isRowId(id)) throw invalidCursor();
      return { time, id };
    },
  };
}

const cursorKeyName = 'cursor-key';

/**
 * The cursor key, made once by whichever instance asks first and read by all of them: insert
 * if missing (a racing instance's insert is ignored), then read what won.
 */
async function readCursorKey(db: Db): Promise<Buffer> {
  await db
    .insertInto('server_secrets')
    .values({ name: cursorKeyName, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', cursorKeyName)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

/** The lists' codec; its key is read on first use (the server starts while the database is down). */
export type PageCursors = { codec: () => Promise<CursorCodec> };

export function createPageCursors(db: Db): PageCursors {
  let loading: Promise<CursorCodec> | undefined;
  return {
    codec() {
      loading ??= readCursorKey(db).then(createCursorCodec, (error: unknown) => {
        loading = undefined; // the next request tries again
        throw error;
      });
      return loading;
    },
  };
}

/**
 * The scope of a list's cursors: the list's name, then its owner and every filter (absent ones as
 * null), so a cursor is good only for the list, person and search it came from.
 */
export function listScope(
  list: string,
  ...narrowedBy: readonly (string | number | null | undefined)[]
): string {
  return JSON.stringify([list, ...narrowedBy.map((part) => part ?? null)]);
}

/**
 * The rows whose key comes after `values` in the key's descending order: (a, b) < (x, y). Row
 * values compare column by column in both SQLite and PostgreSQL, and both use the index for it.
 */
export function keyBefore(
  columns: readonly string[],
  values: readonly unknown[],
): Expression<SqlBool> {
  return keyCompared(columns, '<', values);
}

/**
 * keyBefore's twin for a list read oldest first: the rows whose key comes after `values` in the
 * key's ascending order, (a, b) > (x, y).
 */
export function keyAfter(
  columns: readonly string[],
  values: readonly unknown[],
): Expression<SqlBool> {
  return keyCompared(columns, '>', values);
}

/** (a, b) compared with (x, y) as one row value: keyBefore's and keyAfter's one statement. */
function keyCompared(
  columns: readonly string[],
  operator: '<' | '>',
  values: readonly unknown[],
): Expression<SqlBool> {
  const key = sql.join(columns.map((column) => sql.ref(column)));
  return sql<SqlBool>`(${key}) ${sql.raw(operator)} (${sql.join(values)})`;
}

/** The columns of a row that hold text: a list's time column is one of them. */
type TextColumn<Row> = {
  [Column in keyof Row & string]: Row[Column] extends string ? Column : never;
}[keyof Row & string];

/**
 * How a list is ordered: newest first by its `time` column, then by `id`; `table` names both
 * columns when the query joins another table that has them too.
 */
export type NewestFirst<Row> = { time: TextColumn<Row>; table?: string };

/** The position of a row in its list, for the cursor that starts after it. */
function positionOf<Row extends { id: string }>(row: Row, order: NewestFirst<Row>): KeyPosition {
  const time: unknown = row[order.time];
  if (typeof time !== 'string') throw new TypeError(`${order.time} is not a time`);
  return { time, id: row.id };
}

/**
 * The query's rows newest first by (time, id): `take` of them, from the top or after `after`.
 * The query gives the table, the columns and the filters (the owner first, for the index).
 */
export function newestFirst<DB, TB extends keyof DB, Row extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, Row>,
  order: NewestFirst<Row>,
  after: KeyPosition | null,
  take: number,
): SelectQueryBuilder<DB, TB, Row> {
  const column = (name: string) => (order.table ? `${order.table}.${name}` : name);
  const [time, id] = [column(order.time), column('id')];
  const page = query.orderBy(sql.ref(time), 'desc').orderBy(sql.ref(id), 'desc').limit(take);
  return after ? page.where(keyBefore([time, id], [after.time, after.id])) : page;
}

/**
 * One page of a list: `read` gets the position to start after (null for the first page) and
 * how many rows to read (one more than the page, which tells whether another page exists).
 * Most lists give their query to readNewestFirst instead; a list that filters rows in
 * JavaScript reads with newestFirst() itself, in batches.
 */
export async function readPage<Row>(
  cursors: PageCursors,
  scope: string,
  request: PageRequest,
  keyOf: (row: Row) => KeyPosition,
  read: (after: KeyPosition | null, take: number) => Promise<Row[]>,
): Promise<Page<Row>> {
  const codec = await cursors.codec();
  const after = request.cursor === undefined ? null : codec.decode(scope, request.cursor);
  const rows = await read(after, request.limit + 1);
  const items = rows.slice(0, request.limit);
  const last = items.at(-1);
  return {
    items,
    next_cursor: rows.length > request.limit && last ? codec.encode(scope, keyOf(last)) : null,
  };
}

/**
 * One page of a list read newest first (decision 012): `query` selects the list's rows (table,
 * columns, owner, filters), or is null when the list is known to be empty (a search of no
 * word); `scope` comes from listScope().
 */
export function readNewestFirst<DB, TB extends keyof DB, Row extends { id: string }>(
  cursors: PageCursors,
  scope: string,
  request: PageRequest,
  order: NewestFirst<Row>,
  query: SelectQueryBuilder<DB, TB, Row> | null,
): Promise<Page<Row>> {
  return readPage<Row>(
    cursors,
    scope,
    request,
    (row) => positionOf(row, order),
    async (after, take) => (query ? newestFirst(query, order, after, take).execute() : []),
  );
}
