import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { knownDeviceOf } from '#server/security/password-attempts.ts';
import type { RouteLimits } from '#server/security/rate-limits.ts';
import { parseInput } from '#server/validate.ts';
import {
  passwordResetCheckSchema,
  passwordResetConfirmSchema,
  messageResponseSchema,
  passwordResetRequestSchema,
  sessionResponseSchema,
  type MessageResponse,
} from '#shared/schemas/auth.ts';
import {
  askForPasswordReset,
  checkPasswordResetToken,
  confirmPasswordReset,
} from './auth.service.ts';
import { authRouteDeps } from './route-deps.ts';
import { respondWithUser, startSignedInSession } from './signed-in-session.ts';

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
      const limit = { perEmail: rateLimits.resetMailsPerEmail, windowMs: rateLimits.window.reset };
      await askForPasswordReset(
        { ...mailDeps, counters, limit, log: request.log },
        email,
        (userId) => knownDeviceOf(ctx, request, userId).then(Boolean),
      );
      // The same answer whether the account exists, and whether a link was mailed.
      return { message: resetAnswer } satisfies MessageResponse;
    },
  );

  // A token looked up and a token used draw on one count per address: checking is no way
  // around the limit on guessing tokens.
  const tokenTries = limits.perIp(
    rateLimits.resetPerIp,
    rateLimits.window.reset,
    'password-reset-token',
  );

  // Looks a link's token up when the reset page opens, without using it up: 200 while it may
  // be used, else the same 400 as confirm. Sent in the body, as confirm's, to stay out of logs.
  app.post('/api/auth/password-reset/check', { onRequest: [tokenTries] }, async (request) => {
    const { token } = parseInput(passwordResetCheckSchema, request.body);
    await checkPasswordResetToken(deps, token);
    return { valid: true };
  });

  app.post(
    '/api/auth/password-reset/confirm',
    respondsWith(sessionResponseSchema, { onRequest: [tokenTries] }),
    async (request, reply) => {
      const input = parseInput(passwordResetConfirmSchema, request.body);
      const userId = await confirmPasswordReset(deps, input);
      await startSignedInSession(ctx, request, reply, userId, 'password');
      return respondWithUser(ctx, userId);
    },
  );
}
