import os from 'node:os';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { DestinationStream } from 'pino';

/**
 * Query parameters that carry one-time secrets: the reset link's token (the browser opens
 * /auth/reset-password?token=… on this server) and the OAuth callback's code and state.
 */
const secretQueryParameter = /([?&](?:token|code|state)=)[^&#]*/gi;

/**
 * A person's search of their own words (the journal, saved verses, bookmarks, and the screens
 * that show them: `q`) is theirs too. Only a search of the Bible or of the public verse lists
 * keeps its words in the log.
 */
const personalSearchParameter = /([?&]q=)[^&#]*/gi;

function isPublicSearch(url: string): boolean {
  return url.startsWith('/api/bible/') || url.startsWith('/api/verses/');
}

export function redactUrl(url: string): string {
  // Most addresses have no query at all (a chapter, a file): nothing to look through.
  if (!url.includes('?')) return url;
  const redacted = url.replace(secretQueryParameter, '$1[redacted]');
  return isPublicSearch(url) ? redacted : redacted.replace(personalSearchParameter, '$1[redacted]');
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

/**
 * Fastify logs every request twice, when it arrives and when it is answered. One line with the
 * request, the status and the time says the same at half the logging cost on the hot chapter
 * path (docs/benchmarks.md).
 *
 * Given the stream pino writes to, the line of an answered request is written straight into it,
 * in pino's own format (the same fields, in the same order, as pino with the serializers below
 * writes them): going through pino's generic serializing cost a cached chapter's answer a
 * quarter of its CPU. Errors, and a logger without a stream of its own, still go through pino.
 */
/** The levels at which pino writes an `info` line. */
const levelsWritingInfo = new Set(['trace', 'debug', 'info']);

export class OneLinePerRequest extends LogController {
  readonly #stream: DestinationStream | undefined;
  readonly #prefix = `{"level":30,"time":`;
  readonly #bindings = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},"reqId":`;

  constructor(stream?: DestinationStream) {
    super();
    this.#stream = stream;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (!error && this.#stream) {
      if (levelsWritingInfo.has(reply.log.level)) this.#stream.write(this.#line(request, reply));
      return;
    }
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  /** pino's line for `reply.log.info({ req, res, responseTime }, 'request completed')`. */
  #line(request: FastifyRequest, reply: FastifyReply): string {
    const req = serializeRequest(request);
    const port = req.remotePort === undefined ? '' : `,"remotePort":${req.remotePort}`;
    return (
      `${this.#prefix}${Date.now()}${this.#bindings}${JSON.stringify(request.id)}` +
      `,"req":{"method":${JSON.stringify(req.method)},"url":${JSON.stringify(req.url)}` +
      `,"host":${JSON.stringify(req.host)},"remoteAddress":${JSON.stringify(req.remoteAddress)}${port}}` +
      `,"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime}` +
      `,"msg":"request completed"}\n`
    );
  }
}

/**
 * pino at the configured level, into `stream` if given, with secrets kept out of every line: the
 * request serializer above writes no headers, and Fastify's answer serializer only the status, so
 * no cookie or authorization header can reach a line (src/server/log-redaction.test.ts). pino's
 * `redact` over those header paths found nothing to hide and cost 3% of a cached chapter's CPU.
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: serializeRequest },
  };
}

/** Every answer carries its request's id, the one its log line has. */
export function registerRequestId(app: FastifyInstance): void {
  // Callback style: an async hook would cost a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
