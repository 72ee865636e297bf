import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { isDatabaseReachable } from '#server/db/connect.ts';
import { respondsWith } from '#server/response-schema.ts';
import { healthResponseSchema, type HealthResponse } from '#shared/schemas/system.ts';

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
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
}
