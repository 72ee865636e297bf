import type { FastifyInstance } from 'fastify';
import { pageQuerySchema } from '../../../shared/schemas/pagination.ts';
import {
  booksStartedResponseSchema,
  chapterRefSchema,
  lastPositionSchema,
  readingProgressPageSchema,
  readingStatsSchema,
  saveProgressRequestSchema,
  saveProgressResponseSchema,
} from '../../../shared/schemas/reading.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../security/sessions.ts';
import { parseInput } from '../../validate.ts';
import { afterChapterRead } from '../habit-plans/habit-plans.service.ts';
import {
  deleteProgress,
  getLastPosition,
  getReadingStats,
  listBooksStarted,
  listProgress,
  saveProgress,
} from './progress.service.ts';
import { respondsWith } from '../../response-schema.ts';

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
    const saved = await saveProgress({ db, clock: ctx.clock }, userId, input);
    // The chapter read ticks the plans followed and keeps the streak. Neither may fail
    // the save it follows: a failure is logged, and the chapter stays read.
    const read = { bookIndex: input.book_index, chapter: input.chapter_number };
    await afterChapterRead({ db, clock: ctx.clock }, userId, read, request.log);
    return saved;
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
