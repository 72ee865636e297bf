import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, OneLinePerRequest } from './request-log.ts';

/** An app logging at `level` into an array, one entry per line. */
async function loggingApp(level: string, controller: (stream: Writable) => OneLinePerRequest) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const app = Fastify({
    logger: loggerOptions(level, stream),
    logController: controller(stream),
    genReqId: () => 'request-1',
  });
  app.get('/api/things/:id', async () => ({ ok: true }));
  app.get('/api/broken', async () => {
    throw new Error('broken on purpose');
  });
  await app.ready();
  return { app, lines };
}

const direct = await loggingApp('info', (stream) => new OneLinePerRequest(stream));
const throughPino = await loggingApp('info', () => new OneLinePerRequest());
const quiet = await loggingApp('warn', (stream) => new OneLinePerRequest(stream));

beforeAll(async () => {
  for (const { app } of [direct, throughPino, quiet]) {
    await app.inject({
      url: '/api/things/7?q=my%20private%20words&token=secret"quote',
      headers: { host: 'grounded.example', cookie: 'grounded_session=secret-session' },
    });
    await app.inject({ url: '/api/broken' });
  }
});

afterAll(async () => {
  for (const { app } of [direct, throughPino, quiet]) await app.close();
});

/** A line without its time and the request's duration, which differ between any two lines. */
function withoutTime(line: string): unknown {
  const { time, responseTime, ...rest } = JSON.parse(line) as {
    time: number;
    responseTime: number;
  };
  expect(time).toBeGreaterThan(Date.parse('2020-01-01'));
  expect(responseTime).toBeGreaterThan(0);
  return rest;
}

describe('the line of an answered request', () => {
  it('written straight into the stream, is the line pino writes: the same fields in the same order', () => {
    const completed = (line: string) =>
      line.includes('request completed') && line.includes('/api/things');
    const written = direct.lines.filter(completed);
    const pinos = throughPino.lines.filter(completed);
    expect(written).toHaveLength(1);
    expect(pinos).toHaveLength(1);
    expect(JSON.stringify(withoutTime(written[0] ?? '{}'))).toBe(
      JSON.stringify(withoutTime(pinos[0] ?? '{}')),
    );
    expect(withoutTime(written[0] ?? '{}')).toMatchObject({
      level: 30,
      reqId: 'request-1',
      req: {
        method: 'GET',
        url: '/api/things/7?q=[redacted]&token=[redacted]',
        host: 'grounded.example',
      },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(written[0]).not.toContain('secret');
    expect(written[0]).not.toContain('private');
  });

  it('is not written when the level is above info, while errors still are', () => {
    expect(quiet.lines.filter((line) => line.includes('request completed'))).toEqual([]);
    const errors = (lines: string[]) =>
      lines.filter((line) => line.includes('"level":50') && line.includes('broken on purpose'));
    expect(errors(quiet.lines)).toHaveLength(1);
    expect(errors(direct.lines)).toHaveLength(1);
  });
});
