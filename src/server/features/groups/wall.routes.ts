import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '#server/app-context.ts';
import { respondsWith } from '#server/response-schema.ts';
import { requirePerson, requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import {
  createPostRequestSchema,
  createReplyRequestSchema,
  createReportRequestSchema,
  groupPostPageSchema,
  groupPostSchema,
  groupPostsQuerySchema,
  groupReplyPageSchema,
  groupReplySchema,
  groupReportListSchema,
  updatePostRequestSchema,
} from '#shared/schemas/groups.ts';
import {
  answerPost,
  deletePost,
  deleteReply,
  listPosts,
  listReplies,
  listReports,
  prayFor,
  replyTo,
  report,
  resolveReport,
  setHidden,
  sharePost,
  type WallDeps,
} from './wall.service.ts';

type PostParams = { Params: { id: string; postId: string } };
type ReplyParams = { Params: { id: string; replyId: string } };

const reportCreatedSchema = z.object({ id: z.string() });

/** The prayer wall (decision 028): every route reads the asker's membership first. */
export function groupWallRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps: WallDeps = {
    db: ctx.database.db,
    database: ctx.database,
    clock: ctx.clock,
    push: ctx.push,
    events: ctx.groupEvents,
    cursors: ctx.cursors,
  };

  app.get<{ Params: { id: string } }>(
    '/api/groups/:id/posts',
    respondsWith(groupPostPageSchema),
    async (request) => {
      const { userId, timeZone } = requirePerson(request);
      const page = parseInput(groupPostsQuerySchema, request.query);
      return listPosts({ ...deps, timeZone }, userId, request.params.id, page);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/groups/:id/posts',
    respondsWith(groupPostSchema),
    async (request, reply) => {
      const userId = requireUser(request);
      const input = parseInput(createPostRequestSchema, request.body);
      return reply.code(201).send(await sharePost(deps, userId, request.params.id, input));
    },
  );

  app.patch<PostParams>(
    '/api/groups/:id/posts/:postId',
    respondsWith(groupPostSchema),
    async (request) => {
      const userId = requireUser(request);
      const input = parseInput(updatePostRequestSchema, request.body);
      return answerPost(deps, userId, request.params.id, request.params.postId, input);
    },
  );

  app.delete<PostParams>('/api/groups/:id/posts/:postId', async (request, reply) => {
    await deletePost(deps, requireUser(request), request.params.id, request.params.postId);
    return reply.code(204).send();
  });

  app.post<PostParams>(
    '/api/groups/:id/posts/:postId/prayed',
    respondsWith(groupPostSchema),
    async (request) =>
      prayFor(deps, requireUser(request), request.params.id, request.params.postId),
  );

  app.get<PostParams>(
    '/api/groups/:id/posts/:postId/replies',
    respondsWith(groupReplyPageSchema),
    async (request) => {
      const userId = requireUser(request);
      const page = parseInput(groupPostsQuerySchema, request.query);
      return listReplies(deps, userId, request.params.id, request.params.postId, page);
    },
  );

  app.post<PostParams>(
    '/api/groups/:id/posts/:postId/replies',
    respondsWith(groupReplySchema),
    async (request, reply) => {
      const userId = requireUser(request);
      const input = parseInput(createReplyRequestSchema, request.body);
      return reply
        .code(201)
        .send(await replyTo(deps, userId, request.params.id, request.params.postId, input));
    },
  );

  app.delete<ReplyParams>('/api/groups/:id/replies/:replyId', async (request, reply) => {
    await deleteReply(deps, requireUser(request), request.params.id, request.params.replyId);
    return reply.code(204).send();
  });

  for (const hidden of [true, false]) {
    const action = hidden ? 'hide' : 'unhide';
    app.post<PostParams>(`/api/groups/:id/posts/:postId/${action}`, async (request, reply) => {
      const userId = requireUser(request);
      await setHidden(deps, userId, request.params.id, { post_id: request.params.postId }, hidden);
      return reply.code(204).send();
    });
    app.post<ReplyParams>(`/api/groups/:id/replies/:replyId/${action}`, async (request, reply) => {
      const userId = requireUser(request);
      await setHidden(
        deps,
        userId,
        request.params.id,
        { reply_id: request.params.replyId },
        hidden,
      );
      return reply.code(204).send();
    });
  }

  app.post<{ Params: { id: string } }>(
    '/api/groups/:id/reports',
    respondsWith(reportCreatedSchema),
    async (request, reply) => {
      const userId = requireUser(request);
      const input = parseInput(createReportRequestSchema, request.body);
      return reply.code(201).send(await report(deps, userId, request.params.id, input));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/groups/:id/reports',
    respondsWith(groupReportListSchema),
    async (request) => listReports(deps, requireUser(request), request.params.id),
  );

  app.post<{ Params: { id: string; reportId: string } }>(
    '/api/groups/:id/reports/:reportId/resolve',
    async (request, reply) => {
      await resolveReport(deps, requireUser(request), request.params.id, request.params.reportId);
      return reply.code(204).send();
    },
  );
}
