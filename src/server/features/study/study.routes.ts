import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { parseInput } from '#server/validate.ts';
import { studyDataVersion } from '#shared/rules/study.ts';
import {
  verseContextQuerySchema,
  verseContextResponseSchema,
} from '#shared/schemas/study-context.ts';
import {
  chapterStudyQuerySchema,
  chapterStudyResponseSchema,
  crossReferencesQuerySchema,
  crossReferencesResponseSchema,
  strongsEntryResponseSchema,
  strongsQuerySchema,
} from '#shared/schemas/study.ts';
import { verseContext } from './context.service.ts';
import { studyDownloadRoutes } from './study-download.ts';
import {
  chapterStudy,
  resolveChapter,
  resolveVerse,
  strongsEntry,
  verseCrossReferences,
} from './study.service.ts';

type VerseParams = { Params: { book: string; chapter: string; verse: string } };

/** Study helps for anyone, visitors too (decision 023). */
export function studyRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The study notes for offline use: every chapter's study data, and the Strong's dictionaries.
  studyDownloadRoutes(app);

  app.get<VerseParams>(
    '/api/study/:book/:chapter/:verse/cross-references',
    respondsWith(crossReferencesResponseSchema),
    async (request, reply) => {
      const { book, chapter, verse } = request.params;
      const position = resolveVerse(book, chapter, verse);
      const { translation, offset, limit } = parseInput(crossReferencesQuerySchema, request.query);
      const answer = verseCrossReferences(ctx.translations.get(translation), position, {
        offset,
        limit,
      });
      // The data changes only with a release.
      return reply.header('cache-control', 'public, max-age=86400').send(answer);
    },
  );

  app.get<{ Params: { number: string } }>(
    '/api/study/strongs/:number',
    respondsWith(strongsEntryResponseSchema),
    async (request, reply) => {
      const page = parseInput(strongsQuerySchema, request.query);
      const answer = strongsEntry(ctx.bible, request.params.number, page);
      return reply.header('cache-control', 'public, max-age=86400').send(answer);
    },
  );

  app.get<{ Params: { book: string; chapter: string } }>(
    '/api/study/:book/:chapter',
    respondsWith(chapterStudyResponseSchema),
    async (request, reply) => {
      const { book, chapter } = request.params;
      const { v } = parseInput(chapterStudyQuerySchema, request.query);
      const answer = chapterStudy(resolveChapter(book, chapter));
      // Asked for with this release's version, the answer never changes: the browser keeps it for
      // good (and offline). Asked for without it, it is kept only a while.
      const caching =
        v === studyDataVersion ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
      return reply.header('cache-control', caching).send(answer);
    },
  );

  app.get<VerseParams>(
    '/api/study/:book/:chapter/:verse/context',
    respondsWith(verseContextResponseSchema),
    async (request, reply) => {
      const { book, chapter, verse } = request.params;
      const position = resolveVerse(book, chapter, verse);
      const { translation, to } = parseInput(verseContextQuerySchema, request.query);
      const answer = verseContext(ctx.translations.get(translation), ctx.bible, position, to);
      return reply.header('cache-control', 'public, max-age=86400').send(answer);
    },
  );
}
