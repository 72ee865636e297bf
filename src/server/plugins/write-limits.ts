import type { FastifyInstance } from 'fastify';
import { createLimiter, type RateLimits } from '#server/security/rate-limits.ts';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes with limits of their own, in features/auth/*.routes.ts. */
export const routesWithOwnLimits = new Set([
  '/api/auth/signup',
  '/api/auth/signin',
  '/api/auth/password-reset',
  '/api/auth/password-reset/confirm',
  '/api/auth/confirm-email',
  '/api/auth/confirm-email/lookup',
  '/api/auth/confirm-email/decline',
  '/api/auth/confirm-email/resend',
]);
const minute = 60_000;

/**
 * Every write route gets a per-person rate (docs/product.md §6): a signed-in person is counted by their
 * user id, a visitor by address, each route on its own. Nobody writes 60 journal entries a
 * minute or 5 testimonies an hour; a script that does gets 429 { error, message } and Retry-After.
 * With RATE_LIMIT_STORE=database the counts are the same on every instance (decision 012).
 * The person is known from the session, loaded in an earlier onRequest hook (session-loading.ts).
 * Register before the routes: it adds its check to each write route as it is declared.
 */
export function registerWriteLimits(app: FastifyInstance, limits: RateLimits): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().map((method) => method.toUpperCase());
    const writes = methods.filter((method) => writeMethods.has(method));
    if (writes.length === 0 || !route.url.startsWith('/api/') || routesWithOwnLimits.has(route.url))
      return;
    const isTestimony = route.url === '/api/testimonies' && writes.includes('POST');
    const limitWrites = createLimiter(
      app,
      {
        max: isTestimony ? limits.testimoniesPerHour : limits.writesPerMinute,
        timeWindow: isTestimony ? 60 * minute : minute,
        key: (request) => (request.userId ? `person:${request.userId}` : `address:${request.ip}`),
        // A guard against scripts: if its counters fail (the database store), a person's write
        // still goes on, as the write itself will succeed or fail on its own (decision 012).
        whenCountersFail: 'allow',
      },
      isTestimony
        ? (seconds) =>
            `You have shared several testimonies in the last hour. Please wait ${Math.ceil(seconds / 60)} minutes before sharing another.`
        : undefined,
    );
    // In onRequest, after the route's own (an upload's "who is asking" comes first): a client
    // over its limit is answered before its body is read or parsed, whatever that body is.
    const existing = route.onRequest;
    route.onRequest = [...(existing ? [existing].flat() : []), limitWrites];
  });
}
