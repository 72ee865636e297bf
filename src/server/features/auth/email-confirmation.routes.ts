import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import { respondsWith } from '#server/response-schema.ts';
import { withPasswordAttempt } from '#server/security/password-attempts.ts';
import type { RouteLimits } from '#server/security/rate-limits.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  emailConfirmationConfirmSchema,
  emailConfirmationLookupSchema,
  emailConfirmationRequestSchema,
  messageResponseSchema,
  type EmailConfirmationLookup,
  type MessageResponse,
} from '#shared/schemas/auth.ts';
import { checkPassword } from './auth.service.ts';
import {
  confirmedMessage,
  confirmEmail,
  declinedMessages,
  declineEmailConfirmation,
  emailConfirmationFor,
  resendEmailConfirmation,
} from './email-confirmation.ts';
import { authRouteDeps } from './route-deps.ts';
import { startSignedInSession } from './signed-in-session.ts';

/** Confirming an e-mail address with the link's token, and asking for a new link. */
export function emailConfirmationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  limits: RouteLimits,
): void {
  const { deps, mailDeps, counters } = authRouteDeps(ctx);
  const { rateLimits } = ctx;

  const perIp = limits.perIp(rateLimits.signInPerIp, rateLimits.window.signIn);

  // Opening the link asks "was it you?" (the page's first question): who the link is for, and
  // whether this browser is signed in as that account.
  app.post(
    '/api/auth/confirm-email/lookup',
    respondsWith(emailConfirmationLookupSchema, { onRequest: [perIp] }),
    async (request) => {
      const { token } = parseInput(emailConfirmationRequestSchema, request.body);
      const link = await emailConfirmationFor(deps, token);
      const signedInAs = !request.userId
        ? 'nobody'
        : request.userId === link.userId
          ? 'this-account'
          : 'another-account';
      return { email: link.email, signed_in_as: signedInAs } satisfies EmailConfirmationLookup;
    },
  );

  // "Yes, it was me": confirmed only for the account's holder, signed in as it or with its
  // password; the password then signs them in.
  app.post(
    '/api/auth/confirm-email',
    respondsWith(messageResponseSchema, { onRequest: [perIp] }),
    async (request, reply) => {
      const { token, password } = parseInput(emailConfirmationConfirmSchema, request.body);
      const link = await emailConfirmationFor(deps, token);
      if (request.userId === link.userId) {
        await confirmEmail(deps, token, link.userId);
        return { message: confirmedMessage } satisfies MessageResponse;
      }
      if (request.userId) {
        throw new AppError(
          'FORBIDDEN',
          'This link is for another Grounded account. Please sign out, then open the link again.',
        );
      }
      if (password === undefined) {
        throw new AppError(
          'VALIDATION_ERROR',
          'Enter the password of this account to confirm that it is yours.',
        );
      }
      const account = { email: link.email, userId: link.userId };
      await withPasswordAttempt(ctx, request, reply, account, async () => {
        if (!(await checkPassword(ctx.database.db, link.userId, password))) {
          throw new AppError('UNAUTHORIZED', 'That is not the password of this account.');
        }
      });
      await confirmEmail(deps, token, link.userId);
      await startSignedInSession(ctx, request, reply, link.userId, 'password');
      return { message: confirmedMessage } satisfies MessageResponse;
    },
  );

  // "Not me": the mailbox's owner did not make this account.
  app.post(
    '/api/auth/confirm-email/decline',
    respondsWith(messageResponseSchema, { onRequest: [perIp] }),
    async (request) => {
      const { token } = parseInput(emailConfirmationRequestSchema, request.body);
      const outcome = await declineEmailConfirmation(deps, token);
      return { message: declinedMessages[outcome] } satisfies MessageResponse;
    },
  );

  app.post(
    '/api/auth/confirm-email/resend',
    respondsWith(messageResponseSchema),
    async (request) => {
      const userId = requireUser(request);
      const limit = {
        perUser: rateLimits.confirmationMailsPerUser,
        windowMs: rateLimits.window.confirmationMails,
      };
      const email = await resendEmailConfirmation({ ...mailDeps, counters, limit }, userId);
      return {
        message: `We have sent a new confirmation link to ${email}.`,
      } satisfies MessageResponse;
    },
  );
}
