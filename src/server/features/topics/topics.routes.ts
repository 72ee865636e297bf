import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import { highlightSchema } from '#shared/schemas/reading.ts';
import {
  listTopicsQuerySchema,
  setTagsRequestSchema,
  topicPageQuerySchema,
  topicPageSchema,
  topicListSchema,
  topicTagSchema,
} from '#shared/schemas/topics.ts';
import { savedVerseSchema } from '#shared/schemas/verses.ts';
import { listTopics, setHighlightTags, setSavedVerseTags, topicPage } from './topics.service.ts';

/** Topics (decision 027): each route reads and writes the signed-in member's own. */
export function topicRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.patch<{ Params: { id: string } }>(
    '/api/highlights/:id',
    respondsWith(highlightSchema),
    async (request) => {
      const userId = requireUser(request);
      const { tags } = parseInput(setTagsRequestSchema, request.body);
      return setHighlightTags(db, userId, request.params.id, tags);
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/saved-verses/:id',
    respondsWith(savedVerseSchema),
    async (request) => {
      const userId = requireUser(request);
      const { tags } = parseInput(setTagsRequestSchema, request.body);
      return setSavedVerseTags(db, userId, request.params.id, tags);
    },
  );

  app.get('/api/topics', respondsWith(topicListSchema), async (request) => {
    const userId = requireUser(request);
    return listTopics(db, userId, parseInput(listTopicsQuerySchema, request.query));
  });

  app.get<{ Params: { tag: string } }>(
    '/api/topics/:tag',
    respondsWith(topicPageSchema),
    async (request) => {
      const userId = requireUser(request);
      const tag = parseInput(topicTagSchema, request.params.tag);
      const query = parseInput(topicPageQuerySchema, request.query);
      return topicPage(
        { db, cursors: ctx.cursors, bible: ctx.translations.get(query.translation) },
        userId,
        tag,
        query,
      );
    },
  );
}
