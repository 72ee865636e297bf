import { randomUUID } from 'node:crypto';
import http from 'node:http';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type onRouteHookHandler,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { isLibraryPlanId } from '#shared/plans/library.ts';
import { planDaysPageSize } from '#shared/rules/habits.ts';
import { recentEntriesCount } from '#shared/rules/journal.ts';
import { pageSizeDefault } from '#shared/schemas/pagination.ts';
import type { AppContext } from './app-context.ts';
import { createTranslations } from './bible/translations.ts';
import { createPageCursors } from './db/keyset.ts';
import { perRequestCompression } from './delivery/compression.ts';
import { registerStaticClient } from './delivery/static-client.ts';
import { fairTurns } from './fair-turns.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { getSessionUser } from './features/auth/auth.service.ts';
import { bibleRoutes } from './features/bible/bible.routes.ts';
import { offlineDownloadRoutes } from './features/bible/offline-download.routes.ts';
import { bibleSearchRoutes } from './features/bible/search.routes.ts';
import { bookmarkRoutes } from './features/bookmarks/bookmarks.routes.ts';
import { clientLogRoutes } from './features/client-log/client-log.routes.ts';
import { groupEventRoutes } from './features/groups/events.routes.ts';
import {
  createLocalGroupEventBus,
  createPostgresGroupEventBus,
  type GroupEventBus,
} from './features/groups/group-events.ts';
import { groupRoutes } from './features/groups/groups.routes.ts';
import { groupReadingRoutes } from './features/groups/reading.routes.ts';
import { groupWallRoutes } from './features/groups/wall.routes.ts';
import { groupPageOf } from './features/groups/wall.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { highlightRoutes } from './features/highlights/highlights.routes.ts';
import { journalRoutes } from './features/journal/journal.routes.ts';
import { listJournalEntries } from './features/journal/journal.service.ts';
import { memorizeRoutes } from './features/memorize/memorize.routes.ts';
import { moderationRoutes } from './features/moderation/moderation.routes.ts';
import { noteRoutes } from './features/notes/notes.routes.ts';
import { listNotes } from './features/notes/notes.service.ts';
import { notificationRoutes } from './features/notifications/notifications.routes.ts';
import { planDays, planLibrary } from './features/plans/library.service.ts';
import { planRoutes } from './features/plans/plans.routes.ts';
import { readingPlanRoutes } from './features/plans/reading-plan.routes.ts';
import { prayerRoutes } from './features/prayers/prayers.routes.ts';
import { listPrayers } from './features/prayers/prayers.service.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { progressRoutes } from './features/progress/progress.routes.ts';
import { pushRoutes } from './features/push/push.routes.ts';
import { lastVisitRoutes } from './features/reader/last-visit.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { storageRoutes } from './features/storage/storage.routes.ts';
import { streakRoutes } from './features/streaks/streaks.routes.ts';
import { studyRoutes } from './features/study/study.routes.ts';
import { testimonyRoutes } from './features/testimonies/testimonies.routes.ts';
import { listApprovedTestimonies } from './features/testimonies/testimonies.service.ts';
import { topicRoutes } from './features/topics/topics.routes.ts';
import { catalogueRoutes } from './features/verses/catalogue.routes.ts';
import { getDailyVerse } from './features/verses/catalogue.service.ts';
import { savedVerseRoutes } from './features/verses/saved-verses.routes.ts';
import { listSavedVerses } from './features/verses/saved-verses.service.ts';
import { loadDevTools } from './load-dev-tools.ts';
import { createMailer } from './mailer.ts';
import { createMetrics } from './metrics.ts';
import { registerCacheControl } from './plugins/cache-control.ts';
import { registerCsrfProtection } from './plugins/csrf.ts';
import { answerConnectionError, registerErrorHandler, sendError } from './plugins/error-handler.ts';
import { watchCommits } from './plugins/group-commit.ts';
import { registerGroupCommit } from './plugins/group-commit.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { loggerOptions, OneLinePerRequest, registerRequestId } from './plugins/request-log.ts';
import { requestTimeouts } from './plugins/request-timeouts.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSessionLoading } from './plugins/session-loading.ts';
import { registerWriteLimits } from './plugins/write-limits.ts';
import { createPushSender } from './push.ts';
import { checkDeclaredAnswers } from './response-schema.ts';
import {
  defaultRateLimits,
  registerRateLimiting,
  scaleWriteLimits,
} from './security/rate-limits.ts';
import { loadSession } from './security/sessions.ts';

export type BuildAppOptions = Omit<
  AppContext,
  'mailer' | 'rateLimits' | 'push' | 'cursors' | 'translations' | 'groupEvents' | 'metrics'
