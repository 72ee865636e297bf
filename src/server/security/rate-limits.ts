import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import { createRateLimitCounts, databaseRateLimitStore } from './rate-limit-store.ts';

/**
 * How often a client may try what an attacker would repeat (decision 009). Sign-up, sign-in and
 * reset requests per client address, and per-person writes, are counted by the limiter
 * registered below: in the database with RATE_LIMIT_STORE=database, so that every instance
 * counts against the same limit (decision 012), or per instance in memory. Failed password
 * checks and reset e-mails are always counted in the database (security/attempt-counters.ts).
 */
export type RateLimits = {
  signUpPerIp: number;
  signInPerIp: number;
  /** Failed password checks (sign-in, account deletion) for one account from one address. */
  passwordFailuresPerAccountAndIp: number;
  /**
   * Failed password checks for one account from browsers that never signed in to it, from all
   * addresses together. Past it, such browsers wait; a browser that signed in to the account
   * before (its device cookie) is not locked out by strangers' failures.
   */
  passwordFailuresPerAccount: number;
  /** Failed password checks for one account from one browser that signed in to it before. */
  passwordFailuresPerDevice: number;
  resetPerIp: number;
  /** Reset requests for one e-mail from one address; past it, that address waits (429). */
  resetPerEmailAndIp: number;
  /**
   * Reset e-mails sent to one address from browsers it never signed in from. Past it, requests
   * are answered as always but mail nothing: the links already sent still work, so the owner is
   * never locked out, and nobody can flood a mailbox.
   */
  resetMailsPerEmail: number;
  /** New e-mail confirmation links one person may ask for. */
  confirmationMailsPerUser: number;
  window: {
    signUp: number;
    signIn: number;
    reset: number;
    passwordFailures: number;
    confirmationMails: number;
  };
  /** Writes per person (per address for visitors) to one route in a minute (plugins/write-limits.ts). */
  writesPerMinute: number;
  /** Testimonies one person may submit in an hour: they go to a person's moderation queue. */
  testimoniesPerHour: number;
  /** Pictures and files one person may upload in a minute, all upload routes together (decision 017). */
  uploadsPerMinute: number;
  /** Exports one person may download in an hour, JSON, Markdown and CSV together (decision 026). */
  exportsPerHour: number;
};

const minute = 60_000;

export const defaultRateLimits: RateLimits = {
  signUpPerIp: 20,
  signInPerIp: 30,
  passwordFailuresPerAccountAndIp: 10,
  passwordFailuresPerAccount: 30,
  passwordFailuresPerDevice: 10,
  resetPerIp: 10,
  resetPerEmailAndIp: 3,
  resetMailsPerEmail: 10,
  confirmationMailsPerUser: 3,
  window: {
    signUp: 60 * minute,
    signIn: 15 * minute,
    reset: 60 * minute,
    passwordFailures: 15 * minute,
    confirmationMails: 60 * minute,
  },
  writesPerMinute: 60,
  testimoniesPerHour: 5,
  uploadsPerMinute: 5,
  exportsPerHour: 20,
};

/**
 * The write limits multiplied by WRITE_LIMIT_SCALE: load tests and the browser suite play many
 * people writing, signing up and signing in from one address far faster than anyone does, so
 * they raise them; the limiter still runs and costs what it costs. The limits on failed password
 * checks, which are what bound guessing, are never scaled.
 */
export function scaleWriteLimits(limits: RateLimits, scale: number): RateLimits {
  return {
    ...limits,
    signUpPerIp: limits.signUpPerIp * scale,
    signInPerIp: limits.signInPerIp * scale,
    writesPerMinute: limits.writesPerMinute * scale,
    testimoniesPerHour: limits.testimoniesPerHour * scale,
    uploadsPerMinute: limits.uploadsPerMinute * scale,
    exportsPerHour: limits.exportsPerHour * scale,
  };
}

