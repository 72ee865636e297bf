import type { FastifyInstance } from 'fastify';
import { deleteAccountRequestSchema } from '../../../shared/schemas/account.ts';
import type { AppContext } from '../../app-context.ts';
import { withPasswordAttempt } from '../../security/password-attempts.ts';
import { endSession, requireUser } from '../../security/sessions.ts';
import { parseInput } from '../../validate.ts';
import { accountEmail, deleteAccount, exportAccount } from './account.service.ts';

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
    const remove = () => deleteAccount(db, userId, confirmation);
    // A password typed here is guessed under the same limits as at sign-in (issue 20).
    if ('password' in confirmation) {
      const email = await accountEmail(db, userId);
      await withPasswordAttempt(ctx, request, reply, { email, userId }, remove);
    } else {
      await remove();
    }
    await endSession(ctx, request, reply);
    return reply.status(204).send();
  });
}
