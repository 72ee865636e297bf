import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requirePerson, requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  answerPrayerRequestSchema,
  createPrayerRequestSchema,
  listPrayersQuerySchema,
  prayerPageSchema,
  prayerRequestSchema,
  updatePrayerRequestSchema,
} from '#shared/schemas/prayers.ts';
import {
  answerPrayer,
  createPrayer,
  deletePrayer,
  getPrayer,
  listPrayers,
  prayPrayer,
  unanswerPrayer,
  updatePrayer,
} from './prayers.service.ts';

type IdParams = { Params: { id: string } };

/** The prayer list (decision 025): each route reads and writes the signed-in member's own. */
export function prayerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = { db: ctx.database.db, clock: ctx.clock };
  /** The person asking, and the services' needs with their time zone from the session. */
  const asked = (request: FastifyRequest) => {
    const { userId, timeZone } = requirePerson(request);
    return { userId, deps: { ...base, timeZone } };
  };

  app.get('/api/prayers', respondsWith(prayerPageSchema), async (request) => {
    const { userId, deps } = asked(request);
    const query = parseInput(listPrayersQuerySchema, request.query);
    return listPrayers({ ...deps, cursors: ctx.cursors }, userId, query);
  });

  app.post('/api/prayers', respondsWith(prayerRequestSchema), async (request, reply) => {
    const { userId, deps } = asked(request);
    const prayer = parseInput(createPrayerRequestSchema, request.body);
    return reply.code(201).send(await createPrayer(deps, userId, prayer));
  });

  app.get<IdParams>('/api/prayers/:id', respondsWith(prayerRequestSchema), async (request) => {
    const { userId, deps } = asked(request);
    return getPrayer(deps, userId, request.params.id);
  });

  app.patch<IdParams>('/api/prayers/:id', respondsWith(prayerRequestSchema), async (request) => {
    const { userId, deps } = asked(request);
    const changes = parseInput(updatePrayerRequestSchema, request.body);
    return updatePrayer(deps, userId, request.params.id, changes);
  });

  app.delete<IdParams>('/api/prayers/:id', async (request, reply) => {
    const userId = requireUser(request);
    await deletePrayer(base.db, userId, request.params.id);
    return reply.code(204).send();
  });

  app.post<IdParams>(
    '/api/prayers/:id/prayed',
    respondsWith(prayerRequestSchema),
    async (request) => {
      const { userId, deps } = asked(request);
      return prayPrayer(deps, userId, request.params.id);
    },
  );

  app.post<IdParams>(
    '/api/prayers/:id/answered',
    respondsWith(prayerRequestSchema),
    async (request) => {
      const { userId, deps } = asked(request);
      const answer = parseInput(answerPrayerRequestSchema, request.body ?? {});
      return answerPrayer(deps, userId, request.params.id, answer);
    },
  );

  app.delete<IdParams>(
    '/api/prayers/:id/answered',
    respondsWith(prayerRequestSchema),
    async (request) => {
      const { userId, deps } = asked(request);
      return unanswerPrayer(deps, userId, request.params.id);
    },
  );
}
