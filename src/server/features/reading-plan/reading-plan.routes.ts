import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../security/sessions.ts';
import { firstPosition, nextPosition } from '../../../shared/bible/navigation.ts';
import { getLatestRead } from '../progress/progress.service.ts';
import { getActivePlan, startPlan, stopPlan } from './reading-plan.service.ts';

export function readingPlanRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/reading-plan', async (request) => ({
    plan: await getActivePlan(db, requireUser(request)),
  }));

  /**
   * 201 with a new plan at the chapter after the last one read (its position is the chapter it
   * asks for next, product §4), or Genesis 1; or 200 with the active one.
   */
  app.post('/api/reading-plan', async (request, reply) => {
    const userId = requireUser(request);
    const latest = await getLatestRead(db, userId);
    const start = latest ? (nextPosition(latest) ?? latest) : firstPosition;
    const { plan, isNew } = await startPlan({ db, clock: ctx.clock }, userId, start);
    return reply.code(isNew ? 201 : 200).send({ plan });
  });

  app.delete('/api/reading-plan', async (request, reply) => {
    await stopPlan({ db, clock: ctx.clock }, requireUser(request));
    return reply.code(204).send();
  });
}
