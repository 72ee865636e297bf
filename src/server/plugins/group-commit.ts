import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '#server/db/connect.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The database's commit count when an API request that may touch someone's data arrived;
     * -1 for public content and the client's files (group commit, decision 004).
     */
    commitsAtStart: number;
    /** Set once the answer has waited for the disk, so an error answer does not wait again. */
    isFlushing: boolean;
  }
}

/** Marks a request that may touch someone's data: its answer waits for what it committed. */
export function watchCommits(request: FastifyRequest, database: DatabaseHandle): void {
  request.commitsAtStart = database.commits();
}

/**
 * Group commit (docs/decisions/004): an API answer given after a commit waits until the commit
 * is on disk; the writes of all requests in flight share one fsync. A request during which
 * nothing was committed is answered at once, and so are the Bible, the verse lists and the
 * client's files, which hold nobody's data (never watched: commitsAtStart -1).
 */
export function registerGroupCommit(app: FastifyInstance, database: DatabaseHandle): void {
  app.decorateRequest('commitsAtStart', -1);
  app.decorateRequest('isFlushing', false);
  // Callback style: an async hook would cost a promise on every answer.
  app.addHook('onSend', (request, _reply, payload, done) => {
    // After a failed flush the error answer passes here again: it must not wait a second time.
    const hasNothingToWaitFor =
      request.commitsAtStart < 0 ||
      request.isFlushing ||
      database.commits() === request.commitsAtStart;
    if (hasNothingToWaitFor) {
      done(null, payload);
      return;
    }
    request.isFlushing = true;
    database.flushWrites().then(
      () => done(null, payload),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}
