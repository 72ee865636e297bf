import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { createInitialJournalReminder } from '#server/features/notifications/notifications.service.ts';
import { rememberDevice } from '#server/security/password-attempts.ts';
import { startSession } from '#server/security/sessions.ts';
import type { SessionResponse, SignInMethod } from '#shared/schemas/auth.ts';
import { getSessionUser } from './auth.service.ts';

/**
 * Every way of signing in (password, sign-up, Google, reset) starts its session here. product §4:
 * a user with reminders on who has no journal reminder yet gets one; failing to create it is
 * logged and never fails the sign-in.
 */
export async function startSignedInSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  method: SignInMethod,
): Promise<void> {
  await startSession(ctx, request, reply, userId, method);
  await rememberDevice(ctx, request, reply, userId);
  await createInitialJournalReminder(
    { db: ctx.database.db, clock: ctx.clock, push: ctx.push },
    userId,
  ).catch((error: unknown) => request.log.error({ err: error }, 'initial journal reminder failed'));
}

/** The answer of a route that signs someone in or changes how they sign in: who they are now. */
export async function respondWithUser(ctx: AppContext, userId: string): Promise<SessionResponse> {
  return { user: await getSessionUser(ctx.database.db, userId, ctx.config.moderatorEmails) };
}
