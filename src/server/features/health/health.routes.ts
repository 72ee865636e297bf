import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import { isDatabaseReachable } from '#server/db/connect.ts';
import { pendingMigrations } from '#server/db/migrate.ts';
import { respondsWith } from '#server/response-schema.ts';
import {
  healthResponseSchema,
  readyResponseSchema,
  type HealthResponse,
  type ReadyResponse,
} from '#shared/schemas/system.ts';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Made on this machine, not passed on by a proxy on it: a proxy in front of the server connects
 * from loopback too, so a request carrying a forwarding header came from elsewhere.
 */
function isFromThisMachine(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    loopback.has(request.socket.remoteAddress ?? '') &&
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined &&
    headers['x-real-ip'] === undefined
  );
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The request's bearer token is METRICS_TOKEN, compared in constant time. */
function hasMetricsToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * /api/health: the process answers (liveness). /api/ready: send it requests (readiness): 503
 * until the database answers, every migration is applied and the Bible text is loaded, and
 * again once it is shutting down. /metrics: Prometheus's text (docs/operations.md).
 */
export function healthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  isBibleLoaded: () => boolean = () => true,
): void {
  app.get(
    '/api/health',
    respondsWith(healthResponseSchema, {}, [200, 503]),
    async (_request, reply) => {
      const isUp = await isDatabaseReachable(ctx.database.db);
      const body: HealthResponse = {
        status: isUp ? 'ok' : 'degraded',
        database: isUp ? 'up' : 'down',
        dialect: ctx.database.dialect,
        uptime_seconds: Math.round((ctx.clock.now().getTime() - ctx.startedAt) / 1000),
      };
      return reply
        .status(isUp ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/api/ready',
    respondsWith(readyResponseSchema, {}, [200, 503]),
    async (_request, reply) => {
      const isUp = await isDatabaseReachable(ctx.database.db);
      const isMigrated = isUp && (await pendingMigrations(ctx.database.db)).length === 0;
      const isLoaded = isBibleLoaded();
      const isReady = isUp && isMigrated && isLoaded;
      const body: ReadyResponse = {
        status: isReady ? 'ready' : 'not_ready',
        database: isUp ? 'up' : 'down',
        migrations: isMigrated ? 'done' : 'pending',
        bible: isLoaded ? 'loaded' : 'loading',
      };
      if (!isReady) reply.header('retry-after', '1');
      return reply
        .status(isReady ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get('/metrics', async (request, reply) => {
    const token = ctx.config.metricsToken;
    if (!isFromThisMachine(request) && !(token && hasMetricsToken(request, token))) {
      if (token) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHORIZED', 'The metrics need the bearer token METRICS_TOKEN.');
      }
      throw new AppError(
        'FORBIDDEN',
        'The metrics are served only on this machine; set METRICS_TOKEN to read them from another.',
      );
    }
    return reply
      .header('content-type', ctx.metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await ctx.metrics.render());
  });
}
