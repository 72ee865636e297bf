import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { checkDeclaredAnswers, respondsWith } from './response-schema.ts';

const accountSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  plan: z.object({ day: z.number().int() }).nullable(),
  matches: z.array(z.tuple([z.number().int(), z.number().int()])),
  note: z.string().optional(),
});

/** A row as a careless query might return it: with a column no answer should carry. */
const row = {
  id: 'a1',
  name: null,
  plan: { day: 3, owner_id: 'u9' },
  matches: [[0, 4]],
  password_hash: 'secret',
};

async function appWith(answer: unknown, options: { check?: boolean } = {}) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  if (options.check) checkDeclaredAnswers(app);
  app.get('/declared', respondsWith(accountSchema), async () => answer);
  app.get('/refused', respondsWith(accountSchema), async () => {
    throw new AppError('NOT_FOUND', 'There is no such thing.');
  });
  await app.ready();
  return app;
}

describe('respondsWith', () => {
  it('sends only the fields the shared schema names, at every depth', async () => {
    const app = await appWith(row);
    const response = await app.inject({ url: '/declared' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'a1', name: null, plan: { day: 3 }, matches: [[0, 4]] });
    expect(accountSchema.parse(response.json())).toEqual(response.json());
    await app.close();
  });

  it('leaves refusals to the error handler: { error, message } with their status', async () => {
    const app = await appWith(row);
    const response = await app.inject({ url: '/refused' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'There is no such thing.' });
    await app.close();
  });
});

describe('checkDeclaredAnswers (the API tests)', () => {
  it('passes an answer that is exactly what its schema describes', async () => {
    const exact = { id: 'a1', name: 'Ruth', plan: null, matches: [], note: 'kept' };
    const app = await appWith(exact, { check: true });
    const response = await app.inject({ url: '/declared' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(exact);
    await app.close();
  });

  it('fails an answer with a field the schema would drop', async () => {
    const app = await appWith(row, { check: true });
    expect((await app.inject({ url: '/declared' })).statusCode).toBe(500);
    await app.close();
  });

  it('fails an answer the schema would change or refuse', async () => {
    const app = await appWith({ id: 7, name: null, plan: null, matches: [] }, { check: true });
    expect((await app.inject({ url: '/declared' })).statusCode).toBe(500);
    await app.close();
  });
});
