import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import { pageQuerySchema } from '#shared/schemas/pagination.ts';
import {
  createTestimonyRequestSchema,
  ownTestimonyPageSchema,
  ownTestimonySchema,
  publicTestimonyPageSchema,
} from '#shared/schemas/testimonies.ts';
import {
  createTestimony,
  deleteOwnTestimony,
  listApprovedTestimonies,
  listOwnTestimonies,
} from './testimonies.service.ts';

export function testimonyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  // Public: visitors read approved testimonies too (product §6).
  app.get('/api/testimonies', respondsWith(publicTestimonyPageSchema), async (request) => {
    const page = parseInput(pageQuerySchema, request.query);
    return listApprovedTestimonies({ db, cursors: ctx.cursors }, page);
  });

  app.get('/api/testimonies/mine', respondsWith(ownTestimonyPageSchema), async (request) => {
    const userId = requireUser(request);
    const page = parseInput(pageQuerySchema, request.query);
    return listOwnTestimonies({ db, cursors: ctx.cursors }, userId, page);
  });

  app.post('/api/testimonies', respondsWith(ownTestimonySchema), async (request, reply) => {
    const userId = requireUser(request);
    const testimony = parseInput(createTestimonyRequestSchema, request.body);
    const created = await createTestimony({ db, clock: ctx.clock }, userId, testimony);
    return reply.code(201).send(created);
  });

  app.delete<{ Params: { id: string } }>('/api/testimonies/:id', async (request, reply) => {
    const userId = requireUser(request);
    await deleteOwnTestimony(db, userId, request.params.id);
    return reply.code(204).send();
  });
}
