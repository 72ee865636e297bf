import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import {
  emailConfirmationRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  safeReturnPath,
  signInMethodSchema,
  signInRequestSchema,
  signUpRequestSchema,
  type AuthProvidersResponse,
  type MessageResponse,
  type SessionResponse,
} from '../../../shared/schemas/auth.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../app-error.ts';
import { createAttemptCounters } from '../../auth/attempt-counters.ts';
import {
  knownDeviceOf,
  rememberDevice,
  withPasswordAttempt,
} from '../../auth/password-attempts.ts';
import { endSession, requireUser, startSession } from '../../auth/sessions.ts';
import { parseInput } from '../../validate.ts';
import { createInitialJournalReminder } from '../notifications/notifications.service.ts';
import { deleteAllPushSubscriptions } from '../push/push.service.ts';
import {
  confirmPasswordReset,
  findUserIdByEmail,
  getSessionUser,
  removeSignInMethod,
  requestPasswordReset,
  revokeAllSessions,
  signIn,
  signUp,
} from './auth.service.ts';
import {
  confirmedMessage,
  confirmEmail,
  createEmailConfirmation,
  emailStateOf,
} from './email-confirmation.ts';
import { createGoogleSignIn } from './google.ts';

const googleStateCookie = 'grounded_oauth_state';
const resetAnswer =
  'If an account exists for that e-mail, we have sent a link to reset its password. It works for one hour.';

