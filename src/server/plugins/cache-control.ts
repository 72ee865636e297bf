import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '#server/security/sessions.ts';

/**
 * The API's public content: the Bible, the study helps (decision 023), the verse lists and the plan
 * library (decision 016), the same for everyone, served without looking up the session (plugins/session-loading.ts). Their routes
 * say how long they may be kept.
 */
export function isPublicContent(route: string): boolean {
  return (
    route.startsWith('/api/bible/') ||
    route.startsWith('/api/study/') ||
    route.startsWith('/api/verses/') ||
    route === '/api/plans' ||
    route.startsWith('/api/plans?')
  );
}

function variesOnCookie(reply: FastifyReply): boolean {
  const vary = reply.getHeader('vary');
  return String(vary ?? '')
    .toLowerCase()
    .split(',')
    .some((name) => name.trim() === 'cookie');
}

/** The route that answered, or the path asked for when none did (a 404, a refused address). */
function routeOf(request: FastifyRequest): string {
  // The matched route, not the raw URL: the router decodes '/%61pi/…' to an /api/ route.
  return request.routeOptions.url ?? request.url.split('?')[0] ?? '/';
}

/**
 * Who may keep an answer, decided in one place for every answer. An API
 * answer may depend on the session (a journal, a profile, a refusal saying who is signed in):
 * browsers and proxies must not store it, so it says `no-store`, errors included. Only the
 * public content's successful answers keep the caching their routes chose. A page drawn for a
 * request with a session cookie (the reader, delivery/reader-pages.ts, whose answer varies on the
 * cookie) is kept out of shared caches too; one drawn with the person's own data
 * (delivery/personal-pages.ts) says `no-store` and keeps it.
 */
export function registerCacheControl(app: FastifyInstance): void {
  // Callback style: an async hook would cost a promise on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = routeOf(request);
    if (route === '/api' || route.startsWith('/api/')) {
      const keepsOwnCaching =
        isPublicContent(route) && reply.statusCode < 400 && reply.hasHeader('cache-control');
      if (!keepsOwnCaching) reply.header('cache-control', 'no-store');
    } else if (
      request.cookies[sessionCookieName] !== undefined &&
      variesOnCookie(reply) &&
      !String(reply.getHeader('cache-control') ?? '').includes('no-store')
    ) {
      reply.header('cache-control', 'private, no-cache');
    }
    done(null, payload);
  });
}
