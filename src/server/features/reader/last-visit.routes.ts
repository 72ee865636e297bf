import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import { lastVisitSchema } from '#shared/schemas/last-visit.ts';
import { chapterRefSchema } from '#shared/schemas/reading.ts';
import { getLastVisit } from './last-visit.service.ts';

/** "Last time you were here": the signed-in member's own last visit to a chapter. */
export function lastVisitRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get<{ Params: { book: string; chapter: string } }>(
    '/api/reader/last-visit/:book/:chapter',
    respondsWith(lastVisitSchema),
    async (request) => {
      const userId = requireUser(request);
      const chapter = parseInput(chapterRefSchema, {
        book_name: request.params.book,
        chapter_number: request.params.chapter,
      });
      return getLastVisit({ db, now: ctx.clock.now() }, userId, chapter);
    },
  );
}
