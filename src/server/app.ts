import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRouteHookHandler,
} from 'fastify';
import type { AppContext } from './app-context.ts';
import { defaultRateLimits, scaleWriteLimits } from './auth/rate-limits.ts';
import { loadSession } from './auth/sessions.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { bibleRoutes } from './features/bible/bible.routes.ts';
import { bibleDownloadRoutes } from './features/bible/download.routes.ts';
import { bibleSearchRoutes } from './features/bible/search.routes.ts';
import { bookmarkRoutes } from './features/bookmarks/bookmarks.routes.ts';
import { clientLogRoutes } from './features/client-log/client-log.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { highlightRoutes } from './features/highlights/highlights.routes.ts';
import { journalRoutes } from './features/journal/journal.routes.ts';
import { moderationRoutes } from './features/moderation/moderation.routes.ts';
import { notificationRoutes } from './features/notifications/notifications.routes.ts';
import { planRoutes } from './features/plans/plans.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { progressRoutes } from './features/progress/progress.routes.ts';
import { pushRoutes } from './features/push/push.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { testimonyRoutes } from './features/testimonies/testimonies.routes.ts';
import { catalogueRoutes } from './features/verses/catalogue.routes.ts';
import { savedVerseRoutes } from './features/verses/saved-verses.routes.ts';
import { createMailer } from './mailer.ts';
import { createPushSender } from './push.ts';
import { isPublicContent, registerCacheControl } from './plugins/cache-control.ts';
import { registerCsrfProtection } from './plugins/csrf.ts';
import { answerConnectionError, registerErrorHandler, sendError } from './plugins/error-handler.ts';
import { registerNulRejection } from './plugins/reject-nul.ts';
import { serializeRequest } from './plugins/request-log.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerStaticClient } from './plugins/static-client.ts';
import { registerWriteLimits } from './plugins/write-limits.ts';

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

/**
 * Fastify logs every request twice, when it arrives and when it is answered. One line with the
 * request, the status and the time says the same at half the logging cost on the hot chapter
 * path (docs/benchmarks.md).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export type BuildAppOptions = Omit<AppContext, 'mailer' | 'rateLimits' | 'push'> &
  Partial<Pick<AppContext, 'mailer' | 'rateLimits' | 'push'>> & {
    /** false silences the log (tests); otherwise pino at config.logLevel. */
    logger?: boolean;
    /** Where log lines go (standard output by default); tests read them to check redaction. */
    logStream?: Writable;
    /** Sees every route as it is registered: the hostile-input tests check they cover them all. */
    onRoute?: onRouteHookHandler;
  };

/**
 * Answers built per request go out plain below 8 KiB (docs/decisions/007). With its headers such
 * an answer fits the first flight of a new connection (10 segments, about 14 KB, RFC 6928), so
 * gzip would save bytes but no round trip, and compressing one costs the server more than
 * reading it from the database.
 */
export const perRequestCompressionThreshold = 8 * 1024;

