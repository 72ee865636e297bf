import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The CSP source that allows exactly this inline script: `'sha256-…'` of its text. */
export function inlineScriptSource(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/**
 * A strict Content-Security-Policy: scripts only from our own origin, plus the inline scripts
 * of index.html named by their hashes (the theme script, which must run before first paint;
 * delivery/client-pages.ts hashes it from the built page at start-up). Styles allow
 * 'unsafe-inline' because sonner and Radix set style elements at run time; that is not a
 * script-injection path.
 */
function helmetOptions(inlineScripts: readonly string[]): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
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
}

/**
 * The headers helmet sets for these options, in its order: they do not depend on the request.
 * `inlineScripts` are CSP sources (see inlineScriptSource) for the pages that carry them.
 */
function securityHeaders(inlineScripts: readonly string[] = []): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    // helmet removes X-Powered-By, which Fastify never sets.
    removeHeader: () => {},
  };
  helmet(helmetOptions(inlineScripts))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error) => {
      if (error) throw error;
    },
  );
  return headers;
}

/** The Content-Security-Policy header's value for a page with these inline scripts. */
export function contentSecurityPolicy(inlineScripts: readonly string[] = []): string {
  const header = securityHeaders(inlineScripts).find(
    ([name]) => name.toLowerCase() === 'content-security-policy',
  );
  if (!header) throw new Error('helmet set no Content-Security-Policy');
  return header[1];
}

/**
 * What an API answer carries instead of a page's headers: it is data, never a document, so
 * nothing may load from it or frame it, no other site may read it with a no-cors request
 * (Cross-Origin-Resource-Policy), and it is never sniffed into something else; the OWASP REST
 * set, and fewer bytes and header checks on the answers the app makes most of.
 */
export const apiSecurityHeaders: readonly [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

/**
 * Worked out once, then copied onto every response: helmet's for pages and files (HTML pages
 * replace the CSP with theirs, which also allows their inline scripts: delivery/static-client.ts),
 * the short API set above for /api. @fastify/helmet rebuilt helmet's middleware (parsing the CSP
 * again) on every request, which cost about 30% of the CPU time of a cached Bible chapter
 * (docs/benchmarks.md).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const pageHeaders = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.url.startsWith('/api/') ? apiSecurityHeaders : pageHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
