import fs from 'node:fs';
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct SQL texts keep their prepared statement (the app has a few hundred). */
const statementCacheSize = 1000;

/**
 * better-sqlite3 as Kysely sees it, with two additions (docs/decisions/004):
 * - every statement is prepared once and reused: preparing cost more than running the query
 *   on the hot signed-in paths;
 * - it counts commits, so an answer can wait until its writes are on disk (group commit).
 */
export class SqliteConnection implements KyselySqliteDatabase {
  readonly #database: SqliteDatabase.Database;
  readonly #statements = new Map<string, SqliteStatement>();
  #commits = 0;

  constructor(database: SqliteDatabase.Database) {
    this.#database = database;
  }

  /** Commits so far (autocommitted writes and transactions), durable or not yet. */
  get commits(): number {
    return this.#commits;
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const statement = this.#countingCommits(this.#database.prepare(sql));
    if (this.#statements.size >= statementCacheSize) {
      // Least recently prepared first: Map keeps insertion order.
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  /**
   * A statement commits when it writes outside a transaction, or when it ends one (COMMIT).
   * Writes inside a transaction are not counted until it commits: an answer must not be told
   * its writes are durable while they sit in an open transaction.
   */
  #countingCommits(statement: SqliteDatabase.Statement): SqliteStatement {
    const database = this.#database;
    const writes = !statement.readonly;
    const run = <T>(execute: () => T): T => {
      const wasInTransaction = database.inTransaction;
      const result = execute();
      if (!database.inTransaction && (writes || wasInTransaction)) this.#commits += 1;
      return result;
    };
    return {
      reader: statement.reader,
      all: (parameters) => run(() => statement.all(parameters)),
      run: (parameters) => run(() => statement.run(parameters)),
      iterate: (parameters) => statement.iterate(parameters),
    };
  }
}

export type WalSync = {
  /** Resolves once every commit counted so far is on disk: one fsync serves all waiting. */
  flush: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Group commit (docs/decisions/004). The database runs with synchronous=NORMAL, so a commit
 * only writes its WAL frames; an answer to a write waits for flush(), which fsyncs the WAL off
 * the main thread. Every commit that happened before an fsync started is covered by it, so the
 * writes of many requests share one fsync, and the thread keeps serving while the disk works.
 * Checkpoints (which copy the WAL into the database and later reuse it) sync by themselves in
 * NORMAL mode, so a commit is never in the WAL only after its frames are overwritten.
 */
export function createWalSync(
  walPath: string,
  connection: Pick<SqliteConnection, 'commits'>,
  sync: (handle: fs.promises.FileHandle) => Promise<void> = (handle) => handle.datasync(),
): WalSync {
  let synced = 0;
  let running: Promise<void> | null = null;
  let handle: fs.promises.FileHandle | null = null;

  async function syncOnce(): Promise<void> {
    const upTo = connection.commits;
    try {
      handle ??= await fs.promises.open(walPath, 'r+');
    } catch (error) {
      // No WAL file: nothing was written since the last checkpoint closed it.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        synced = Math.max(synced, upTo);
        return;
      }
      throw error;
    }
    await sync(handle);
    synced = Math.max(synced, upTo);
  }

  return {
    async flush() {
      const target = connection.commits;
      while (synced < target) {
        // A sync already running may have started before this request's commit: wait for
        // it, then start (or join) the next one.
        running ??= syncOnce().finally(() => {
          running = null;
        });
        await running;
      }
    },
    async close() {
      await running?.catch(() => {});
      await handle?.close();
      handle = null;
    },
  };
}
