import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  chapterNotesSchema,
  createNoteRequestSchema,
  listNotesQuerySchema,
  notePageSchema,
  noteSchema,
  updateNoteRequestSchema,
} from '#shared/schemas/notes.ts';
import { chapterRefSchema } from '#shared/schemas/reading.ts';
import {
  chapterNotes,
  createNote,
  deleteNote,
  getNote,
  listNotes,
  updateNote,
} from './notes.service.ts';

/** Notes on verses (decision 024): each route reads and writes the signed-in member's own. */
export function noteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, dialect } = ctx.database;

  app.get('/api/notes', respondsWith(notePageSchema), async (request) => {
    const userId = requireUser(request);
    const query = parseInput(listNotesQuerySchema, request.query);
    return listNotes({ db, dialect, cursors: ctx.cursors }, userId, query);
  });

  app.post('/api/notes', respondsWith(noteSchema), async (request, reply) => {
    const userId = requireUser(request);
    const note = parseInput(createNoteRequestSchema, request.body);
    return reply.code(201).send(await createNote({ db, clock: ctx.clock }, userId, note));
  });

  app.get<{ Params: { book: string; chapter: string } }>(
    '/api/notes/chapter/:book/:chapter',
    respondsWith(chapterNotesSchema),
    async (request) => {
      const userId = requireUser(request);
      const chapter = parseInput(chapterRefSchema, {
        book_name: request.params.book,
        chapter_number: request.params.chapter,
      });
      return chapterNotes(db, userId, chapter);
    },
  );

  app.get<{ Params: { id: string } }>('/api/notes/:id', respondsWith(noteSchema), async (request) =>
    getNote(db, requireUser(request), request.params.id),
  );

  app.patch<{ Params: { id: string } }>(
    '/api/notes/:id',
    respondsWith(noteSchema),
    async (request) => {
      const userId = requireUser(request);
      const changes = parseInput(updateNoteRequestSchema, request.body);
      return updateNote({ db, clock: ctx.clock }, userId, request.params.id, changes);
    },
  );

  app.delete<{ Params: { id: string } }>('/api/notes/:id', async (request, reply) => {
    const userId = requireUser(request);
    await deleteNote(db, userId, request.params.id);
    return reply.code(204).send();
  });
}
