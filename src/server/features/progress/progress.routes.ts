import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import { pageQuerySchema } from '#shared/schemas/pagination.ts';
import {
  booksStartedResponseSchema,
  chapterRefSchema,
  lastPositionSchema,
  readingProgressPageSchema,
  readingStatsSchema,
  saveProgressRequestSchema,
  saveProgressResponseSchema,
} from '#shared/schemas/reading.ts';
import {
  deleteProgress,
  getLastPosition,
  getReadingStats,
  listBooksStarted,
  listProgress,
  readChapter,
} from './progress.service.ts';

export function progressRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/progress', respondsWith(readingProgressPageSchema), async (request) => {
    const userId = requireUser(request);
    const page = parseInput(pageQuerySchema, request.query);
    return listProgress({ db, cursors: ctx.cursors }, userId, page);
  });

  app.get('/api/progress/books', respondsWith(booksStartedResponseSchema), async (request) =>
    listBooksStarted(db, requireUser(request)),
  );

  app.post('/api/progress', respondsWith(saveProgressResponseSchema), async (request) => {
    const userId = requireUser(request);
    const input = parseInput(saveProgressRequestSchema, request.body);
    return readChapter({ db, clock: ctx.clock, log: request.log }, userId, input);
  });

  app.delete('/api/progress', async (request, reply) => {
    const userId = requireUser(request);
    const chapter = parseInput(chapterRefSchema, request.query);
    await deleteProgress(db, userId, chapter);
    return reply.code(204).send();
  });

  app.get('/api/progress/stats', respondsWith(readingStatsSchema), async (request) =>
    getReadingStats(db, requireUser(request)),
  );

  app.get('/api/progress/last-position', respondsWith(lastPositionSchema), async (request) =>
    getLastPosition(db, requireUser(request)),
  );
}
