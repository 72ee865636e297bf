import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import type { SignInMethod } from '#shared/schemas/auth.ts';
import { hashToken, randomToken } from './tokens.ts';

export const sessionCookieName = 'grounded_session';
const dayMs = 24 * 60 * 60 * 1000;
/** A session lives 30 days from the last time it was used (sliding expiry). */
export const sessionLifetimeMs = 30 * dayMs;
/** Extending the expiry costs a write, so it happens at most once a day per session. */
const extendAfterMs = dayMs;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, from the session cookie only; null for visitors. */
    userId: string | null;
    /** The hashed id of the current session row. */
    sessionHash: string | null;
    /**
     * The signed-in person's time zone (their settings' reminder_timezone, UTC without
     * settings), read with the session: the lists that show what was done "today" need it,
     * and a query of its own cost each of them a round trip. Null for visitors.
     */
    timeZone: string | null;
  }
}

function isSecure(ctx: AppContext, request: FastifyRequest): boolean {
  return ctx.config.publicUrl.startsWith('https://') || request.protocol === 'https';
}

function cookieOptions(ctx: AppContext, request: FastifyRequest): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure(ctx, request) };
}

function setSessionCookie(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(sessionCookieName, token, { ...cookieOptions(ctx, request), expires: expiresAt });
}

export function clearSessionCookie(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.clearCookie(sessionCookieName, cookieOptions(ctx, request));
}

/**
 * Starts a new session (a fresh random id on every sign-in) and sets its cookie. The session
 * remembers the way in it came through: removing that way ends it.
 */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  method: SignInMethod,
): Promise<void> {
  const token = randomToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
  await ctx.database.db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      user_agent: userAgent,
      method,
    })
    .execute();
  request.userId = userId;
  request.sessionHash = hashToken(token);
  setSessionCookie(ctx, request, reply, token, expiresAt);
}

/** Reads the session cookie on every API request and slides the expiry of a live session. */
export async function loadSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies[sessionCookieName];
  if (!token) return;
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const row = await db
    .selectFrom('sessions')
    .leftJoin('user_settings', 'user_settings.user_id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.expires_at',
      'user_settings.reminder_timezone',
    ])
    .where('sessions.id', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || Date.parse(row.expires_at) <= now.getTime()) {
    if (row) await db.deleteFrom('sessions').where('id', '=', row.id).execute();
    clearSessionCookie(ctx, request, reply);
    return;
  }
  request.userId = row.user_id;
  request.sessionHash = row.id;
  request.timeZone = row.reminder_timezone ?? 'UTC';
  const remaining = Date.parse(row.expires_at) - now.getTime();
  if (remaining < sessionLifetimeMs - extendAfterMs) {
    const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
    await db
      .updateTable('sessions')
      .set({ expires_at: expiresAt.toISOString(), last_seen_at: now.toISOString() })
      .where('id', '=', row.id)
      .execute();
    setSessionCookie(ctx, request, reply, token, expiresAt);
  }
}

export async function endSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (request.sessionHash) {
    await ctx.database.db.deleteFrom('sessions').where('id', '=', request.sessionHash).execute();
  }
  request.userId = null;
  request.sessionHash = null;
  request.timeZone = null;
  clearSessionCookie(ctx, request, reply);
}

/** Every route that touches a user's own data starts here: the id comes from the session only. */
export function requireUser(request: FastifyRequest): string {
  if (!request.userId) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return request.userId;
}

/** The signed-in person and their time zone, both from the session (requireUser's rule). */
export function requirePerson(request: FastifyRequest): { userId: string; timeZone: string } {
  return { userId: requireUser(request), timeZone: request.timeZone ?? 'UTC' };
}
