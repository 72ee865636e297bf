import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  checkInRequestSchema,
  groupReadingSchema,
  setGroupPlanRequestSchema,
} from '#shared/schemas/groups.ts';
import {
  checkIn,
  clearGroupPlan,
  groupReading,
  setGroupPlan,
  type ReadingDeps,
} from './reading.service.ts';

type GroupParams = { Params: { id: string } };

/** Reading together (decision 028): the group's plan, who read today, the day's check-ins. */
export function groupReadingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps: ReadingDeps = {
    db: ctx.database.db,
    database: ctx.database,
    clock: ctx.clock,
    push: ctx.push,
    events: ctx.groupEvents,
  };

  app.get<GroupParams>(
    '/api/groups/:id/reading',
    respondsWith(groupReadingSchema),
    async (request) => groupReading(deps, requireUser(request), request.params.id),
  );

  app.put<GroupParams>(
    '/api/groups/:id/plan',
    respondsWith(groupReadingSchema),
    async (request) => {
      const userId = requireUser(request);
      const input = parseInput(setGroupPlanRequestSchema, request.body);
      return setGroupPlan(deps, userId, request.params.id, input);
    },
  );

  app.delete<GroupParams>('/api/groups/:id/plan', async (request, reply) => {
    await clearGroupPlan(deps, requireUser(request), request.params.id);
    return reply.code(204).send();
  });

  app.put<GroupParams>(
    '/api/groups/:id/check-in',
    respondsWith(groupReadingSchema),
    async (request) => {
      const userId = requireUser(request);
      const { text } = parseInput(checkInRequestSchema, request.body);
      return checkIn(deps, userId, request.params.id, text);
    },
  );
}
