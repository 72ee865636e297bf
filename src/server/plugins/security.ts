import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * A strict Content-Security-Policy: scripts only from our own origin (the built app has no
 * inline script; the theme is set by /theme-init.js). Styles allow 'unsafe-inline' because
 * sonner and Radix set style elements at run time; that is not a script-injection path.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  });
}