> &
  Partial<
    Pick<AppContext, 'mailer' | 'rateLimits' | 'push' | 'translations' | 'groupEvents' | 'metrics'>
  > & {
    /**
     * Whether the Bible text is loaded (every translation read and indexed): /api/ready is 503
     * until it is. The server reads the other translations once listening; tests read them lazily.
     */
    isBibleLoaded?: () => boolean;
    /** false silences the log (tests); otherwise pino at config.logLevel. */
    logger?: boolean;
    /** Where log lines go (standard output by default); tests read them to check redaction. */
    logStream?: DestinationStream;
    /** Sees every route as it is registered: the hostile-input tests check they cover them all. */
    onRoute?: onRouteHookHandler;
    /** Tests: a declared answer that its schema would change or refuse fails with a 500. */
    checkAnswers?: boolean;
  };

/**
 * The group events' bus: across instances through the database on PostgreSQL, in process on
 * SQLite's single instance (decision 028).
 */
function groupEventBusFor(
  database: AppContext['database'],
  log: FastifyBaseLogger,
): Promise<GroupEventBus> | GroupEventBus {
  return database.dialect === 'postgres' && database.newClient
    ? createPostgresGroupEventBus(database, log)
    : createLocalGroupEventBus();
}

/** Builds the whole server without listening, so tests can drive it with app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const {
    logger = true,
    logStream,
    mailer,
    rateLimits,
    push,
    onRoute,
    translations,
    groupEvents,
    metrics,
    isBibleLoaded,
    checkAnswers = false,
    ...deps
  } = options;
  const app = Fastify({
    logger: logger ? loggerOptions(deps.config.logLevel, logStream) : false,
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(logger ? logStream : undefined),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...requestTimeouts(deps.config.requestTimeoutMs),
    // Closing gives in-flight requests time to finish before the database is closed.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // What is refused before any route runs (a broken %-escape, an over-long path parameter,
    // malformed HTTP) still gets { error, message }, like every other refusal.
    frameworkErrors: sendError,
    clientErrorHandler: answerConnectionError,
    // Requests start in slices of the event loop's time, so a crowd of them never holds it
    // (docs/decisions/030); otherwise the server Fastify itself would make.
    serverFactory: (handler, fastifyOptions) => {
      // Fastify's options with its defaults filled in, as it would use them itself.
      const options = fastifyOptions as {
        http?: http.ServerOptions;
        keepAliveTimeout: number;
        requestTimeout: number;
        connectionTimeout: number;
        maxRequestsPerSocket: number;
      };
      const server = http.createServer(options.http ?? {}, fairTurns(handler));
      server.keepAliveTimeout = options.keepAliveTimeout;
      server.requestTimeout = options.requestTimeout;
      server.setTimeout(options.connectionTimeout);
      if (options.maxRequestsPerSocket > 0)
        server.maxRequestsPerSocket = options.maxRequestsPerSocket;
      return server;
    },
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  if (checkAnswers) checkDeclaredAnswers(app);

  // The API only speaks JSON; without this, Fastify's built-in text/plain parser would hand a
  // string to the routes and a wrong content type would surface as a confusing 400, not a 415.
  app.removeContentTypeParser('text/plain');

  const ctx: AppContext = {
    ...deps,
    mailer: mailer ?? createMailer(deps.config, app.log),
    rateLimits: rateLimits ?? scaleWriteLimits(defaultRateLimits, deps.config.writeLimitScale),
    push: push ?? createPushSender(deps.config, deps.database.db, app.log),
    cursors: createPageCursors(deps.database.db),
    translations: translations ?? createTranslations(deps.bible),
    groupEvents: groupEvents ?? (await groupEventBusFor(deps.database, app.log)),
    metrics: metrics ?? createMetrics(),
  };
  ctx.metrics.watchDatabase(ctx.database);
  // Every answer, counted under its route's pattern (a path holds ids: one series per id would
  // grow without end); what no route matched counts as one.
  // Callback style: an async hook would cost a promise on every answer.
  app.addHook('onResponse', (request, reply, done) => {
    ctx.metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.decorate('groupEvents', ctx.groupEvents);
  app.addHook('onClose', () => ctx.groupEvents.close());

  registerRequestId(app);
  registerGroupCommit(app, ctx.database);
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await app.register(compress, perRequestCompression);
  await registerRateLimiting(app, ctx);
  await app.register(cookie);
  registerCsrfProtection(app, ctx.config.publicUrl);
  registerCacheControl(app);
  registerSessionLoading(app, ctx);
  registerJsonBody(app);
  registerWriteLimits(app, ctx.rateLimits);

  healthRoutes(app, ctx, isBibleLoaded);
  clientLogRoutes(app);
  bibleRoutes(app, ctx);
  offlineDownloadRoutes(app, ctx);
  bibleSearchRoutes(app, ctx);
  authRoutes(app, ctx);
  await profileRoutes(app, ctx);
  await storageRoutes(app, ctx);
  settingsRoutes(app, ctx);
  accountRoutes(app, ctx);
  progressRoutes(app, ctx);
  lastVisitRoutes(app, ctx);
  bookmarkRoutes(app, ctx);
  readingPlanRoutes(app, ctx);
  planRoutes(app, ctx);
  streakRoutes(app, ctx);
  studyRoutes(app, ctx);
  memorizeRoutes(app, ctx);
  highlightRoutes(app, ctx);
  savedVerseRoutes(app, ctx);
  catalogueRoutes(app, ctx);
  journalRoutes(app, ctx);
  noteRoutes(app, ctx);
  prayerRoutes(app, ctx);
  topicRoutes(app, ctx);
  groupRoutes(app, ctx);
  groupWallRoutes(app, ctx);
  groupReadingRoutes(app, ctx);
  groupEventRoutes(app, ctx);
  testimonyRoutes(app, ctx);
  moderationRoutes(app, ctx);
  notificationRoutes(app, ctx);
  // The development endpoints (src/server/dev) are not even loaded in production.
  if (ctx.config.devEndpoints) (await loadDevTools()).devRoutes(app, ctx);
  pushRoutes(app, ctx);

  const lists = { db: ctx.database.db, dialect: ctx.database.dialect, cursors: ctx.cursors };
  const firstPage = { limit: pageSizeDefault };
  await registerStaticClient(app, ctx.config.clientDir, ctx.translations, {
    testimonies: {
      firstPage: () => listApprovedTestimonies(lists, firstPage),
      now: () => ctx.clock.now().getTime(),
    },
    // As GET /api/plans and GET /api/plans/:id/days?from=1 answer anyone; not a custom plan.
    plans: {
      library: planLibrary,
      firstDays: async (planId) =>
        isLibraryPlanId(planId)
          ? planDays(ctx.database.db, null, planId, { from: 1, count: planDaysPageSize })
          : undefined,
    },
    authProviders: {
      google: Boolean(ctx.config.googleClientId && ctx.config.googleClientSecret),
    },
    dailyVerses: {
      verse: (translation, day) => getDailyVerse(ctx.translations.get(translation), day),
      now: () => ctx.clock.now().getTime(),
    },
    personal: {
      // As an API request loads it: the answer waits for the disk like one (group commit).
      whoIsAsking: async (request, reply) => {
        watchCommits(request, ctx.database);
        await loadSession(ctx, request, reply);
        return request.userId
          ? getSessionUser(ctx.database.db, request.userId, ctx.config.moderatorEmails)
          : null;
      },
      screens: {
        // The writer is everyone's; under it a member's five newest entries, a visitor's
        // invitation. Its ?verse= is the writer's, not a filter of the list.
        '/journal': {
          read: async (userId) => ({
            recentJournalEntries: await listJournalEntries(lists, userId, {
              limit: recentEntriesCount,
            }),
          }),
          hasVisitorView: true,
          queryIsTheScreens: true,
        },
        '/journal-entries': {
          read: async (userId) => ({
            journalEntries: await listJournalEntries(lists, userId, firstPage),
          }),
          hasVisitorView: false,
        },
        '/saved-verses': {
          read: async (userId) => ({
            savedVerses: await listSavedVerses(lists, userId, firstPage),
          }),
          hasVisitorView: true,
        },
        '/notes': {
          read: async (userId) => ({
            notes: await listNotes(lists, userId, {
              ...firstPage,
              q: undefined,
              book: undefined,
              tag: undefined,
            }),
          }),
          hasVisitorView: false,
        },
        // The open requests of 'My prayer list'; the rest of /prayer is the same for everyone.
        '/prayer': {
          read: async (userId) => ({
            prayers: await listPrayers({ ...lists, clock: ctx.clock }, userId, {
              ...firstPage,
              answered: false,
            }),
          }),
          hasVisitorView: true,
        },
        // A group's page, for its members: the group and its prayer wall's first page.
        '/groups/:id': {
          read: async (userId, pathname) => {
            const groupId = pathname.split('/')[2] ?? '';
            const page = await groupPageOf(
              { ...lists, clock: ctx.clock },
              userId,
              groupId,
              firstPage,
            );
            return page ? { group: page.group, groupPosts: page.posts } : {};
          },
          hasVisitorView: false,
        },
      },
    },
  });
  return app;
}
