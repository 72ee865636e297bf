import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import { requireUser } from '#server/security/sessions.ts';
import { requireMember } from './membership.ts';

/** The most streams one person may hold open on one instance (a few tabs and devices). */
export const streamsPerPerson = 10;
/** The most streams one instance holds; past it a page falls back to refetching. */
export const streamsPerInstance = 5_000;
/** A comment this often keeps proxies from closing a quiet stream, and finds dead ones. */
export const heartbeatMs = 25_000;

type Stream = { userId: string; response: ServerResponse; stop: () => void };

/**
 * GET /api/groups/{id}/events: the group page's live stream (decision 028), server-sent events
 * for a member. Each event names what changed; the page refetches it. The stream ends when its
 * member is removed (or the group deleted), when the client goes, and when the server closes.
 */
export function groupEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  const streams = new Set<Stream>();
  const perPerson = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | undefined;

  const beat = () => {
    for (const stream of streams) stream.response.write(': heartbeat\n\n');
  };

  app.addHook('preClose', (done) => {
    for (const stream of [...streams]) stream.stop();
    done();
  });

  app.get<{ Params: { id: string } }>('/api/groups/:id/events', async (request, reply) => {
    const userId = requireUser(request);
    const groupId = request.params.id;
    await requireMember(ctx.database.db, groupId, userId);
    if ((perPerson.get(userId) ?? 0) >= streamsPerPerson) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many live pages are open for your account. Close one and try again.',
        { retryAfterSeconds: 30 },
      );
    }
    if (streams.size >= streamsPerInstance) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Live updates are busy; the page will refresh.');
    }

    // The answer is written here, not by Fastify: not compressed, never ending on its own.
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    response.write('retry: 5000\n: connected\n\n');

    let stopped = false;
    const stream: Stream = {
      userId,
      response,
      stop: () => {
        if (stopped) return;
        stopped = true;
        unsubscribe();
        streams.delete(stream);
        const left = (perPerson.get(userId) ?? 1) - 1;
        if (left > 0) perPerson.set(userId, left);
        else perPerson.delete(userId);
        if (streams.size === 0 && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = undefined;
        }
        response.end();
      },
    };
    const unsubscribe = ctx.groupEvents.subscribe(groupId, (message) => {
      if (message.type === 'removed') {
        if (message.user_id !== undefined && message.user_id !== userId) {
          response.write(`data: ${JSON.stringify({ type: 'members' })}\n\n`);
          return;
        }
        response.write(`data: ${JSON.stringify({ type: 'removed' })}\n\n`);
        stream.stop();
        return;
      }
      const event = message.post_id
        ? { type: message.type, post_id: message.post_id }
        : { type: message.type };
      response.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    streams.add(stream);
    perPerson.set(userId, (perPerson.get(userId) ?? 0) + 1);
    if (!heartbeat) {
      heartbeat = setInterval(beat, heartbeatMs);
      heartbeat.unref();
    }
    request.raw.on('close', stream.stop);
    response.on('error', stream.stop);
  });
}
