import type { FastifyInstance } from 'fastify';
import { chapterRefSchema, toggleHighlightRequestSchema } from '../../../shared/schemas/reading.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../security/sessions.ts';
import { parseInput } from '../../validate.ts';
import { listHighlights, toggleHighlight } from './highlights.service.ts';

export function highlightRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/highlights', async (request) => {
    const userId = requireUser(request);
    const chapter = parseInput(chapterRefSchema, request.query);
    return listHighlights(db, userId, chapter);
  });

  app.post('/api/highlights/toggle', async (request) => {
    const userId = requireUser(request);
    const verse = parseInput(toggleHighlightRequestSchema, request.body);
    return toggleHighlight({ db, clock: ctx.clock, bible: ctx.bible }, userId, verse);
  });
}
