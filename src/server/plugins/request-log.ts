import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry one-time secrets: the reset link's token (the browser opens
 * /auth/reset-password?token=… on this server) and the OAuth callback's code and state.
 */
const secretQueryParameter = /([?&](?:token|code|state)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretQueryParameter, '$1[redacted]');
}

/**
 * Fastify's request serializer (method, URL, host, client address) with the secrets above cut out
 * of the URL. Headers are never logged, so cookies stay out of the log too.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
