import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import { pageQuerySchema } from '#shared/schemas/pagination.ts';
import { ownTestimonyPageSchema, ownTestimonySchema } from '#shared/schemas/testimonies.ts';
import {
  assertModerator,
  listPendingTestimonies,
  moderateTestimony,
} from './moderation.service.ts';

export function moderationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  /** Visitors get 401; signed-in users who are not moderators get 403. */
  async function requireModerator(request: FastifyRequest): Promise<void> {
    const userId = requireUser(request);
    await assertModerator(db, userId, ctx.config.moderatorEmails);
  }

  app.get('/api/moderation/testimonies', respondsWith(ownTestimonyPageSchema), async (request) => {
    await requireModerator(request);
    const page = parseInput(pageQuerySchema, request.query);
    return listPendingTestimonies({ db, cursors: ctx.cursors }, page);
  });

  app.post<{ Params: { id: string } }>(
    '/api/moderation/testimonies/:id/approve',
    respondsWith(ownTestimonySchema),
    async (request) => {
      await requireModerator(request);
      return moderateTestimony({ db, clock: ctx.clock }, request.params.id, 'approve');
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/moderation/testimonies/:id/decline',
    respondsWith(ownTestimonySchema),
    async (request) => {
      await requireModerator(request);
      return moderateTestimony({ db, clock: ctx.clock }, request.params.id, 'decline');
    },
  );
}
