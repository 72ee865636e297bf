import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import { withPasswordAttempt } from '#server/security/password-attempts.ts';
import { createLimiter } from '#server/security/rate-limits.ts';
import { endSession, requireUser } from '#server/security/sessions.ts';
import { parseInput } from '#server/validate.ts';
import { deleteAccountRequestSchema, openExportQuerySchema } from '#shared/schemas/account.ts';
import { accountEmail, deleteAccount, exportAccountStream } from './account.service.ts';
import { openExportStream } from './open-export/open-export.ts';

const hour = 60 * 60_000;

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  // Exports read every row a person has, so each person has a count of them (JSON, Markdown and
  // CSV together, on every instance with the database store) and one running at a time on an
  // instance: one person cannot keep the server reading for everyone else (decision 026).
  const limitExports = createLimiter(
    app,
    {
      max: ctx.rateLimits.exportsPerHour,
      timeWindow: hour,
      key: (request) => `person:${request.userId ?? request.ip}`,
      whenCountersFail: 'allow',
      sharedName: 'account-export',
    },
    (seconds) =>
      `You have downloaded your data several times in the last hour. Please wait ${Math.ceil(seconds / 60)} minutes and try again.`,
  );
  const exporting = new Set<string>();

  /** The person, once their export may start; `run` makes the stream, sent as it is read. */
  async function sendExport(
    request: FastifyRequest,
    reply: FastifyReply,
    run: (userId: string) => Promise<Readable>,
  ): Promise<Readable> {
    const userId = requireUser(request);
    if (exporting.has(userId)) {
      throw new AppError(
        'RATE_LIMITED',
        'Your data is already being downloaded. Please wait for that download to finish.',
      );
    }
    exporting.add(userId);
    const done = () => exporting.delete(userId);
    try {
      await limitExports(request, reply);
      const stream = await run(userId);
      stream.once('close', done);
      reply.raw.once('close', done);
      return stream;
    } catch (error) {
      done();
      throw error;
    }
  }

  app.get('/api/account/export', async (request, reply) => {
    // Streamed as it is read, a batch of rows at a time (decision 012); see exportAccountStream.
    const stream = await sendExport(request, reply, (userId) =>
      exportAccountStream({ db, clock: ctx.clock, log: request.log }, userId),
    );
    const date = ctx.clock.now().toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="grounded-data-${date}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(stream);
  });

  // Notes, highlights, journal and saved verses as a zip of Markdown or CSV files (decision 026).
  app.get('/api/account/export.zip', async (request, reply) => {
    requireUser(request);
    const { format } = parseInput(openExportQuerySchema, request.query);
    const stream = await sendExport(request, reply, (userId) =>
      openExportStream(
        { db, clock: ctx.clock, translations: ctx.translations, log: request.log },
        userId,
        format,
      ),
    );
    const date = ctx.clock.now().toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="grounded-${format}-${date}.zip"`)
      .header('cache-control', 'no-store')
      .type('application/zip')
      .send(stream);
  });

  app.delete('/api/account', async (request, reply) => {
    const userId = requireUser(request);
    const confirmation = parseInput(deleteAccountRequestSchema, request.body);
    const remove = () =>
      deleteAccount(
        { db, clock: ctx.clock, log: request.log, events: ctx.groupEvents },
        userId,
        confirmation,
      );
    // A password typed here is guessed under the same limits as at sign-in (decision 009).
    if ('password' in confirmation) {
      const email = await accountEmail(db, userId);
      await withPasswordAttempt(ctx, request, reply, { email, userId }, remove);
    } else {
      await remove();
    }
    await endSession(ctx, request, reply);
    return reply.status(204).send();
  });
}