/** The e-mail of a request body, normalised, with the client's address (the body is parsed by then). */
function emailAndAddressKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `email:${email.slice(0, 254)} address:${request.ip}`;
}

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = { db: ctx.database.db, clock: ctx.clock };
  const google = createGoogleSignIn(ctx);
  const { rateLimits } = ctx;
  // app.rateLimit() handlers mark the request as limited once, so a second one on the same
  // route (per e-mail after per IP) would never count; each check here runs on its own.
  const limit = (options: CreateRateLimitOptions): preHandlerAsyncHookHandler => {
    const check = app.createRateLimit(options);
    return async (request, reply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError(
        'RATE_LIMITED',
        `Too many requests. Please wait ${result.ttlInSeconds} seconds and try again.`,
      );
    };
  };
  const perIp = (max: number, timeWindow: number) => limit({ max, timeWindow });
  const perEmailAndIp = (max: number, timeWindow: number) =>
    limit({ max, timeWindow, keyGenerator: emailAndAddressKey });
  const counters = createAttemptCounters(ctx.database.db, ctx.clock);
  const mailDeps = { ...deps, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl };

  /**
   * Every way of signing in (password, sign-up, Google, reset) starts its session here. spec §4:
   * a user with reminders on who has no journal reminder yet gets one; failing to create it is
   * logged and never fails the sign-in.
   */
  const startSignedInSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
  ): Promise<void> => {
    await startSession(ctx, request, reply, userId);
    await rememberDevice(ctx, request, reply, userId);
    await createInitialJournalReminder(
      { db: ctx.database.db, clock: ctx.clock, push: ctx.push },
      userId,
    ).catch((error: unknown) =>
      request.log.error({ err: error }, 'initial journal reminder failed'),
    );
  };

  const respondWithUser = async (userId: string): Promise<SessionResponse> => ({
    user: await getSessionUser(ctx.database.db, userId, ctx.config.moderatorEmails),
  });

  app.get('/api/auth/session', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = request.userId
      ? await getSessionUser(ctx.database.db, request.userId, ctx.config.moderatorEmails)
      : null;
    return { user } satisfies SessionResponse;
  });

  app.get(
    '/api/auth/providers',
    async () => ({ google: google !== null }) satisfies AuthProvidersResponse,
  );

  app.post(
    '/api/auth/signup',
    { preHandler: [perIp(rateLimits.signUpPerIp, rateLimits.window.signUp)] },
    async (request, reply) => {
      const input = parseInput(signUpRequestSchema, request.body);
      const userId = await signUp(deps, input);
      await startSignedInSession(request, reply, userId);
      // The answer never waits for the mail server; the account works before it is confirmed.
      const confirmation = await createEmailConfirmation(mailDeps, {
        id: userId,
        email: input.email,
      });
      ctx.mailer
        .send(confirmation)
        .catch((error: unknown) => request.log.error({ err: error }, 'confirmation e-mail failed'));
      return reply.status(201).send(await respondWithUser(userId));
    },
  );

  app.post(
    '/api/auth/signin',
    { preHandler: [perIp(rateLimits.signInPerIp, rateLimits.window.signIn)] },
    async (request, reply) => {
      const input = parseInput(signInRequestSchema, request.body);
      const account = {
        email: input.email,
        userId: await findUserIdByEmail(ctx.database.db, input.email),
      };
      const userId = await withPasswordAttempt(ctx, request, reply, account, () =>
        signIn(deps, input),
      );
      await startSignedInSession(request, reply, userId);
      return respondWithUser(userId);
    },
  );

  app.post('/api/auth/signout', async (request, reply) => {
    await endSession(ctx, request, reply);
    return reply.status(204).send();
  });

  app.post('/api/auth/signout-all', async (request, reply) => {
    const userId = requireUser(request);
    await revokeAllSessions(ctx.database.db, userId);
    await deleteAllPushSubscriptions(ctx.database.db, userId);
    await ctx.database.db.deleteFrom('known_devices').where('user_id', '=', userId).execute();
    await endSession(ctx, request, reply);
    return reply.status(204).send();
  });

  app.post(
    '/api/auth/password-reset',
    {
      preHandler: [
        perIp(rateLimits.resetPerIp, rateLimits.window.reset),
        perEmailAndIp(rateLimits.resetPerEmailAndIp, rateLimits.window.reset),
      ],
    },
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
    { preHandler: [perIp(rateLimits.resetPerIp, rateLimits.window.reset)] },
    async (request, reply) => {
      const input = parseInput(passwordResetConfirmSchema, request.body);
      const userId = await confirmPasswordReset(deps, input);
      await startSignedInSession(request, reply, userId);
      return respondWithUser(userId);
    },
  );

  app.post(
    '/api/auth/confirm-email',
    { preHandler: [perIp(rateLimits.signInPerIp, rateLimits.window.signIn)] },
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

  app.delete('/api/auth/methods/:method', async (request) => {
    const userId = requireUser(request);
    const parsed = signInMethodSchema.safeParse((request.params as { method?: unknown }).method);
    if (!parsed.success) {
      throw new AppError('NOT_FOUND', 'That sign-in method is not set up for your account.');
    }
    await removeSignInMethod(ctx.database.db, userId, parsed.data);
    return respondWithUser(userId);
  });

  app.get(
    '/api/auth/google',
    { preHandler: [perIp(rateLimits.signInPerIp, rateLimits.window.signIn)] },
    async (request, reply) => {
      if (!google) {
        throw new AppError('NOT_FOUND', 'Google sign-in is not set up on this server.');
      }
      const query = request.query as { return_to?: unknown };
      const { url, state } = await google.start(safeReturnPath(query.return_to));
      reply.setCookie(googleStateCookie, state, {
        path: '/api/auth/google',
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.publicUrl.startsWith('https://'),
        maxAge: 600,
      });
      return reply.redirect(url);
    },
  );

  app.get('/api/auth/google/callback', async (request, reply) => {
    reply.clearCookie(googleStateCookie, { path: '/api/auth/google' });
    const failed = (message: string) =>
      reply.redirect(`/auth?error=${encodeURIComponent(message)}`);
    if (!google) return failed('Google sign-in is not set up on this server.');
    const callbackUrl = new URL(request.url, ctx.config.publicUrl);
    const providerError = callbackUrl.searchParams.get('error');
    if (providerError) {
      return failed(
        providerError === 'access_denied'
          ? 'Google sign-in was cancelled.'
          : 'Google could not sign you in.',
      );
    }
    try {
      const { userId, returnTo } = await google.finish(
        callbackUrl,
        request.cookies[googleStateCookie],
      );
      await startSignedInSession(request, reply, userId);
      // Checked when stored; checked again here, in case a row was written before the rules.
      return reply.redirect(safeReturnPath(returnTo));
    } catch (error) {
      if (error instanceof AppError) return failed(error.message);
      request.log.warn({ err: error }, 'Google sign-in failed');
      return failed('Google could not sign you in. Please try again.');
    }
  });
}
