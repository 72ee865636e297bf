import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  enrollmentListSchema,
  enrollmentSchema,
  followedDaysResponseSchema,
  followPlanRequestSchema,
  markDayRequestSchema,
  maxPlanDays,
  moodPlanRequestSchema,
  planDaysQuerySchema,
  planDaysResponseSchema,
  planLibraryResponseSchema,
} from '#shared/schemas/plans.ts';
import {
  followedDays,
  followMoodPlan,
  followPlan,
  leavePlan,
  listEnrollments,
} from './following.service.ts';
import { planDays, planLibrary } from './library.service.ts';
import { markDay } from './marks.service.ts';
import { catchUp, pausePlan, resumePlan } from './pace.service.ts';

const dayMessage = `Choose a plan day from 1 to ${maxPlanDays}.`;

/** Digits only: Number() would also read '0x10', '1e2' or ' 7 '. */
const dayParamsSchema = z.object({
  id: z.string(),
  day: z
    .string()
    .regex(/^\d{1,4}$/, dayMessage)
    .transform(Number)
    .pipe(z.number().int().min(1, dayMessage).max(maxPlanDays, dayMessage)),
});

/** The library is the same for everyone and changes only with a deploy. */
const cacheForAnHour = 'public, max-age=3600';

type IdParams = { Params: { id: string } };

/** Decision 016: the plan library (public) and the plans a person follows (members only). */
export function planRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const deps = { db, clock: ctx.clock };

  app.get('/api/plans', respondsWith(planLibraryResponseSchema), async (_request, reply) =>
    reply.header('cache-control', cacheForAnHour).send(planLibrary()),
  );

  // A library plan's days for anyone; a custom plan's only for its owner.
  app.get<{ Params: { planId: string } }>(
    '/api/plans/:planId/days',
    respondsWith(planDaysResponseSchema),
    async (request) => {
      const page = parseInput(planDaysQuerySchema, request.query);
      return planDays(db, request.userId, request.params.planId, page);
    },
  );

  app.get('/api/my-plans', respondsWith(enrollmentListSchema), async (request) =>
    listEnrollments(deps, requireUser(request)),
  );

  app.post('/api/my-plans', respondsWith(enrollmentSchema), async (request, reply) => {
    const userId = requireUser(request);
    const input = parseInput(followPlanRequestSchema, request.body);
    return reply.code(201).send(await followPlan(deps, userId, input));
  });

  app.post('/api/my-plans/mood', respondsWith(enrollmentSchema), async (request, reply) => {
    const userId = requireUser(request);
    const { mood } = parseInput(moodPlanRequestSchema, request.body);
    return reply.code(201).send(await followMoodPlan({ ...deps, bible: ctx.bible }, userId, mood));
  });

  app.get<IdParams>(
    '/api/my-plans/:id/days',
    respondsWith(followedDaysResponseSchema),
    async (request) => {
      const userId = requireUser(request);
      const page = parseInput(planDaysQuerySchema, request.query);
      return followedDays(deps, userId, request.params.id, page);
    },
  );

  app.put('/api/my-plans/:id/days/:day', respondsWith(enrollmentSchema), async (request) => {
    const userId = requireUser(request);
    const { id, day } = parseInput(dayParamsSchema, request.params);
    const input = parseInput(markDayRequestSchema, request.body);
    return markDay(deps, userId, id, day, input);
  });

  app.post<IdParams>(
    '/api/my-plans/:id/catch-up',
    respondsWith(enrollmentSchema),
    async (request) => catchUp(deps, requireUser(request), request.params.id),
  );

  app.post<IdParams>('/api/my-plans/:id/pause', respondsWith(enrollmentSchema), async (request) =>
    pausePlan(deps, requireUser(request), request.params.id),
  );

  app.post<IdParams>('/api/my-plans/:id/resume', respondsWith(enrollmentSchema), async (request) =>
    resumePlan(deps, requireUser(request), request.params.id),
  );

  app.delete<IdParams>('/api/my-plans/:id', async (request, reply) => {
    await leavePlan(db, requireUser(request), request.params.id);
    return reply.code(204).send();
  });
}
