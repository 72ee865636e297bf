import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { parseInput } from '#server/validate.ts';
import { translationQuerySchema } from '#shared/schemas/bible.ts';
import {
  dailyVerseResponseSchema,
  moodSuggestionsQuerySchema,
  moodSuggestionsResponseSchema,
} from '#shared/schemas/verses.ts';
import {
  getCatalogueJson,
  getDailyVerse,
  getMoodSuggestions,
  getVerseContent,
} from './catalogue.service.ts';

const dayMessage = 'Choose a day of the year from 1 to 366.';

/** Digits only: Number() would also read '0x10', '1e2' or ' 7 '. */
const dailyParamsSchema = z.object({
  day: z
    .string()
    .regex(/^\d{1,3}$/, dayMessage)
    .transform(Number)
    .pipe(z.number().int().min(1, dayMessage).max(366, dayMessage)),
});

/** The verse texts never change between deploys; a day of caching keeps them cheap. */
const cacheForADay = 'public, max-age=86400';

export function catalogueRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Built and checked here, at start-up: a reference that does not resolve stops the server.
  getVerseContent(ctx.bible);

  // ?translation=kjv|web|asv (decision 015): the texts in the person's translation, the KJV when
  // absent. The URL names the translation, so each is cached apart.
  app.get('/api/verses/catalogue', async (request, reply) => {
    const { translation } = parseInput(translationQuerySchema, request.query);
    const json = getCatalogueJson(ctx.translations.get(translation));
    return reply
      .header('cache-control', cacheForADay)
      .type('application/json; charset=utf-8')
      .send(json);
  });

  app.get(
    '/api/verses/daily/:day',
    respondsWith(dailyVerseResponseSchema),
    async (request, reply) => {
      const { day } = parseInput(dailyParamsSchema, request.params);
      const { translation } = parseInput(translationQuerySchema, request.query);
      const verse = getDailyVerse(ctx.translations.get(translation), day);
      return reply.header('cache-control', cacheForADay).send(verse);
    },
  );

  app.get(
    '/api/verses/suggestions',
    respondsWith(moodSuggestionsResponseSchema),
    async (request, reply) => {
      const { mood, translation } = parseInput(moodSuggestionsQuerySchema, request.query);
      const suggestions = getMoodSuggestions(ctx.translations.get(translation), mood);
      return reply.header('cache-control', cacheForADay).send(suggestions);
    },
  );
}
