import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  deletePushSubscriptionRequestSchema,
  pushConfigResponseSchema,
  pushSubscriptionRequestSchema,
  type PushConfigResponse,
} from '#shared/schemas/notifications.ts';
import { deletePushSubscription, savePushSubscription } from './push.service.ts';

export function pushRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get(
    '/api/push/config',
    respondsWith(pushConfigResponseSchema),
    async (): Promise<PushConfigResponse> => ({
      enabled: ctx.push.enabled,
      public_key: ctx.push.publicKey,
    }),
  );

  app.put('/api/push/subscription', async (request, reply) => {
    const userId = requireUser(request);
    const subscription = parseInput(pushSubscriptionRequestSchema, request.body);
    await savePushSubscription({ db, ...ctx }, userId, subscription);
    return reply.code(204).send();
  });

  app.delete('/api/push/subscription', async (request, reply) => {
    const userId = requireUser(request);
    const subscription = parseInput(deletePushSubscriptionRequestSchema, request.body);
    await deletePushSubscription(db, userId, subscription);
    return reply.code(204).send();
  });
}
