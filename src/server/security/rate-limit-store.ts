import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';

/** A request counted in its window: how many so far, and how long until the window ends. */
export type RateLimitHit = { count: number; ttlMs: number };

/**
 * Requests counted in fixed windows in the database, so that every instance behind a load
 * balancer counts against the same limit (decision 012). They share attempt_counters with
 * the failed-password counters (security/attempt-counters.ts): keys start with "rate-limit " and
 * are stored as their SHA-256, so the table holds no address or e-mail.
 */
export type RateLimitCounts = {
  /** Counts one request under the key; a key whose window has ended starts a new one of `windowMs`. */
  hit: (key: string, windowMs: number) => Promise<RateLimitHit>;
};

/** Ended windows are deleted at most this often per instance, not on every request. */
const sweepEveryMs = 60_000;

const hashKey = (key: string): string =>
  createHash('sha256').update(`rate-limit ${key}`).digest('hex');

export function createRateLimitCounts(
  db: Db,
  clock: Clock,
  log: Pick<FastifyBaseLogger, 'warn'>,
): RateLimitCounts {
  let nextSweepAt = 0;
  const sweep = (nowIso: string) => {
    db.deleteFrom('attempt_counters')
      .where('window_ends_at', '<=', nowIso)
      .execute()
      .catch((error: unknown) =>
        log.warn({ err: error }, 'could not delete ended rate-limit windows'),
      );
  };
  return {
    async hit(key, windowMs) {
      const now = clock.now().getTime();
      const nowIso = new Date(now).toISOString();
      // One statement, atomic on both databases: two instances counting the same key at the same
      // moment both count (the row is locked, or the write serialised, for the update).
      const row = await db
        .insertInto('attempt_counters')
        .values({
          key: hashKey(key),
          count: 1,
          window_ends_at: new Date(now + windowMs).toISOString(),
        })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            const hasEnded = eb('attempt_counters.window_ends_at', '<=', nowIso);
            return {
              count: eb
                .case()
                .when(hasEnded)
                .then(eb.lit(1))
                .else(eb(eb.ref('attempt_counters.count'), '+', eb.lit(1)))
                .end(),
              window_ends_at: eb
                .case()
                .when(hasEnded)
                .then(eb.ref('excluded.window_ends_at'))
                .else(eb.ref('attempt_counters.window_ends_at'))
                .end(),
            };
          }),
        )
        .returning(['count', 'window_ends_at'])
        .executeTakeFirstOrThrow();
      if (now >= nextSweepAt) {
        nextSweepAt = now + sweepEveryMs;
        sweep(nowIso);
      }
      return { count: row.count, ttlMs: Math.max(0, Date.parse(row.window_ends_at) - now) };
    },
  };
}

/**
 * A limiter made for a route's `config.rateLimit` knows its route (the plugin passes it as
 * routeInfo); one made with app.createRateLimit() does not, and its keys name their route
 * themselves (createLimiter).
 */
function routeNamespace(options: unknown): string {
  const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
  if (typeof route?.url !== 'string') return '';
  return `${[route.method].flat().join(',')} ${route.url} `;
}

/**
 * @fastify/rate-limit's store interface (a class the plugin constructs) over RateLimitCounts.
 * If the database fails, the error goes to the limiter, which decides whether the request goes
 * on (createLimiter), after a warning in the log at most once a minute, so that an outage does
 * not flood it.
 */
export function databaseRateLimitStore(
  counts: RateLimitCounts,
  clock: Clock,
  log: Pick<FastifyBaseLogger, 'warn'>,
): FastifyRateLimitStoreCtor {
  let nextWarningAt = 0;
  const warn = (error: unknown) => {
    const now = clock.now().getTime();
    if (now < nextWarningAt) return;
    nextWarningAt = now + sweepEveryMs;
    log.warn({ err: error }, 'rate-limit counters unavailable');
  };
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly namespace: string;

    constructor(_pluginOptions?: unknown, namespace = '') {
      this.namespace = namespace;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counts.hit(`${this.namespace}${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => {
          warn(error);
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(undefined, routeNamespace(routeOptions));
    }
  };
}
