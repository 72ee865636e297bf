import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../auth/sessions.ts';
import { getLastPosition } from '../progress/progress.service.ts';
import { getActivePlan, startPlan, stopPlan } from './plans.service.ts';

export function planRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/reading-plan', async (request) => ({
    plan: await getActivePlan(db, requireUser(request)),
  }));

  /** 201 with a new plan at the last read position (spec §4), or 200 with the active one. */
  app.post('/api/reading-plan', async (request, reply) => {
    const userId = requireUser(request);
    const start = await getLastPosition(db, userId);
    const { plan, isNew } = await startPlan({ db, clock: ctx.clock }, userId, start);
    return reply.code(isNew ? 201 : 200).send({ plan });
  });

  app.delete('/api/reading-plan', async (request, reply) => {
    await stopPlan({ db, clock: ctx.clock }, requireUser(request));
    return reply.code(204).send();
  });
}
