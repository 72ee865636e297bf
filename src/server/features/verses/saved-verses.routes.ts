import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  createSavedVerseRequestSchema,
  listSavedVersesQuerySchema,
  savedVersePageSchema,
  savedVerseSchema,
  savedVerseStatusSchema,
  savedVerseStatusQuerySchema,
  type SavedVerseStatus,
} from '#shared/schemas/verses.ts';
import {
  createSavedVerse,
  deleteSavedVerse,
  listSavedVerses,
  savedVerseStatus,
} from './saved-verses.service.ts';

export function savedVerseRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, dialect } = ctx.database;

  app.get('/api/saved-verses', respondsWith(savedVersePageSchema), async (request) => {
    const userId = requireUser(request);
    const query = parseInput(listSavedVersesQuerySchema, request.query);
    return listSavedVerses({ db, dialect, cursors: ctx.cursors }, userId, query);
  });

  app.get(
    '/api/saved-verses/status',
    respondsWith(savedVerseStatusSchema),
    async (request): Promise<SavedVerseStatus> => {
      const userId = requireUser(request);
      const { reference } = parseInput(savedVerseStatusQuerySchema, request.query);
      return savedVerseStatus(db, userId, reference);
    },
  );

  // 201 with the new row, or 200 with the one already saved for this reference.
  app.post('/api/saved-verses', respondsWith(savedVerseSchema), async (request, reply) => {
    const userId = requireUser(request);
    const verse = parseInput(createSavedVerseRequestSchema, request.body);
    const saved = await createSavedVerse({ db, clock: ctx.clock }, userId, verse);
    return reply.code(saved.isNew ? 201 : 200).send(saved.verse);
  });

  app.delete<{ Params: { id: string } }>('/api/saved-verses/:id', async (request, reply) => {
    const userId = requireUser(request);
    await deleteSavedVerse(db, userId, request.params.id);
    return reply.code(204).send();
  });
}
