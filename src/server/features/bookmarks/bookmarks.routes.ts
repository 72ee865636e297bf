import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  bookmarkPageSchema,
  bookmarkStatusResponseSchema,
  chapterRefSchema,
  listBookmarksQuerySchema,
  toggleBookmarkResponseSchema,
} from '#shared/schemas/reading.ts';
import {
  deleteBookmark,
  isBookmarked,
  listBookmarks,
  toggleBookmark,
} from './bookmarks.service.ts';

export function bookmarkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/bookmarks', respondsWith(bookmarkPageSchema), async (request) => {
    const userId = requireUser(request);
    const query = parseInput(listBookmarksQuerySchema, request.query);
    return listBookmarks({ db, cursors: ctx.cursors }, userId, query);
  });

  app.get('/api/bookmarks/status', respondsWith(bookmarkStatusResponseSchema), async (request) => {
    const userId = requireUser(request);
    const chapter = parseInput(chapterRefSchema, request.query);
    return isBookmarked(db, userId, chapter);
  });

  app.post('/api/bookmarks/toggle', respondsWith(toggleBookmarkResponseSchema), async (request) => {
    const userId = requireUser(request);
    const chapter = parseInput(chapterRefSchema, request.body);
    return toggleBookmark({ db, clock: ctx.clock }, userId, chapter);
  });

  app.delete<{ Params: { id: string } }>('/api/bookmarks/:id', async (request, reply) => {
    const userId = requireUser(request);
    await deleteBookmark(db, userId, request.params.id);
    return reply.code(204).send();
  });
}
