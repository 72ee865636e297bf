import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import { respondsWith } from '#server/response-schema.ts';
import type { RouteLimits } from '#server/security/rate-limits.ts';
import {
  authProvidersResponseSchema,
  safeReturnPath,
  type AuthProvidersResponse,
} from '#shared/schemas/auth.ts';
import { sessionSignInMethod } from './auth.service.ts';
import { createGoogleSignIn, type BrowserSession } from './google.ts';
import { startSignedInSession } from './signed-in-session.ts';

const googleStateCookie = 'grounded_oauth_state';

/** Who is signed in in this browser, and through which way in. */
async function browserSessionOf(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<BrowserSession | null> {
  if (!request.userId || !request.sessionHash) return null;
  const method = await sessionSignInMethod(ctx.database.db, request.sessionHash);
  return { userId: request.userId, method };
}

/** Whether Google sign-in is set up, and its round trip through Google. */
export function googleRoutes(app: FastifyInstance, ctx: AppContext, limits: RouteLimits): void {
  const google = createGoogleSignIn(ctx);
  const { rateLimits } = ctx;

  app.get(
    '/api/auth/providers',
    respondsWith(authProvidersResponseSchema),
    async () => ({ google: google !== null }) satisfies AuthProvidersResponse,
  );

  app.get(
    '/api/auth/google',
    { onRequest: [limits.perIp(rateLimits.signInPerIp, rateLimits.window.signIn)] },
    async (request, reply) => {
      if (!google) {
        throw new AppError('NOT_FOUND', 'Google sign-in is not set up on this server.');
      }
      const query = request.query as { return_to?: unknown; connect?: unknown };
      // Settings' "Connect Google" joins Google to the signed-in account; signed out, there is
      // no account to join it to.
      const isConnecting = query.connect === '1';
      if (isConnecting && !request.userId) {
        return reply.redirect(
          `/auth?error=${encodeURIComponent('Please sign in, then connect Google in Settings.')}`,
        );
      }
      const { url, state } = await google.start(
        safeReturnPath(query.return_to),
        isConnecting ? request.userId : null,
      );
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
        await browserSessionOf(ctx, request),
      );
      // Connecting from Settings keeps the session the person is in; anyone else starts one.
      if (request.userId !== userId) {
        await startSignedInSession(ctx, request, reply, userId, 'google');
      }
      // Checked when stored; checked again here, in case a row was written before the rules.
      return reply.redirect(safeReturnPath(returnTo));
    } catch (error) {
      if (error instanceof AppError) return failed(error.message);
      request.log.warn({ err: error }, 'Google sign-in failed');
      return failed('Google could not sign you in. Please try again.');
    }
  });
}
