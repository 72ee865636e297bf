import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * A strict Content-Security-Policy: scripts only from our own origin (the built app has no
 * inline script; the theme is set by /theme-init.js). Styles allow 'unsafe-inline' because
 * sonner and Radix set style elements at run time; that is not a script-injection path.
 */
const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Google account pictures (profile_image_url) are served from googleusercontent.com.
      imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      mediaSrc: ["'self'", 'data:', 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Cross-origin isolation is not needed and would block the Google sign-in pop-back.
  crossOriginEmbedderPolicy: false,
  // HSTS only makes sense behind HTTPS; the reverse proxy sets it there.
  strictTransportSecurity: false,
};

/** The headers helmet sets for these options, in its order: they do not depend on the request. */
function securityHeaders(): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    // helmet removes X-Powered-By, which Fastify never sets.
    removeHeader: () => {},
  };
  helmet(helmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Worked out once, then copied onto every response. @fastify/helmet rebuilt helmet's middleware
 * (parsing the CSP again) on every request, which cost about 30% of the CPU time of a cached
 * Bible chapter (docs/benchmarks.md); the headers on the wire are the same.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
