import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/app-error.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery: a state-changing API request from a browser must come from our own
 * origin. Browsers send Origin (and Sec-Fetch-Site) on every cross-site POST, PUT, PATCH and
 * DELETE; requests with neither header come from non-browser clients, which carry no ambient
 * cookies of our users. The session cookie is also SameSite=Lax, and JSON-only bodies rule out
 * plain HTML form posts: this check is the layer that does not depend on either.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = originOf(publicUrl);
  const isOwnOrigin = (request: FastifyRequest, origin: string | null): boolean =>
    origin !== null &&
    (origin === publicOrigin || origin === `${request.protocol}://${request.host}`);

  // Callback style: an async hook would cost a promise on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    // The matched route, not the raw URL: the router decodes '/%61pi/…' to an /api/ route.
    const path = request.routeOptions.url ?? request.url;
    if (safeMethods.has(request.method) || !path.startsWith('/api/')) {
      done();
      return;
    }
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const referer = request.headers.referer;
    let isAllowed = true;
    if (origin !== undefined) isAllowed = isOwnOrigin(request, originOf(origin));
    else if (fetchSite !== undefined)
      isAllowed = fetchSite === 'same-origin' || fetchSite === 'none';
    else if (referer !== undefined) isAllowed = isOwnOrigin(request, originOf(referer));
    done(
      isAllowed
        ? undefined
        : new AppError('FORBIDDEN', 'This request came from another site and was refused.'),
    );
  });
}
