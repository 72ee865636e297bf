import type { FastifyInstance } from 'fastify';
import {
  deletePushSubscriptionRequestSchema,
  pushConfigResponseSchema,
  pushSubscriptionRequestSchema,
  type PushConfigResponse,
} from '../../../shared/schemas/notifications.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../security/sessions.ts';
import { parseInput } from '../../validate.ts';
import { deletePushSubscription, savePushSubscription } from './push.service.ts';
import { respondsWith } from '../../response-schema.ts';

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
