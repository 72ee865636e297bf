import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { readingPlanResponseSchema } from '#shared/schemas/reading.ts';
import { getActivePlan, startReadingPlan, stopReadingPlan } from './reading-plan.service.ts';

/** The reader's reading plan: the whole-Bible plan of the library (decision 022). */
export function readingPlanRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/reading-plan', respondsWith(readingPlanResponseSchema), async (request) => ({
    plan: await getActivePlan(db, requireUser(request)),
  }));

  /** 201 with a new plan at the chapter after the last one read, or Genesis 1; 200 with the one followed. */
  app.post('/api/reading-plan', respondsWith(readingPlanResponseSchema), async (request, reply) => {
    const { plan, isNew } = await startReadingPlan({ db, clock: ctx.clock }, requireUser(request));
    return reply.code(isNew ? 201 : 200).send({ plan });
  });

  app.delete('/api/reading-plan', async (request, reply) => {
    await stopReadingPlan(db, requireUser(request));
    return reply.code(204).send();
  });
}