/**
 * The limiter behind every limit per address or person (the auth routes', plugins/write-limits.ts',
 * the client log's). With the database store every instance sees the same counts (decision 012);
 * the memory store keeps them per instance, with enough room that people's counts are
 * not evicted early.
 */
export async function registerRateLimiting(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'database' | 'clock'>,
): Promise<void> {
  const store =
    ctx.config.rateLimitStore === 'database'
      ? databaseRateLimitStore(
          createRateLimitCounts(ctx.database.db, ctx.clock, app.log),
          ctx.clock,
          app.log,
        )
      : undefined;
  await app.register(rateLimit, {
    global: false,
    cache: 100_000,
    ...(store ? { store } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'RATE_LIMITED',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
}

/**
 * The e-mail of a request body, normalised, with the client's address: a preHandler's key, as
 * the body is parsed by then.
 */
function emailAndAddressKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `email:${email.slice(0, 254)} address:${request.ip}`;
}

/** A route hook (onRequest or preHandler) that answers 429 past the limit. */
export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type LimiterOptions = {
  max: number;
  timeWindow: number;
  /** Whom the limit counts (an address, a person, an e-mail from an address) on this route. */
  key: (request: FastifyRequest) => string;
  /**
   * What happens when the counters cannot be read (the database store failing): 'allow' lets
   * the request go on, 'refuse' answers it with the error (503 while the database is down).
   */
  whenCountersFail: 'allow' | 'refuse';
  /**
   * A count shared by every route the limiter guards (the upload routes'), instead of the
   * route's own: its keys start with this name rather than the route.
   */
  sharedName?: string;
};

/**
 * A limiter, as a route's hook: past its count, 429 RATE_LIMITED with Retry-After and the message
 * (by default, how many seconds to wait). A limit keyed by address or person belongs in onRequest:
 * it then answers before the body is read or parsed, so that a client over its limit costs what
 * a tiny request costs, whatever body it sends. Only a key read from the body (an e-mail) needs
 * a preHandler. app.rateLimit() handlers mark the request as limited once, so a second one on
 * the same route (per e-mail after per IP) would never count; each limiter made here runs on its
 * own. Its keys start with the route, so that limiters of the same kind on different routes
 * never share a count, in memory or in the database.
 */
export function createLimiter(
  app: FastifyInstance,
  { max, timeWindow, key, whenCountersFail, sharedName }: LimiterOptions,
  tooMany: (seconds: number) => string = (seconds) =>
    `Too many requests. Please wait ${seconds} seconds and try again.`,
): LimitHook {
  const check = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request) =>
      `${sharedName ?? `${request.method} ${request.routeOptions.url}`} ${key(request)}`,
    skipOnError: whenCountersFail === 'allow',
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError('RATE_LIMITED', tooMany(result.ttlInSeconds));
  };
}

/** Each call makes a limiter of its own: one per route that uses it. */
export type RouteLimits = {
  /** For a route's onRequest: the address is known before the body arrives. */
  perIp: (max: number, timeWindow: number, sharedName?: string) => LimitHook;
  /** For a route's preHandler: its key is the body's e-mail. */
  perEmailAndIp: (max: number, timeWindow: number) => LimitHook;
};

/**
 * Limits for the sign-up, sign-in, reset and confirmation routes. If the counters cannot be read
 * these routes answer with the error (503 while the database is down) rather than let guesses
 * through uncounted: they need the database to do their work anyway.
 */
export function createRouteLimits(app: FastifyInstance): RouteLimits {
  return {
    perIp: (max, timeWindow, sharedName) =>
      createLimiter(app, {
        max,
        timeWindow,
        sharedName,
        // An IPv6 client is counted by its /64, as the plugin's default key does.
        key: (request) => `address:${normalizeIP(request.ip)}`,
        whenCountersFail: 'refuse',
      }),
    perEmailAndIp: (max, timeWindow) =>
      createLimiter(app, { max, timeWindow, key: emailAndAddressKey, whenCountersFail: 'refuse' }),
  };
}
