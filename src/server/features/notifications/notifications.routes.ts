import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  markAllReadResponseSchema,
  notificationPageSchema,
  notificationSchema,
  unreadCountResponseSchema,
  type UnreadCountResponse,
} from '#shared/schemas/notifications.ts';
import { pageQuerySchema } from '#shared/schemas/pagination.ts';
import {
  countUnread,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service.ts';

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/notifications', respondsWith(notificationPageSchema), async (request) => {
    const userId = requireUser(request);
    const page = parseInput(pageQuerySchema, request.query);
    return listNotifications({ db, cursors: ctx.cursors }, userId, page);
  });

  app.get(
    '/api/notifications/unread-count',
    respondsWith(unreadCountResponseSchema),
    async (request) =>
      ({
        unread_count: await countUnread(db, requireUser(request)),
      }) satisfies UnreadCountResponse,
  );

  app.post(
    '/api/notifications/read-all',
    respondsWith(markAllReadResponseSchema),
    async (request) => markAllNotificationsRead(db, requireUser(request)),
  );

  app.post<{ Params: { id: string } }>(
    '/api/notifications/:id/read',
    respondsWith(notificationSchema),
    async (request) => markNotificationRead(db, requireUser(request), request.params.id),
  );
}
