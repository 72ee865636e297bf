import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { bibleRoutes } from './features/bible/bible.routes.ts';
import { clientLogRoutes } from './features/client-log/client-log.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerStaticClient } from './plugins/static-client.ts';

export type BuildAppOptions = AppContext & {
  /** false silences the log (tests); otherwise pino at config.logLevel. */
  logger?: boolean;
};

/** Builds the whole server without listening, so tests can drive it with app.inject(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { logger = true, ...ctx } = options;
  const app = Fastify({
    logger: logger
      ? {
          level: ctx.config.logLevel,
          redact: {
            paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            censor: '[redacted]',
          },
        }
      : false,
    genReqId: () => randomUUID(),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Closing gives in-flight requests time to finish before the database is closed.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  });

  // The API only speaks JSON; without this, Fastify's built-in text/plain parser would hand a
  // string to the routes and a wrong content type would surface as a confusing 400, not a 415.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'RATE_LIMITED',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });

  healthRoutes(app, ctx);
  clientLogRoutes(app);
  bibleRoutes(app, ctx);

  await registerStaticClient(app, ctx.config.clientDir);
  return app;
}
