import { createHash } from 'node:crypto';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';

/**
 * Failed attempts counted in fixed windows, in the database, so every instance behind a load
 * balancer sees the same count. Only failures are written; a key names what is counted (an
 * account, an account from one address, a known browser) and is stored as its SHA-256.
 */
export type AttemptCounters = {
  /** Failures counted under the key in its current window, and when that window ends. */
  read: (key: string) => Promise<{ count: number; windowEndsAt: number }>;
  /** Counts one failure; a key whose window has ended starts a new one of `windowMs`. */
  add: (key: string, windowMs: number) => Promise<void>;
  clear: (key: string) => Promise<void>;
};

const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export function createAttemptCounters(db: Db, clock: Clock): AttemptCounters {
  return {
    async read(key) {
      const now = clock.now().getTime();
      const row = await db
        .selectFrom('attempt_counters')
        .select(['count', 'window_ends_at'])
        .where('key', '=', hashKey(key))
        .executeTakeFirst();
      const windowEndsAt = row ? Date.parse(row.window_ends_at) : 0;
      if (!row || windowEndsAt <= now) return { count: 0, windowEndsAt: now };
      return { count: row.count, windowEndsAt };
    },
    async add(key, windowMs) {
      const now = clock.now();
      const nowIso = now.toISOString();
      const endsAt = new Date(now.getTime() + windowMs).toISOString();
      // Ended windows are of no use to anyone: dropping them keeps the table small.
      await db.deleteFrom('attempt_counters').where('window_ends_at', '<=', nowIso).execute();
      await db
        .insertInto('attempt_counters')
        .values({ key: hashKey(key), count: 1, window_ends_at: endsAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            count: eb(eb.ref('attempt_counters.count'), '+', 1),
          })),
        )
        .execute();
    },
    async clear(key) {
      await db.deleteFrom('attempt_counters').where('key', '=', hashKey(key)).execute();
    },
  };
}
