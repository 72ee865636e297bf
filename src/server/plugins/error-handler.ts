import type { FastifyError, FastifyInstance } from 'fastify';
import {
  errorStatus,
  isErrorCode,
  type ApiErrorBody,
  type ErrorCode,
} from '../../shared/errors.ts';
import { AppError } from '../app-error.ts';

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
  return {
    status: 500,
    body: { error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
  };
}

/** One place maps every error to { error, message }; unknown errors are logged with the request id. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = toClientError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error, status }, body.message);
    if (status === 429 || status === 503)
      reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
    return reply.status(status).send(body);
  });
}

export function apiNotFound(method: string, url: string): ApiErrorBody {
  const path = url.split('?')[0] ?? url;
  return { error: 'NOT_FOUND', message: `There is no API route ${method} ${path}.` };
}