/** Builds the whole server without listening, so tests can drive it with app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { logger = true, logStream, mailer, rateLimits, push, onRoute, ...deps } = options;
  const app = Fastify({
    logger: logger
      ? {
          level: deps.config.logLevel,
          ...(logStream ? { stream: logStream } : {}),
          serializers: { req: serializeRequest },
          redact: {
            paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            censor: '[redacted]',
          },
        }
      : false,
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request must be all in, headers and body (at most 1 MB), within config.requestTimeoutMs
    // (30 s by default), not Node's 5 minutes: a client that announces a body and never sends
    // it, or sends its headers a byte at a time, gets 408 and loses its connection.
    requestTimeout: deps.config.requestTimeoutMs,
    http: {
      requestTimeout: deps.config.requestTimeoutMs,
      // Node holds a request whose headers are in until headersTimeout has passed as well; left
      // to itself it takes 60 s, fixed before Fastify sets requestTimeout (measured on Node 24).
      headersTimeout: deps.config.requestTimeoutMs,
      // How often Node looks for overdue requests: by default every 30 s, which let a 30 s limit
      // hold a connection for up to 90 s. Each second (or a tenth of a shorter limit) is cheap.
      connectionsCheckingInterval: Math.min(1000, Math.ceil(deps.config.requestTimeoutMs / 10)),
    },
    // Closing gives in-flight requests time to finish before the database is closed.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // What is refused before any route runs (a broken %-escape, an over-long path parameter,
    // malformed HTTP) still gets { error, message }, like every other refusal.
    frameworkErrors: sendError,
    clientErrorHandler: answerConnectionError,
  });
  if (onRoute) app.addHook('onRoute', onRoute);

  // The API only speaks JSON; without this, Fastify's built-in text/plain parser would hand a
  // string to the routes and a wrong content type would surface as a confusing 400, not a 415.
  app.removeContentTypeParser('text/plain');

  const ctx: AppContext = {
    ...deps,
    mailer: mailer ?? createMailer(deps.config, app.log),
    rateLimits: rateLimits ?? scaleWriteLimits(defaultRateLimits, deps.config.writeLimitScale),
    push: push ?? createPushSender(deps.config, deps.database.db, app.log),
  };

  // Callback-style hooks where nothing is awaited: an async hook costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Group commit (docs/decisions/004): an API answer given after a commit waits until the commit
  // is on disk; the writes of all requests in flight share one fsync. A request during which
  // nothing was committed is answered at once, and so are the Bible, the verse lists and the
  // client's files, which hold nobody's data (commitsAtStart -1).
  app.decorateRequest('commitsAtStart', -1);
  app.decorateRequest('isFlushing', false);
  app.addHook('onSend', (request, _reply, payload, done) => {
    // After a failed flush the error answer passes here again: it must not wait a second time.
    const hasNothingToWaitFor =
      request.commitsAtStart < 0 ||
      request.isFlushing ||
      ctx.database.commits() === request.commitsAtStart;
    if (hasNothingToWaitFor) {
      done(null, payload);
      return;
    }
    request.isFlushing = true;
    ctx.database.flushWrites().then(
      () => done(null, payload),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  // Answers built per request (a user's lists) are compressed only when they are big enough for
  // it to save a round trip (docs/decisions/007), at gzip's fastest level (nginx's default).
  // Bible text and the app's files are compressed once, at the best level, in their own code.
  await app.register(compress, {
    threshold: perRequestCompressionThreshold,
    zlibOptions: { level: 1 },
  });
  await app.register(rateLimit, {
    global: false,
    // Counters kept per instance; enough room that people's counts are not evicted early.
    cache: 100_000,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'RATE_LIMITED',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });

  await app.register(cookie);
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionHash', null);
  registerCsrfProtection(app, ctx.config.publicUrl);
  registerCacheControl(app);
  app.addHook('onRequest', async (request, reply) => {
    // Bible text and the verse lists are the same for everyone: they skip the session lookup.
    if (request.url.startsWith('/api/') && !isPublicContent(request.url)) {
      request.commitsAtStart = ctx.database.commits();
      await loadSession(ctx, request, reply);
    }
  });
  registerNulRejection(app);
  registerWriteLimits(app, ctx.rateLimits);

  healthRoutes(app, ctx);
  clientLogRoutes(app);
  bibleRoutes(app, ctx);
  bibleDownloadRoutes(app, ctx);
  bibleSearchRoutes(app, ctx);
  authRoutes(app, ctx);
  profileRoutes(app, ctx);
  settingsRoutes(app, ctx);
  accountRoutes(app, ctx);
  progressRoutes(app, ctx);
  bookmarkRoutes(app, ctx);
  planRoutes(app, ctx);
  highlightRoutes(app, ctx);
  savedVerseRoutes(app, ctx);
  catalogueRoutes(app, ctx);
  journalRoutes(app, ctx);
  testimonyRoutes(app, ctx);
  moderationRoutes(app, ctx);
  notificationRoutes(app, ctx);
  pushRoutes(app, ctx);

  await registerStaticClient(app, ctx.config.clientDir, ctx.bible);
  return app;
}
