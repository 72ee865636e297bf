import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Db } from '#server/db/connect.ts';
import { userOwnedTables } from '#server/db/types.ts';
import { leaveEveryGroup } from '#server/features/groups/departure.service.ts';

/**
 * Deleting an account of any size without stopping the server (decision 012). better-sqlite3 runs
 * a statement on the server's only thread, so one DELETE of 50,000 rows would hold every other
 * request until it ends. The deletion goes in three steps instead:
 *
 * 1. close (one short transaction): the ways in (sessions, password, Google links, reset and
 *    confirmation links, known devices) go, so do reminders and pushes, and the address is
 *    replaced with a marker. From here on nobody can sign in to the account, its address is
 *    free for a new one, and nothing reads it by address.
 * 2. the rows, a batch per statement, the event loop served between batches; first the groups'
 *    (features/groups/departure.service.ts: ownership passes on, requests others answered stay
 *    as shells, decision 028).
 * 3. the account itself, and any row that arrived meanwhile, in one short transaction.
 *
 * Each step can be run again: after a failure part way, finishing again (a retry, or
 * resumeAccountDeletions at start-up) carries on where it stopped.
 */
export const deletionBatchSize = 500;

const closingEmailDomain = 'account-deletion.invalid';

/** The address an account being deleted holds: unique, and never one a person can have. */
export function closingEmail(userId: string): string {
  return `deleting-${userId}@${closingEmailDomain}`;
}

type OwnedTable = (typeof userOwnedTables)[number];

/** Step 1's tables: every way in, and what would reach out to the person (reminders, pushes). */
const closedFirst = [
  'sessions',
  'password_credentials',
  'password_reset_tokens',
  'email_confirmation_tokens',
  'oauth_accounts',
  'known_devices',
  'push_subscriptions',
  'user_settings',
] as const satisfies readonly OwnedTable[];

/**
 * Step 2's tables and the columns that pick a batch (each row's key, unique with user_id).
 * Public content first: testimonies leave the wall before anything else goes. A plan's marks
 * go before the plans they belong to.
 */
const deletedInBatches = [
  ['testimonies', ['id']],
  // Before the notes, highlights and saved verses, whose deletion would take these rows with
  // them in batches of no set size.
  ['topic_items', ['id']],
  ['journal_entries', ['id']],
  ['saved_verses', ['id']],
  ['notifications', ['id']],
  ['bookmarked_chapters', ['id']],
  ['reading_progress', ['id']],
  ['verse_highlights', ['id']],
  ['verse_notes', ['id']],
  // The days prayed before the requests they belong to.
  ['prayer_days', ['request_id', 'day']],
  ['prayer_requests', ['id']],
  ['plan_reading_marks', ['enrollment_id', 'day', 'reading']],
  ['plan_enrollments', ['id']],
  ['custom_plans', ['id']],
  ['streak_days', ['local_date']],
  ['memory_cards', ['id']],
  ['stored_files', ['bucket', 'path']],
  ['profiles', ['user_id']],
] as const satisfies readonly (readonly [OwnedTable, readonly string[]])[];

export type DeletionOptions = {
  batchSize?: number;
  /** Called after every batch (the tests use it to see that other requests are served). */
  afterBatch?: (table: OwnedTable, deleted: number) => void | Promise<void>;
};

/** Step 1: nobody can sign in to the account from here on. */
export async function closeAccount(db: Db, userId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ email: closingEmail(userId), email_verified: false, updated_at: now.toISOString() })
      .where('id', '=', userId)
      .execute();
    for (const table of closedFirst) {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    }
  });
}

/** Steps 2 and 3: the rows in batches, then the account. Safe to run again after a failure. */
export async function finishAccountDeletion(
  db: Db,
  userId: string,
  { batchSize = deletionBatchSize, afterBatch }: DeletionOptions = {},
): Promise<void> {
  // The table and key names come from the lists above; Kysely checks neither in a subquery.
  const anyDb = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  // Their groups first: a group they own passes on, their requests go or become shells.
  await leaveEveryGroup(db, userId, batchSize);
  for (const [table, key] of deletedInBatches) {
    // (a, b) in (select a, b …): a row value, in both databases, for a key of several columns.
    const keyColumns = sql.join(key.map((column) => sql.ref(column)));
    for (;;) {
      const batch = anyDb
        .selectFrom(table)
        .select(key)
        .where('user_id', '=', userId)
        .limit(batchSize);
      const result = await anyDb
        .deleteFrom(table)
        .where('user_id', '=', userId)
        .where(sql<boolean>`(${keyColumns}) in (${batch})`)
        .executeTakeFirst();
      const deleted = Number(result.numDeletedRows);
      await afterBatch?.(table, deleted);
      if (deleted < batchSize) break;
      // A batch ran on the server's thread (SQLite): let waiting requests go first.
      await nextTurn();
    }
  }
  await db.transaction().execute(async (trx) => {
    // What came in meanwhile (a reminder written just before step 1, say) is a few rows.
    for (const table of userOwnedTables) {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    }
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}

/** Every account a deletion was started for and not finished (a crash, a database outage). */
export async function accountsBeingDeleted(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `deleting-%@${closingEmailDomain}`)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Finishes the deletions that were cut short. Meant for start-up (src/server/main.ts), and run
 * again a while after a deletion fails part way (see retryLater).
 */
export async function resumeAccountDeletions(db: Db, log?: FastifyBaseLogger): Promise<number> {
  const userIds = await accountsBeingDeleted(db);
  for (const userId of userIds) {
    await finishAccountDeletion(db, userId);
    log?.info({ userId }, 'Finished deleting an account whose deletion had stopped part way.');
  }
  return userIds.length;
}

/** Waits before each new try after a deletion failed part way; after the last, start-up does it. */
const retryDelaysMs = [60_000, 5 * 60_000, 30 * 60_000];

/** Tries again later, a few times, to finish a deletion that stopped part way. */
export function retryLater(db: Db, userId: string, log?: FastifyBaseLogger, attempt = 0): void {
  const delay = retryDelaysMs[attempt];
  if (delay === undefined) {
    log?.error({ userId }, 'Deleting an account still fails; the next start will finish it.');
    return;
  }
  setTimeout(() => {
    finishAccountDeletion(db, userId).then(
      () => log?.info({ userId }, 'Finished deleting an account on a later try.'),
      (error: unknown) => {
        log?.error({ err: error, userId }, 'Deleting an account failed again part way.');
        retryLater(db, userId, log, attempt + 1);
      },
    );
  }, delay).unref();
}
