import type { FastifyInstance } from 'fastify';
import { clientLogSchema } from '../../../shared/schemas/system.ts';
import { parseInput } from '../../validate.ts';

/** The browser reports what only it can see (a 404 screen, a crash) so that we can fix links. */
export function clientLogRoutes(app: FastifyInstance): void {
  app.post(
    '/api/client-log',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
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
