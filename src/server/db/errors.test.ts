import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#scripts/lib/free-port.ts';
import { readConfig } from '#server/config.ts';
import { sessionCookie } from '#tests/api-support/auth-helpers.ts';
import { buildAppOver } from '#tests/api-support/test-app.ts';
import { connectDatabase, type DatabaseHandle } from './connect.ts';
import { databaseUnavailableMessage, isDatabaseUnavailable } from './errors.ts';

/** A PostgreSQL-style error as node-postgres throws it: a message and a SQLSTATE code. */
function pgError(code: string, message = 'database error'): Error {
  return Object.assign(new Error(message), { code });
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET')],
    [
      'refused connections on every address of a host name',
      Object.assign(
        new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]),
        {
          code: 'ECONNREFUSED',
        },
      ),
    ],
    ['pg_ctl stop (57P01 admin_shutdown)', pgError('57P01', 'terminating connection')],
    ['a server starting up or shutting down (57P03)', pgError('57P03')],
    ['a connection exception (class 08)', pgError('08006')],
    ['too many connections (53300)', pgError('53300')],
    ['a connection the server closed', new Error('Connection terminated unexpectedly')],
    [
      "pg-pool's connection timeout, with the socket error as its cause",
      new Error('Connection terminated due to connection timeout', {
        cause: socketError('ETIMEDOUT'),
      }),
    ],
    ['no free pooled connection in time', new Error('timeout exceeded when trying to connect')],
    ['SQLite still locked after the busy timeout', pgError('SQLITE_BUSY', 'database is locked')],
  ])('is true for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a syntax error', pgError('42601')],
    ['a SQLite constraint', pgError('SQLITE_CONSTRAINT_UNIQUE')],
    ['a bug in our code', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something that is not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the API while PostgreSQL cannot be reached', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    // Nothing listens there, so connecting is refused at once.
    const port = await freePort();
    database = connectDatabase({
      dialect: 'postgres',
      connectionString: `postgres://grounded@127.0.0.1:${port}/grounded`,
    });
    app = await buildAppOver(database, readConfig({}));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers a signed-in request with 503 and a sentence to show', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/journal',
      headers: { cookie: sessionCookie('some-session-token') },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'SERVICE_UNAVAILABLE',
      message: databaseUnavailableMessage,
    });
    expect(response.headers['retry-after']).toBeDefined();
  });

  it('answers a write with 503 too', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { origin: readConfig({}).publicUrl },
      payload: { email: 'ruth@example.com', password: 'quiet-harbour-lamp-42' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
  });

  it('reports the database as down on /api/health', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: 'down' });
  });

  it('still serves the Bible, which needs no database', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/bible/John/3' });
    expect(response.statusCode).toBe(200);
  });
});
