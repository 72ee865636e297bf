import type { FastifyInstance } from 'fastify';
import { deleteAccountRequestSchema } from '../../../shared/schemas/account.ts';
import type { AppContext } from '../../app-context.ts';
import { endSession, requireUser } from '../../auth/sessions.ts';
import { parseInput } from '../../validate.ts';
import { deleteAccount, exportAccount } from './account.service.ts';

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/account/export', async (request, reply) => {
    const userId = requireUser(request);
    const data = await exportAccount({ db, clock: ctx.clock }, userId);
    const date = ctx.clock.now().toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="grounded-data-${date}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete('/api/account', async (request, reply) => {
    const userId = requireUser(request);
    const confirmation = parseInput(deleteAccountRequestSchema, request.body);
    await deleteAccount(db, userId, confirmation);
    await endSession(ctx, request, reply);
    return reply.status(204).send();
  });
}
