import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { loadSession } from '#server/security/sessions.ts';
import { isPublicContent } from './cache-control.ts';
import { watchCommits } from './group-commit.ts';

/**
 * Who is asking, from the session cookie, for every API request. Bible text and the verse lists
 * are the same for everyone: they skip the session lookup, and hold nobody's data, so their
 * answers never wait for a commit either (group-commit.ts).
 */
export function registerSessionLoading(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionHash', null);
  app.decorateRequest('timeZone', null);
  // Callback style: public content and files then cost no promise at all.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/') || isPublicContent(request.url)) {
      done();
      return;
    }
    watchCommits(request, ctx.database);
    loadSession(ctx, request, reply).then(() => done(), done);
  });
}
