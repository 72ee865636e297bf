import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/connect.ts';
import { requireUser } from '#server/security/sessions.ts';
import { requireMember } from './membership.ts';

/** The most streams one person may hold open on one instance (a few tabs and devices). */
export const streamsPerPerson = 10;
/** The most streams one instance holds; past it a page falls back to refetching. */
export const streamsPerInstance = 5_000;
/** Sessions looked up in one query when the streams' sessions are checked. */
const sessionsPerQuery = 500;

type Stream = { userId: string; sessionHash: string; response: ServerResponse; stop: () => void };

/**
 * GET /api/groups/{id}/events: the group page's live stream (decision 028), server-sent events
 * for a member. Each event names what changed; the page refetches it. The stream ends when its
 * member is removed (or the group deleted), when the client goes, and when the server closes.
 */
export function groupEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  const streams = new Set<Stream>();
  const perPerson = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | undefined;
  ctx.metrics.watchEventStreams(() => streams.size);

  // A comment every config.liveHeartbeatMs keeps proxies from closing a quiet stream and finds
  // dead ones; then the streams whose session has ended (signed out here or everywhere, a
  // sign-in method removed, expired) are closed: a stream lives no longer than its session.
  const beat = async () => {
    for (const stream of streams) stream.response.write(': heartbeat\n\n');
    try {
      const alive = await liveSessions(ctx.database.db, [...streams], ctx.clock.now());
      for (const stream of [...streams]) if (!alive.has(stream.sessionHash)) stream.stop();
    } catch (error) {
      // The database could not answer: the streams stay, and are checked at the next beat.
      app.log.warn({ err: error }, 'Checking the live streams’ sessions failed');
    }
  };

  app.addHook('preClose', (done) => {
    for (const stream of [...streams]) stream.stop();
    done();
  });

  app.get<{ Params: { id: string } }>('/api/groups/:id/events', async (request, reply) => {
    const userId = requireUser(request);
    const sessionHash = request.sessionHash ?? '';
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
      sessionHash,
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
      heartbeat = setInterval(() => void beat(), ctx.config.liveHeartbeatMs);
      heartbeat.unref();
    }
    request.raw.on('close', stream.stop);
    response.on('error', stream.stop);
  });
}

/** Which of the streams' sessions are still live, a bounded query at a time. */
async function liveSessions(db: Db, streams: Stream[], now: Date): Promise<Set<string>> {
  const hashes = [...new Set(streams.map((stream) => stream.sessionHash))];
  const alive = new Set<string>();
  for (let start = 0; start < hashes.length; start += sessionsPerQuery) {
    const rows = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', hashes.slice(start, start + sessionsPerQuery))
      .where('expires_at', '>', now.toISOString())
      .execute();
    for (const row of rows) alive.add(row.id);
  }
  return alive;
}
