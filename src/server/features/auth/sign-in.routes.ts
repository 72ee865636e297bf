import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import { respondsWith } from '#server/response-schema.ts';
import { withPasswordAttempt } from '#server/security/password-attempts.ts';
import type { RouteLimits } from '#server/security/rate-limits.ts';
import { endSession, requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  signInMethodSchema,
  signInRequestSchema,
  sessionResponseSchema,
  signUpRequestSchema,
  type SessionResponse,
} from '#shared/schemas/auth.ts';
import {
  findUserIdByEmail,
  getSessionUser,
  removeSignInMethod,
  signIn,
  signOutEverywhere,
  signUp,
} from './auth.service.ts';
import { createEmailConfirmation } from './email-confirmation.ts';
import { authRouteDeps } from './route-deps.ts';
import { respondWithUser, startSignedInSession } from './signed-in-session.ts';

/** Who is signed in; signing up, in and out (here or everywhere); removing a sign-in method. */
export function signInRoutes(app: FastifyInstance, ctx: AppContext, limits: RouteLimits): void {
  const { deps, mailDeps } = authRouteDeps(ctx);
  const { rateLimits } = ctx;

  app.get('/api/auth/session', respondsWith(sessionResponseSchema), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = request.userId
      ? await getSessionUser(ctx.database.db, request.userId, ctx.config.moderatorEmails)
      : null;
    return { user } satisfies SessionResponse;
  });

  app.post(
    '/api/auth/signup',
    respondsWith(sessionResponseSchema, {
      onRequest: [limits.perIp(rateLimits.signUpPerIp, rateLimits.window.signUp)],
    }),
    async (request, reply) => {
      const input = parseInput(signUpRequestSchema, request.body);
      const userId = await signUp(deps, input);
      await startSignedInSession(ctx, request, reply, userId, 'password');
      // The answer never waits for the mail server; the account works before it is confirmed.
      const confirmation = await createEmailConfirmation(mailDeps, {
        id: userId,
        email: input.email,
      });
      ctx.mailer
        .send(confirmation)
        .catch((error: unknown) => request.log.error({ err: error }, 'confirmation e-mail failed'));
      return reply.status(201).send(await respondWithUser(ctx, userId));
    },
  );

  app.post(
    '/api/auth/signin',
    respondsWith(sessionResponseSchema, {
      onRequest: [limits.perIp(rateLimits.signInPerIp, rateLimits.window.signIn)],
    }),
    async (request, reply) => {
      const input = parseInput(signInRequestSchema, request.body);
      const account = {
        email: input.email,
        userId: await findUserIdByEmail(ctx.database.db, input.email),
      };
      const userId = await withPasswordAttempt(ctx, request, reply, account, () =>
        signIn(deps, input),
      );
      await startSignedInSession(ctx, request, reply, userId, 'password');
      return respondWithUser(ctx, userId);
    },
  );

  app.post('/api/auth/signout', async (request, reply) => {
    await endSession(ctx, request, reply);
    return reply.status(204).send();
  });

  app.post('/api/auth/signout-all', async (request, reply) => {
    const userId = requireUser(request);
    await signOutEverywhere(ctx.database.db, userId);
    await endSession(ctx, request, reply);
    return reply.status(204).send();
  });

  app.delete('/api/auth/methods/:method', respondsWith(sessionResponseSchema), async (request) => {
    const userId = requireUser(request);
    const parsed = signInMethodSchema.safeParse((request.params as { method?: unknown }).method);
    if (!parsed.success) {
      throw new AppError('NOT_FOUND', 'That sign-in method is not set up for your account.');
    }
    await removeSignInMethod(deps, userId, parsed.data, request.sessionHash);
    return respondWithUser(ctx, userId);
  });
}
