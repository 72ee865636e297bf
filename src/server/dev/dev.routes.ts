import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { createTestNotification } from '#server/features/notifications/notifications.service.ts';
import { runReminderTick } from '#server/jobs/reminder-scheduler.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  runRemindersRequestSchema,
  type RunRemindersResponse,
} from '#shared/schemas/notifications.ts';

/**
 * Development endpoints, which the e2e tests drive. Not even loaded in production
 * (src/server/load-dev-tools.ts): there they answer like any unknown route (404), telling a
 * prober nothing.
 */
export function devRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  /** A notification for the caller now, as a reminder would make it (and push it). */
  app.post('/api/notifications/test', async (request, reply) => {
    const userId = requireUser(request);
    const created = await createTestNotification({ db, clock: ctx.clock, push: ctx.push }, userId);
    return reply.code(201).send(created);
  });

  /** Runs the reminder tick for the caller only, as of `at`: the e2e tests' "set the clock". */
  app.post('/api/dev/reminders/run', async (request) => {
    const userId = requireUser(request);
    const { at } = parseInput(runRemindersRequestSchema, request.body ?? {});
    const now = at === undefined ? ctx.clock.now() : new Date(at);
    const created = await runReminderTick(
      { db, translations: ctx.translations, push: ctx.push },
      now,
      { userId },
    );
    return { created } satisfies RunRemindersResponse;
  });
}
