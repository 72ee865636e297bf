import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { getSearchIndex } from '#server/bible/search/inverted-index.ts';
import { prepareSearch, searchBible } from '#server/bible/search/search.ts';
import { respondsWith } from '#server/response-schema.ts';
import { parseInput } from '#server/validate.ts';
import {
  searchQuerySchema,
  searchResponseSchema,
  translationQuerySchema,
} from '#shared/schemas/bible.ts';

export function bibleSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Built here, at start-up, so that the first search is as fast as the rest.
  const index = prepareSearch(ctx.bible);
  app.log.info(
    { buildMs: Math.round(index.buildMs), stems: index.stemIds.size },
    'Bible search index ready',
  );

  app.get('/api/bible/search', respondsWith(searchResponseSchema), async (request, reply) => {
    const query = parseInput(searchQuerySchema, request.query);
    const { translation } = parseInput(translationQuerySchema, request.query);
    const bible = ctx.translations.get(translation);
    // Another translation's index is built at its first search (main.ts builds them once
    // listening), and kept as long as its text.
    // The Strong's tagging is the KJV's (decision 023): its numbers find verses in any
    // translation, since all share the KJV's versification.
    const response = searchBible(
      bible === ctx.bible ? index : getSearchIndex(bible),
      query,
      ctx.bible,
    );
    // The text never changes; an hour keeps answers fresh should the ranking improve.
    return reply.header('cache-control', 'public, max-age=3600').send(response);
  });
}
