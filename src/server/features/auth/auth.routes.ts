import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { createRouteLimits } from '#server/security/rate-limits.ts';
import { emailConfirmationRoutes } from './email-confirmation.routes.ts';
import { googleRoutes } from './google.routes.ts';
import { passwordResetRoutes } from './password-reset.routes.ts';
import { signInRoutes } from './sign-in.routes.ts';

/** Every /api/auth route, one file per flow. */
export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limits = createRouteLimits(app);
  signInRoutes(app, ctx, limits);
  passwordResetRoutes(app, ctx, limits);
  emailConfirmationRoutes(app, ctx, limits);
  googleRoutes(app, ctx, limits);
}
