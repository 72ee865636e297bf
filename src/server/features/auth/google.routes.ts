import type { FastifyInstance } from 'fastify';
import { safeReturnPath, type AuthProvidersResponse } from '../../../shared/schemas/auth.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../app-error.ts';
import type { RouteLimits } from '../../security/rate-limits.ts';
import { createGoogleSignIn } from './google.ts';
import { startSignedInSession } from './signed-in-session.ts';

const googleStateCookie = 'grounded_oauth_state';

/** Whether Google sign-in is set up, and its round trip through Google. */
export function googleRoutes(app: FastifyInstance, ctx: AppContext, limits: RouteLimits): void {
  const google = createGoogleSignIn(ctx);
  const { rateLimits } = ctx;

  app.get(
    '/api/auth/providers',
    async () => ({ google: google !== null }) satisfies AuthProvidersResponse,
  );

  app.get(
    '/api/auth/google',
    { preHandler: [limits.perIp(rateLimits.signInPerIp, rateLimits.window.signIn)] },
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
      await startSignedInSession(ctx, request, reply, userId);
      // Checked when stored; checked again here, in case a row was written before the rules.
      return reply.redirect(safeReturnPath(returnTo));
    } catch (error) {
      if (error instanceof AppError) return failed(error.message);
      request.log.warn({ err: error }, 'Google sign-in failed');
      return failed('Google could not sign you in. Please try again.');
    }
  });
}
