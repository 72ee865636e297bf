import type { AppContext } from '#server/app-context.ts';
import { createAttemptCounters } from '#server/security/attempt-counters.ts';

/**
 * What the auth routes hand their services: the database and clock; for mail, the mailer and the
 * public address links point to; and the failed-attempt counters (decision 009).
 */
export function authRouteDeps(ctx: AppContext) {
  const deps = { db: ctx.database.db, clock: ctx.clock };
  return {
    deps,
    mailDeps: { ...deps, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl },
    counters: createAttemptCounters(ctx.database.db, ctx.clock),
  };
}
