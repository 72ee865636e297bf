import type { FastifyInstance } from 'fastify';
import {
  highlightPageSchema,
  listHighlightsQuerySchema,
  toggleHighlightResponseSchema,
  toggleHighlightRequestSchema,
} from '../../../shared/schemas/reading.ts';
import type { AppContext } from '../../app-context.ts';
import { requireUser } from '../../security/sessions.ts';
import { parseInput } from '../../validate.ts';
import { listHighlights, toggleHighlight } from './highlights.service.ts';
import { respondsWith } from '../../response-schema.ts';

export function highlightRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/api/highlights', respondsWith(highlightPageSchema), async (request) => {
    const userId = requireUser(request);
    const query = parseInput(listHighlightsQuerySchema, request.query);
    return listHighlights({ db, cursors: ctx.cursors }, userId, query);
  });

  app.post(
    '/api/highlights/toggle',
    respondsWith(toggleHighlightResponseSchema),
    async (request) => {
      const userId = requireUser(request);
      const verse = parseInput(toggleHighlightRequestSchema, request.body);
      return toggleHighlight({ db, clock: ctx.clock, bible: ctx.bible }, userId, verse);
    },
  );
}
