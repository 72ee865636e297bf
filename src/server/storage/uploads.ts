import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
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
  scope.addContentTypeParser('*', { bodyLimit: fileLimits.maxUploadBytes }, readUpload);
}

/** A body without a Content-Length starts in a buffer this big and doubles as it grows. */
const firstGuessBytes = 256 * 1024;

/**
 * Reads an upload into one buffer as its chunks arrive, sized by its Content-Length (the guard
 * has refused a declared length over the limit). Fastify's own reading gathers the chunks and
 * joins them at the end: for a 2.3 MB photo that join was one task of 8 ms (a fresh buffer's
 * pages are touched for the first time there), and every request waited behind it. Here each
 * chunk is copied as it comes, a few pages at a time. Over the limit, a length that does not
 * match, or a broken stream: Fastify's own errors, as its reading gives them.
 */
function readUpload(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  done: (error: Error | null, body?: Buffer) => void,
): void {
  const limit = fileLimits.maxUploadBytes;
  const header = request.headers['content-length'];
  const declared = header === undefined ? Number.NaN : Number(header);
  const isDeclared = Number.isSafeInteger(declared) && declared >= 0 && declared <= limit;
  let body = Buffer.allocUnsafe(isDeclared ? declared : firstGuessBytes);
  let received = 0;
  let isFinished = false;

  const finish = (error: Error | null, value?: Buffer) => {
    if (isFinished) return;
    isFinished = true;
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
    done(error, value);
  };
  function onData(data: Buffer | string) {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    if (received + chunk.length > limit) {
      finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    if (received + chunk.length > body.length) {
      // Longer than declared (refused at the end), or no length given: room for more.
      const larger = Buffer.allocUnsafe(
        Math.min(limit, Math.max(body.length * 2, received + chunk.length)),
      );
      body.copy(larger, 0, 0, received);
      body = larger;
    }
    chunk.copy(body, received);
    received += chunk.length;
  }
  function onEnd() {
    if (header !== undefined && received !== declared) {
      finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      return;
    }
    finish(null, body.subarray(0, received));
  }
  function onError(error: Error & { statusCode?: number }) {
    if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
    finish(error);
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
  payload.resume();
}

export function uploadBody(request: FastifyRequest): Buffer {
  return Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
}
