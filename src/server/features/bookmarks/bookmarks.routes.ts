import type { FastifyInstance } from 'fastify';
import { chapterRefSchema } from '../../../shared/schemas/reading.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../security/sessions.ts';
import { parseInput } from '../../validate.ts';
import { deleteBookmark, listBookmarks, toggleBookmark } from './bookmarks.service.ts';

export function bookmarkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/bookmarks', async (request) => listBookmarks(db, requireUser(request)));

  app.post('/api/bookmarks/toggle', async (request) => {
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
