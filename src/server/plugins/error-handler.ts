import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/app-error.ts';
import { databaseUnavailableMessage, isDatabaseUnavailable } from '#server/db/errors.ts';
import { errorStatus, isErrorCode, type ApiErrorBody, type ErrorCode } from '#shared/errors.ts';

/** Fastify's own client errors, turned into our codes with messages a person can act on. */
const fastifyErrors: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is empty but says it is JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not supported; send JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'The Content-Length header does not match the body.',
  },
  // The router's own refusals (see sendError in app.ts's frameworkErrors): never echo the URL.
  FST_ERR_BAD_URL: {
    code: 'BAD_REQUEST',
    message: 'This address is not valid: it holds a broken %-escape.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'A part of this address is too long.',
  },
};

function codeForStatus(status: number): ErrorCode {
  const match = Object.entries(errorStatus).find(([, value]) => value === status);
  return match && isErrorCode(match[0]) ? match[0] : 'BAD_REQUEST';
}

function toClientError(error: FastifyError | AppError): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { error: error.code, message: error.message } };
  }
  const known = error.code ? fastifyErrors[error.code] : undefined;
  if (known)
    return { status: errorStatus[known.code], body: { error: known.code, message: known.message } };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, body: { error: codeForStatus(status), message: error.message } };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { error: 'SERVICE_UNAVAILABLE', message: databaseUnavailableMessage },
    };
  }
  return {
    status: 500,
    body: { error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
  };
}

/**
 * One place maps every error to { error, message }; unknown errors are logged with the request id.
 * Also Fastify's frameworkErrors handler, for URLs the router refuses before any route runs.
 */
export function sendError(
  error: FastifyError | AppError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { status, body } = toClientError(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: body.error, status }, body.message);
  if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  if (status === 429 || status === 503)
    reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
  // Never kept (plugins/cache-control.ts says so for every API answer; a URL the router refuses
  // is answered before any hook runs, so it is said here too).
  reply.header('cache-control', 'no-store');
  return reply.status(status).send(body);
}

/** What Node's HTTP parser refuses, before Fastify has a request to hand to sendError. */
function connectionError(code: string | undefined): { status: number; body: ApiErrorBody } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    const message = "The request headers are too large. Clear this site's cookies and try again.";
    return { status: 431, body: { error: 'HEADERS_TOO_LARGE', message } };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    const message = 'The request took too long to arrive. Please try again.';
    return { status: 408, body: { error: 'REQUEST_TIMEOUT', message } };
  }
  return {
    status: 400,
    body: { error: 'BAD_REQUEST', message: 'This is not a valid HTTP request.' },
  };
}

/**
 * Fastify's clientErrorHandler: a malformed request (bad syntax or chunking, a NUL in a header,
 * headers over 16 KB) still gets { error, message }, as Fastify's default would not give it.
 */
export function answerConnectionError(error: Error & { code?: string }, socket: Socket): void {
  // The client is gone: there is nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = connectionError(error.code);
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

export function apiNotFound(method: string, url: string): ApiErrorBody {
  const path = url.split('?')[0] ?? url;
  return { error: 'NOT_FOUND', message: `There is no API route ${method} ${path}.` };
}
