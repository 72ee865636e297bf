import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { withPasswordAttempt } from '#server/security/password-attempts.ts';
import { endSession, requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import { deleteAccountRequestSchema } from '#shared/schemas/account.ts';
import { accountEmail, deleteAccount, exportAccountStream } from './account.service.ts';

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/account/export', async (request, reply) => {
    const userId = requireUser(request);
    // Streamed as it is read, a batch of rows at a time (decision 012); see exportAccountStream.
    const stream = await exportAccountStream({ db, clock: ctx.clock, log: request.log }, userId);
    const date = ctx.clock.now().toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="grounded-data-${date}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(stream);
  });

  app.delete('/api/account', async (request, reply) => {
    const userId = requireUser(request);
    const confirmation = parseInput(deleteAccountRequestSchema, request.body);
    const remove = () =>
      deleteAccount({ db, clock: ctx.clock, log: request.log }, userId, confirmation);
    // A password typed here is guessed under the same limits as at sign-in (decision 009).
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
