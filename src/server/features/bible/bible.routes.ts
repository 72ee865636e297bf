import type { FastifyInstance } from 'fastify';
import { passageQuerySchema } from '../../../shared/schemas/bible.ts';
import type { AppContext } from '../../app-context.ts';
import { lookupPassage } from '../../kjv/passage.ts';
import { parseInput } from '../../validate.ts';
import { getBooksJson, getChapterJson } from './bible.service.ts';
import { cachedRouteOptions, sendCached } from '../../delivery/cached-body.ts';

export function bibleRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/bible/passage', async (request, reply) => {
    const { reference } = parseInput(passageQuerySchema, request.query);
    const passage = lookupPassage(ctx.bible, reference);
    // The KJV text never changes; let browsers and proxies keep it for a day.
    return reply.header('cache-control', 'public, max-age=86400').send(passage);
  });

  app.get('/api/bible/books', cachedRouteOptions, async (request, reply) =>
    sendCached(request, reply, getBooksJson()),
  );

  app.get<{ Params: { book: string; chapter: string } }>(
    '/api/bible/:book/:chapter',
    cachedRouteOptions,
    async (request, reply) => {
      const { book, chapter } = request.params;
      return sendCached(request, reply, getChapterJson(ctx.bible, book, chapter));
    },
  );
}
