import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  addMemoryCardRequestSchema,
  dueCardsResponseSchema,
  dueCountResponseSchema,
  memoryCardPageSchema,
  memoryCardSchema,
  memoryStatusResponseSchema,
  reviewRequestSchema,
  reviewResponseSchema,
  type DueCardsResponse,
  type ReviewResponse,
} from '#shared/schemas/habits.ts';
import { pageQuerySchema } from '#shared/schemas/pagination.ts';
import {
  addMemoryCard,
  countDueCards,
  deleteMemoryCard,
  dueMemoryCards,
  listMemoryCards,
  memoryCardStatus,
  reviewMemoryCard,
} from './memorize.service.ts';

const statusQuerySchema = z.object({
  reference: z
    .string({ error: 'Give the reference of the verse.' })
    .trim()
    .min(1, 'Give the reference of the verse.')
    .max(40, 'Give the reference of the verse.'),
});

/** Verses learned by heart, reviewed with FSRS (decision 016). Members only. */
export function memorizeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const deps = { db, clock: ctx.clock, translations: ctx.translations };

  app.get('/api/memory-cards', respondsWith(memoryCardPageSchema), async (request) => {
    const userId = requireUser(request);
    const page = parseInput(pageQuerySchema, request.query);
    return listMemoryCards(
      { db, cursors: ctx.cursors, translations: ctx.translations },
      userId,
      page,
    );
  });

  app.get(
    '/api/memory-cards/due',
    respondsWith(dueCardsResponseSchema),
    async (request): Promise<DueCardsResponse> => {
      const userId = requireUser(request);
      return dueMemoryCards(deps, userId);
    },
  );

  app.get('/api/memory-cards/due-count', respondsWith(dueCountResponseSchema), async (request) => {
    const userId = requireUser(request);
    return { count: await countDueCards(deps, userId) };
  });

  app.get('/api/memory-cards/status', respondsWith(memoryStatusResponseSchema), async (request) => {
    const userId = requireUser(request);
    const { reference } = parseInput(statusQuerySchema, request.query);
    return memoryCardStatus(db, userId, reference);
  });

  // 201 with the new card, or 200 with the one already being learned for this verse.
  app.post('/api/memory-cards', respondsWith(memoryCardSchema), async (request, reply) => {
    const userId = requireUser(request);
    const body = parseInput(addMemoryCardRequestSchema, request.body);
    const added = await addMemoryCard(deps, userId, body);
    return reply.code(added.isNew ? 201 : 200).send(added.card);
  });

  app.post<{ Params: { id: string } }>(
    '/api/memory-cards/:id/review',
    respondsWith(reviewResponseSchema),
    async (request): Promise<ReviewResponse> => {
      const userId = requireUser(request);
      const { rating } = parseInput(reviewRequestSchema, request.body);
      return reviewMemoryCard(deps, userId, request.params.id, rating);
    },
  );

  app.delete<{ Params: { id: string } }>('/api/memory-cards/:id', async (request, reply) => {
    const userId = requireUser(request);
    await deleteMemoryCard(db, userId, request.params.id);
    return reply.code(204).send();
  });
}
