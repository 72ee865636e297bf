import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import { createAttemptCounters } from './attempt-counters.ts';
import { hashToken, randomToken } from './tokens.ts';

/**
 * Bounded password guessing without handing strangers a lock-out (decision 009,
 * OWASP "Slow down online guessing attacks with device cookies"):
 * - a browser that signed in to an account before carries a device cookie; its failures count
 *   against that browser alone, so nobody else's can lock it out;
 * - any other browser counts against (account, address) and against the account as a whole;
 *   past the account's limit only known browsers may try, until the window ends.
 * Every place that checks a password (sign-in, account deletion) goes through here.
 */
export const deviceCookieName = 'grounded_device';
/** Browsers keep a cookie at most 400 days; a device unused that long is forgotten. */
const deviceLifetimeMs = 400 * 24 * 60 * 60 * 1000;

function deviceCookieOptions(ctx: AppContext, request: FastifyRequest) {
  return {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.publicUrl.startsWith('https://') || request.protocol === 'https',
    maxAge: deviceLifetimeMs / 1000,
  };
}

/** The hashed device cookie of this request when that browser signed in to the account before. */
export async function knownDeviceOf(
  ctx: AppContext,
  request: FastifyRequest,
  userId: string | undefined,
): Promise<string | undefined> {
  const token = request.cookies[deviceCookieName];
  if (!token || !userId || token.length > 100) return undefined;
  const row = await ctx.database.db
    .selectFrom('known_devices')
    .select('token_hash')
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.token_hash;
}

/** After any sign-in: this browser is now known to the account (a device cookie, kept 400 days). */
export async function rememberDevice(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const existing = request.cookies[deviceCookieName];
  const token = existing && existing.length <= 100 ? existing : randomToken();
  const now = ctx.clock.now();
  const { db } = ctx.database;
  await db
    .insertInto('known_devices')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      last_used_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(['token_hash', 'user_id']).doUpdateSet({ last_used_at: now.toISOString() }),
    )
    .execute();
  await db
    .deleteFrom('known_devices')
    .where('user_id', '=', userId)
    .where('last_used_at', '<', new Date(now.getTime() - deviceLifetimeMs).toISOString())
    .execute();
  reply.setCookie(deviceCookieName, token, deviceCookieOptions(ctx, request));
}

export type PasswordAttempt = {
  failed: () => Promise<void>;
  succeeded: () => Promise<void>;
};

/**
 * Checks that this browser may try a password for the account now (else 429 with Retry-After)
 * and returns how to record the outcome. `account` is the account's normalised e-mail, also for
 * an e-mail that has no account, so that the answers tell nothing about which e-mails exist.
 */
export async function beginPasswordAttempt(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: { email: string; userId: string | undefined },
): Promise<PasswordAttempt> {
  const limits = ctx.rateLimits;
  const windowMs = limits.window.passwordFailures;
  const counters = createAttemptCounters(ctx.database.db, ctx.clock);
  const device = await knownDeviceOf(ctx, request, account.userId);
  const checks = device
    ? [
        {
          key: `password:device:${device}:${account.userId}`,
          max: limits.passwordFailuresPerDevice,
        },
      ]
    : [
        {
          key: `password:account-address:${account.email}:${request.ip}`,
          max: limits.passwordFailuresPerAccountAndIp,
        },
        { key: `password:account:${account.email}`, max: limits.passwordFailuresPerAccount },
      ];
  const now = ctx.clock.now().getTime();
  for (const { key, max } of checks) {
    const { count, windowEndsAt } = await counters.read(key);
    if (count >= max) {
      const seconds = Math.max(1, Math.ceil((windowEndsAt - now) / 1000));
      reply.header('retry-after', String(seconds));
      const minutes = Math.ceil(seconds / 60);
      throw new AppError(
        'RATE_LIMITED',
        `Too many attempts with a wrong password. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or reset your password.`,
      );
    }
  }
  return {
    failed: async () => {
      for (const { key } of checks) await counters.add(key, windowMs);
    },
    succeeded: async () => {
      // The account-wide count stays: a right password from one browser says nothing of others.
      const [first] = checks;
      if (first) await counters.clear(first.key);
    },
  };
}

/**
 * Runs a password check under the limits above: refused with 429 while this browser may not
 * try, and an UNAUTHORIZED answer from `check` counts as a failed attempt.
 */
export async function withPasswordAttempt<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: { email: string; userId: string | undefined },
  check: () => Promise<T>,
): Promise<T> {
  const attempt = await beginPasswordAttempt(ctx, request, reply, account);
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') await attempt.failed();
    throw error;
  }
  await attempt.succeeded();
  return result;
}
