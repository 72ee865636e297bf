import type { FastifyServerOptions } from 'fastify';

/**
 * A request must be all in, headers and body (at most 1 MB), within config.requestTimeoutMs
 * (30 s by default), not Node's 5 minutes: a client that announces a body and never sends it,
 * or sends its headers a byte at a time, gets 408 and loses its connection.
 */
export function requestTimeouts(requestTimeoutMs: number): Pick<
  FastifyServerOptions,
  'requestTimeout'
> & {
  http: { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      // Node holds a request whose headers are in until headersTimeout has passed as well; left
      // to itself it takes 60 s, fixed before Fastify sets requestTimeout (measured on Node 24).
      headersTimeout: requestTimeoutMs,
      // How often Node looks for overdue requests: by default every 30 s, which let a 30 s limit
      // hold a connection for up to 90 s. Each second (or a tenth of a shorter limit) is cheap.
      connectionsCheckingInterval: Math.min(1000, Math.ceil(requestTimeoutMs / 10)),
    },
  };
}
