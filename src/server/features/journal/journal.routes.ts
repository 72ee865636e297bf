import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  createJournalEntryRequestSchema,
  journalEntrySchema,
  journalPageSchema,
  listJournalQuerySchema,
  updateJournalEntryRequestSchema,
} from '#shared/schemas/journal.ts';
import {
  createJournalEntry,
  deleteJournalEntry,
  listJournalEntries,
  updateJournalEntry,
} from './journal.service.ts';

export function journalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, dialect } = ctx.database;

  app.get('/api/journal', respondsWith(journalPageSchema), async (request) => {
    const userId = requireUser(request);
    const query = parseInput(listJournalQuerySchema, request.query);
    return listJournalEntries({ db, dialect, cursors: ctx.cursors }, userId, query);
  });

  app.post('/api/journal', respondsWith(journalEntrySchema), async (request, reply) => {
    const userId = requireUser(request);
    const entry = parseInput(createJournalEntryRequestSchema, request.body);
    const created = await createJournalEntry({ db, clock: ctx.clock }, userId, entry);
    return reply.code(201).send(created);
  });

  app.patch<{ Params: { id: string } }>(
    '/api/journal/:id',
    respondsWith(journalEntrySchema),
    async (request) => {
      const userId = requireUser(request);
      const changes = parseInput(updateJournalEntryRequestSchema, request.body);
      return updateJournalEntry({ db, clock: ctx.clock }, userId, request.params.id, changes);
    },
  );

  app.delete<{ Params: { id: string } }>('/api/journal/:id', async (request, reply) => {
    const userId = requireUser(request);
    await deleteJournalEntry(db, userId, request.params.id);
    return reply.code(204).send();
  });
}
