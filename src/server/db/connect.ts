import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import {
  dialectPlugin,
  GroundedPostgresDialect,
  GroundedSqliteDialect,
  type DialectName,
} from './dialect-plugin.ts';
import { createWalSync, SqliteConnection } from './sqlite-connection.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  dialect: DialectName;
  /** Commits made through this handle so far (SQLite; always 0 on PostgreSQL). */
  commits: () => number;
  /**
   * Resolves once every commit so far is on disk. SQLite shares one fsync of the WAL among all
   * waiting writes (docs/decisions/004); PostgreSQL has already synced when a commit returns.
   */
  flushWrites: () => Promise<void>;
  /**
   * The connections now: in use, idle, and the queries waiting for one (the metrics). SQLite's
   * one connection is synchronous, so it is never seen busy between queries.
   */
  pool: () => { inUse: number; idle: number; waiting: number };
  /** Closes every connection; safe to call more than once. */
  close: () => Promise<void>;
  /**
   * PostgreSQL: a new client of its own, outside the pool, on the same database and search path,
   * for LISTEN (the group events, decision 028); the caller connects and ends it.
   */
  newClient?: () => pg.Client;
};

export type ConnectOptions =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: 'postgres'; connectionString: string; searchPath?: string; poolSize?: number };

const TIMESTAMPTZ_OID = 1184;
const TIMESTAMP_OID = 1114;
const INT8_OID = 20;

/** Per-pool type parsers: timestamps as ISO-8601 strings and counts as numbers, like SQLite gives. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMPTZ_OID || oid === TIMESTAMP_OID) {
      return (value: string) => new Date(value).toISOString();
    }
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function openSqlite(filename: string): SqliteDatabase.Database {
  if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
  const database = new SqliteDatabase(filename);
  // WAL lets readers run beside the one writer. With synchronous=NORMAL a commit writes the WAL
  // without waiting for the disk; the server answers a write only after flushWrites() has
  // fsynced the WAL, so an acknowledged write still survives a power cut (docs/decisions/004).
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return database;
}

export function connectDatabase(options: ConnectOptions): DatabaseHandle {
  let isClosed = false;
  if (options.dialect === 'sqlite') {
    const connection = new SqliteConnection(openSqlite(options.filename));
    const db = new Kysely<Database>({
      dialect: new GroundedSqliteDialect({ database: connection }),
      plugins: [dialectPlugin()],
    });
    // An in-memory database (unit tests) has no file to sync.
    const walSync =
      options.filename === ':memory:' ? null : createWalSync(`${options.filename}-wal`, connection);
    return {
      db,
      dialect: 'sqlite',
      commits: () => connection.commits,
      flushWrites: () => walSync?.flush() ?? Promise.resolve(),
      pool: () => ({ inUse: 0, idle: 1, waiting: 0 }),
      close: async () => {
        if (isClosed) return;
        isClosed = true;
        // Closing checkpoints the WAL into the database file, with its own syncs.
        await walSync?.close();
        await db.destroy();
      },
    };
  }
  const searchPathOption = options.searchPath
    ? { options: `-c search_path=${options.searchPath}` }
    : {};
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    // Waiting for a free connection, or for a new one to open, gives up after 3 s: with the
    // database down a request is answered 503 well within 5 s instead of queueing
    // (docs/reliability.md). There is no statement timeout: migrations wait on a lock that other
    // instances may hold for longer.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    // TCP keepalive notices a connection whose server vanished without closing it.
    keepAlive: true,
    types: pgTypes,
    ...searchPathOption,
  });
  // A database restart ends every connection. The query in flight fails with that error (and is
  // answered 503); the client also emits 'error', which would crash the process with no
  // listener: pg-pool listens only while a client is idle, so every client gets one of its own.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({
    dialect: new GroundedPostgresDialect({ pool }),
    plugins: [dialectPlugin()],
  });
  return {
    db,
    dialect: 'postgres',
    commits: () => 0,
    flushWrites: () => Promise.resolve(),
    pool: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      if (isClosed) return;
      isClosed = true;
      await db.destroy();
    },
    newClient: () =>
      new pg.Client({
        connectionString: options.connectionString,
        keepAlive: true,
        connectionTimeoutMillis: 3000,
        ...searchPathOption,
      }),
  };
}

/** Whether the database answers a trivial query within the time limit. */
export async function isDatabaseReachable(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = sql`select 1 as ok`
    .execute(db)
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
