import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  highlightPageSchema,
  listHighlightsQuerySchema,
  toggleHighlightResponseSchema,
  toggleHighlightRequestSchema,
} from '#shared/schemas/reading.ts';
import { listHighlights, toggleHighlight } from './highlights.service.ts';

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
