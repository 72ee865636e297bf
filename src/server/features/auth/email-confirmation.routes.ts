import type { FastifyInstance } from 'fastify';
import {
  emailConfirmationRequestSchema,
  type MessageResponse,
} from '../../../shared/schemas/auth.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../app-error.ts';
import type { RouteLimits } from '../../security/rate-limits.ts';
import { requireUser } from '../../security/sessions.ts';
import { parseInput } from '../../validate.ts';
import {
  confirmedMessage,
  confirmEmail,
  createEmailConfirmation,
  emailStateOf,
} from './email-confirmation.ts';
import { authRouteDeps } from './route-deps.ts';

/** Confirming an e-mail address with the link's token, and asking for a new link. */
export function emailConfirmationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  limits: RouteLimits,
): void {
  const { deps, mailDeps, counters } = authRouteDeps(ctx);
  const { rateLimits } = ctx;

  app.post(
    '/api/auth/confirm-email',
    { preHandler: [limits.perIp(rateLimits.signInPerIp, rateLimits.window.signIn)] },
    async (request) => {
      const { token } = parseInput(emailConfirmationRequestSchema, request.body);
      await confirmEmail(deps, token);
      return { message: confirmedMessage } satisfies MessageResponse;
    },
  );

  app.post('/api/auth/confirm-email/resend', async (request, reply) => {
    const userId = requireUser(request);
    const state = await emailStateOf(ctx.database.db, userId);
    if (!state) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    if (state.isConfirmed) throw new AppError('CONFLICT', 'Your e-mail is already confirmed.');
    const key = `confirmation-mail:${userId}`;
    const { count, windowEndsAt } = await counters.read(key);
    if (count >= rateLimits.confirmationMailsPerUser) {
      const minutes = Math.max(1, Math.ceil((windowEndsAt - ctx.clock.now().getTime()) / 60_000));
      reply.header('retry-after', String(minutes * 60));
      throw new AppError(
        'RATE_LIMITED',
        `We have sent several links already. Please check your inbox, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    await counters.add(key, rateLimits.window.confirmationMails);
    await ctx.mailer.send(
      await createEmailConfirmation(mailDeps, { id: userId, email: state.email }),
    );
    return {
      message: `We have sent a new confirmation link to ${state.email}.`,
    } satisfies MessageResponse;
  });
}
