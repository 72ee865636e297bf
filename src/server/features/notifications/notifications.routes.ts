import type { FastifyInstance } from 'fastify';
import { pageQuerySchema } from '../../../shared/schemas/pagination.ts';
import {
  runRemindersRequestSchema,
  type RunRemindersResponse,
  type UnreadCountResponse,
} from '../../../shared/schemas/notifications.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../security/sessions.ts';
import { runReminderTick } from '../../jobs/reminder-scheduler.ts';
import { parseInput } from '../../validate.ts';
import {
  countUnread,
  createTestNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service.ts';

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const deps = { db, clock: ctx.clock, push: ctx.push };

  app.get('/api/notifications', async (request) => {
    const userId = requireUser(request);
    const page = parseInput(pageQuerySchema, request.query);
    return listNotifications({ db, cursors: ctx.cursors }, userId, page);
  });

  app.get(
    '/api/notifications/unread-count',
    async (request) =>
      ({
        unread_count: await countUnread(db, requireUser(request)),
      }) satisfies UnreadCountResponse,
  );

  app.post('/api/notifications/read-all', async (request) =>
    markAllNotificationsRead(db, requireUser(request)),
  );

  app.post<{ Params: { id: string } }>('/api/notifications/:id/read', async (request) =>
    markNotificationRead(db, requireUser(request), request.params.id),
  );

  // Development helpers are not registered at all in production: they answer like any unknown
  // route there (404), telling a prober nothing.
  if (!ctx.config.devEndpoints) return;

  app.post('/api/notifications/test', async (request, reply) => {
    const created = await createTestNotification(deps, requireUser(request));
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
      {
        userId,
      },
    );
    return { created } satisfies RunRemindersResponse;
  });
}
