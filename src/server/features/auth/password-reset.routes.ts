import type { FastifyInstance } from 'fastify';
import {
  passwordResetConfirmSchema,
  messageResponseSchema,
  passwordResetRequestSchema,
  sessionResponseSchema,
  type MessageResponse,
} from '../../../shared/schemas/auth.ts';
import type { AppContext } from '../../app-context.ts';
import { knownDeviceOf } from '../../security/password-attempts.ts';
import type { RouteLimits } from '../../security/rate-limits.ts';
import { parseInput } from '../../validate.ts';
import { confirmPasswordReset, findUserIdByEmail, requestPasswordReset } from './auth.service.ts';
import { respondWithUser, startSignedInSession } from './signed-in-session.ts';
import { authRouteDeps } from './route-deps.ts';
import { respondsWith } from '../../response-schema.ts';

const resetAnswer =
  'If an account exists for that e-mail, we have sent a link to reset its password. It works for one hour.';

/** Asking for a reset link by e-mail, and setting a new password with it. */
export function passwordResetRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  limits: RouteLimits,
): void {
  const { deps, mailDeps, counters } = authRouteDeps(ctx);
  const { rateLimits } = ctx;

  app.post(
    '/api/auth/password-reset',
    respondsWith(messageResponseSchema, {
      onRequest: [limits.perIp(rateLimits.resetPerIp, rateLimits.window.reset)],
      preHandler: [limits.perEmailAndIp(rateLimits.resetPerEmailAndIp, rateLimits.window.reset)],
    }),
    async (request) => {
      const { email } = parseInput(passwordResetRequestSchema, request.body);
      const answer = { message: resetAnswer } satisfies MessageResponse;
      // Strangers can ask for links to any address, but only so many are mailed to it in an
      // hour. The answer stays the same (the links already mailed still work, so the owner is
      // never locked out); a browser that signed in to the account before is not counted.
      const userId = await findUserIdByEmail(ctx.database.db, email);
      if (!(await knownDeviceOf(ctx, request, userId))) {
        const key = `reset-mail:${email}`;
        const { count } = await counters.read(key);
        if (count >= rateLimits.resetMailsPerEmail) {
          request.log.warn('password reset e-mail not sent: too many for this address this hour');
          return answer;
        }
        await counters.add(key, rateLimits.window.reset);
      }
      // The answer never depends on whether the account exists, nor on how long mailing takes.
      requestPasswordReset(mailDeps, email).catch((error: unknown) =>
        request.log.error({ err: error }, 'password reset e-mail failed'),
      );
      return answer;
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    respondsWith(sessionResponseSchema, {
      onRequest: [limits.perIp(rateLimits.resetPerIp, rateLimits.window.reset)],
    }),
    async (request, reply) => {
      const input = parseInput(passwordResetConfirmSchema, request.body);
      const userId = await confirmPasswordReset(deps, input);
      await startSignedInSession(ctx, request, reply, userId, 'password');
      return respondWithUser(ctx, userId);
    },
  );
}
