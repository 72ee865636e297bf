import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '#server/db/connect.ts';
import type { DialectName } from '#server/db/dialect-plugin.ts';
import { searchedFields } from '#server/db/full-text.ts';

/*
 * Keeping SQLite's search indexes in one piece (decision 012, amended). FTS5 adds what each write
 * indexes as a new small segment and merges segments only a few at a time, so an index written
 * row by row is a pile of segments, and every search reads each of them: a search of 10,000
 * journal entries took 1.5 ms more that way than after a merge. Once a day the indexes are merged
 * into one segment each, a few pages at a time with a turn of the event loop between, so nobody
 * waits behind the work. PostgreSQL's indexes need nothing of the kind.
 */

/** The FTS5 tables: a stemmed and an as-written index of each searched table (migration 0010). */
export const searchIndexTables: readonly string[] = Object.keys(searchedFields).flatMap((table) => [
  `fts_${table}_stems`,
  `fts_${table}_words`,
]);

/**
 * Pages one merge step writes at most: about a millisecond's work. Negative: segments are merged
 * even when a level holds fewer than FTS5 would wait for, until each index is one segment.
 */
const pagesPerStep = 16;

/** Steps in one minute at most: a big index is merged over several minutes, never in a burst. */
const stepsPerMinute = 600;

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

export type MergeResult = { steps: number; isDone: boolean };

/**
 * Merges each search index a step at a time, with a turn of the event loop between steps, until
 * every index is one segment, `maxSteps` steps have run or `isStopped` says so. A step that writes nothing means its
 * index is merged. Nothing to do on PostgreSQL.
 */
export async function mergeSearchIndexes(
  db: Db,
  dialect: DialectName,
  {
    maxSteps = Number.POSITIVE_INFINITY,
    isStopped = () => false,
  }: { maxSteps?: number; isStopped?: () => boolean } = {},
): Promise<MergeResult> {
  if (dialect !== 'sqlite') return { steps: 0, isDone: true };
  let steps = 0;
  for (const table of searchIndexTables) {
    for (;;) {
      if (steps >= maxSteps || isStopped()) return { steps, isDone: false };
      const before = await totalChanges(db);
      await sql
        .raw(`insert into ${table}(${table}, rank) values ('merge', ${-pagesPerStep})`)
        .execute(db);
      steps += 1;
      // The command's own row counts as one change; more is pages written.
      const wrote = (await totalChanges(db)) - before > 1;
      await nextTurn();
      if (!wrote) break;
    }
  }
  return { steps, isDone: true };
}

async function totalChanges(db: Db): Promise<number> {
  const result = await sql<{ changes: number }>`select total_changes() as changes`.execute(db);
  return Number(result.rows[0]?.changes ?? 0);
}

export type SearchIndexUpkeep = { stop: () => Promise<void> };

type UpkeepLog = {
  info: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

/**
 * Merges the search indexes `firstDelayMs` after the start (ten minutes: never while a deploy
 * starts, nor in a test run), then once a day, at most `stepsPerMinute` steps a minute.
 */
export function startSearchIndexUpkeep(
  { db, dialect }: { db: Db; dialect: DialectName },
  log: UpkeepLog,
  {
    firstDelayMs = 10 * minuteMs,
    periodMs = dayMs,
  }: { firstDelayMs?: number; periodMs?: number } = {},
): SearchIndexUpkeep {
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  let running: Promise<void> = Promise.resolve();

  const wait = (ms: number, then: () => Promise<void>) => {
    if (isStopped) return;
    timer = setTimeout(() => {
      running = then();
    }, ms);
    timer.unref();
  };

  const pass = async (stepsSoFar = 0, started = performance.now()): Promise<void> => {
    try {
      const result = await mergeSearchIndexes(db, dialect, {
        maxSteps: stepsPerMinute,
        isStopped: () => isStopped,
      });
      const steps = stepsSoFar + result.steps;
      if (!result.isDone) {
        wait(minuteMs, () => pass(steps, started));
        return;
      }
      if (steps > searchIndexTables.length) {
        log.info({ steps, ms: Math.round(performance.now() - started) }, 'search indexes merged');
      }
    } catch (error) {
      log.error({ err: error }, 'merging the search indexes failed');
    }
    wait(periodMs, () => pass());
  };

  if (dialect === 'sqlite') wait(firstDelayMs, () => pass());
  return {
    stop: async () => {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
