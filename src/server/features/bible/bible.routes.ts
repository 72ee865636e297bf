import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { lookupPassage } from '#server/bible/passage.ts';
import { cachedRouteOptions, sendCached } from '#server/delivery/cached-body.ts';
import { respondsWith } from '#server/response-schema.ts';
import { parseInput } from '#server/validate.ts';
import {
  passageQuerySchema,
  passageResponseSchema,
  translationQuerySchema,
  translationsResponseSchema,
} from '#shared/schemas/bible.ts';
import { getBooksJson, getChapterJson, translationsList } from './bible.service.ts';

export function bibleRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/bible/passage', respondsWith(passageResponseSchema), async (request, reply) => {
    const { reference } = parseInput(passageQuerySchema, request.query);
    const { translation } = parseInput(translationQuerySchema, request.query);
    const passage = lookupPassage(ctx.translations.get(translation), reference);
    // The KJV text never changes; let browsers and proxies keep it for a day.
    return reply.header('cache-control', 'public, max-age=86400').send(passage);
  });

  // Kept a day, not for good: a release may add a translation to the list.
  app.get(
    '/api/bible/translations',
    respondsWith(translationsResponseSchema),
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').send(translationsList),
  );

  app.get('/api/bible/books', cachedRouteOptions, async (request, reply) =>
    sendCached(request, reply, getBooksJson()),
  );

  app.get<{ Params: { book: string; chapter: string } }>(
    '/api/bible/:book/:chapter',
    cachedRouteOptions,
    async (request, reply) => {
      const { book, chapter } = request.params;
      const { translation } = parseInput(translationQuerySchema, request.query);
      return sendCached(
        request,
        reply,
        getChapterJson(ctx.translations.get(translation), book, chapter),
      );
    },
  );
}
