import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { databaseFileStore } from '#server/storage/database-file-store.ts';
import { checkPath } from '#server/storage/file-store.ts';
import { acceptRawUploads, uploadBody, uploadGuards } from '#server/storage/uploads.ts';
import { parseInput } from '#server/validate.ts';
import {
  fileLimits,
  fileMessages,
  picturesBucket,
  publicFilePrefix,
  userContentBucket,
} from '#shared/rules/files.ts';
import {
  removedFileSchema,
  storedFileListSchema,
  storedFileSchema,
} from '#shared/schemas/storage.ts';
import { listFiles, removeFile, uploadFile } from './storage.service.ts';

const listQuerySchema = z.object({
  folder: z.string().max(fileLimits.maxPathLength).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(fileLimits.listLimit, `A list shows at most ${fileLimits.listLimit} files.`)
    .default(fileLimits.listLimit),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const pathOf = (request: FastifyRequest) => (request.params as { '*': string })['*'];

export async function storageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const deps = { db, clock: ctx.clock };
  const base = `/api/storage/${userContentBucket}`;

  await app.register(async (scope) => {
    acceptRawUploads(scope);
    scope.post(
      `${base}/*`,
      respondsWith(storedFileSchema, { onRequest: uploadGuards(scope, ctx) }),
      async (request, reply) => {
        const stored = await uploadFile(
          deps,
          requireUser(request),
          pathOf(request),
          uploadBody(request),
        );
        return reply.status(201).send(stored);
      },
    );
  });

  app.delete(`${base}/*`, respondsWith(removedFileSchema), async (request) =>
    removeFile(deps, requireUser(request), pathOf(request)),
  );

  app.get(base, respondsWith(storedFileListSchema), async (request) => {
    const userId = requireUser(request);
    const query = parseInput(listQuerySchema, request.query);
    return listFiles(deps, userId, { ...query, folder: query.folder ?? userId });
  });

  // Everyone's: a stored file at its public address (spec §7's public URL), and a profile
  // picture at its random one. Never a document: a sandboxing CSP, no sniffing, shown inline
  // under a safe name.
  const serve = (bucket: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request);
    try {
      checkPath(path);
    } catch {
      throw new AppError('NOT_FOUND', fileMessages.notFound);
    }
    const file = await databaseFileStore(db, ctx.clock).get(bucket, path);
    if (!file) throw new AppError('NOT_FOUND', fileMessages.notFound);
    const name = path.split('/').at(-1) ?? 'file';
    reply
      .header('content-type', file.content_type)
      .header('cache-control', `public, max-age=${fileLimits.cacheSeconds}`)
      .header('etag', file.etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('last-modified', new Date(file.created_at).toUTCString());
    const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
    if (known.includes(file.etag) || known.includes(`W/${file.etag}`) || known.includes('*')) {
      return reply.status(304).send();
    }
    return reply.send(file.data);
  };
  app.get(`${publicFilePrefix}${userContentBucket}/*`, serve(userContentBucket));
  app.get(`${publicFilePrefix}${picturesBucket}/*`, serve(picturesBucket));
}
