import type { FastifyInstance } from 'fastify';
import { parseInput } from '#server/validate.ts';
import { clientLogSchema } from '#shared/schemas/system.ts';

/** The browser reports what only it can see (a 404 screen, a crash) so that we can fix links. */
export function clientLogRoutes(app: FastifyInstance): void {
  app.post(
    '/api/client-log',
    // 30 reports a minute per address; if the limiter's counters fail (RATE_LIMIT_STORE=database
    // with the database down) the report is still logged.
    { config: { rateLimit: { max: 30, timeWindow: '1 minute', skipOnError: true } } },
    async (request, reply) => {
      const entry = parseInput(clientLogSchema, request.body);
      request.log[entry.level](
        { clientEvent: entry.event, path: entry.path, detail: entry.message },
        `client reported ${entry.event}`,
      );
      return reply.status(204).send();
    },
  );
}
