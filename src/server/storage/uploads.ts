import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import { createLimiter } from '#server/security/rate-limits.ts';
import { requireUser } from '#server/security/sessions.ts';
import { fileLimits, fileMessages } from '#shared/rules/files.ts';

/**
 * The hooks every upload route runs before its body is read: who is asking (401 before 5 MB
 * arrive for nothing), then the uploads a person may make in a minute, one count for all
 * upload routes (decision 017).
 */
const guardsOfApp = new WeakMap<AppContext, ReturnType<typeof makeUploadGuards>>();

export function uploadGuards(app: FastifyInstance, ctx: AppContext) {
  // One limiter for every upload route of the app: each limiter made keeps a count of its own.
  let guards = guardsOfApp.get(ctx);
  if (!guards) {
    guards = makeUploadGuards(app, ctx);
    guardsOfApp.set(ctx, guards);
  }
  return guards;
}

function makeUploadGuards(app: FastifyInstance, ctx: AppContext) {
  const perPerson = createLimiter(
    app,
    {
      max: ctx.rateLimits.uploadsPerMinute,
      timeWindow: 60_000,
      key: (request) => `person:${request.userId ?? request.ip}`,
      whenCountersFail: 'allow',
      sharedName: 'uploads',
    },
    () => fileMessages.rateLimited,
  );
  return [
    async (request: FastifyRequest) => {
      requireUser(request);
      // A body that says it is over the limit is refused before a byte of it is read.
      if (Number(request.headers['content-length'] ?? 0) > fileLimits.maxUploadBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', fileMessages.tooLarge);
      }
    },
    perPerson,
  ];
}

/**
 * An upload's body is its raw bytes, whatever Content-Type the client gave (the type is read
 * from the bytes), up to 5 MB. Registered inside the upload routes' own scope only: every other
 * route still takes JSON alone.
 */
export function acceptRawUploads(scope: FastifyInstance): void {
  scope.setErrorHandler((error: { code?: string }) => {
    // The parser's own refusal of a body over the limit, in the words a person is shown; every
    // other error goes on to the app's handler.
    throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ? new AppError('PAYLOAD_TOO_LARGE', fileMessages.tooLarge)
      : error;
  });
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: fileLimits.maxUploadBytes },
    (_request, body, done) => done(null, body),
  );
}

export function uploadBody(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}
