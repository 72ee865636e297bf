import { describe, expect, it } from 'vitest';
import { testDialect, useTestApp } from '#tests/api-support/test-app.ts';

const t = useTestApp();

const validLog = { level: 'warn', event: 'not_found', path: '/no-such-page' };

function postClientLog(body: string, remoteAddress = '10.0.0.1', contentType = 'application/json') {
  return t.app.inject({
    method: 'POST',
    url: '/api/client-log',
    headers: { 'content-type': contentType },
    payload: body,
    remoteAddress,
  });
}

describe('GET /api/health', () => {
  it('reports the database as up, with the dialect in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: 'up',
      dialect: testDialect(),
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('errors', () => {
  it('answers an unknown API route with 404 JSON', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
    expect(response.json().message).toContain('/api/does-not-exist');
  });

  it('answers a malformed JSON body with 400 JSON', async () => {
    const response = await postClientLog('{"level": "warn",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('answers a body over 1 MB with 413 JSON', async () => {
    const body = JSON.stringify({ ...validLog, message: 'x'.repeat(1024 * 1024) });
    const response = await postClientLog(body);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
  });

  it('answers a body that is not JSON with 415 JSON', async () => {
    const response = await postClientLog('hello', '10.0.0.1', 'text/plain');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.any(String),
    });
  });
});

describe('headers on every response', () => {
  it('lets nothing load from or frame an API answer, nor another site read or sniff it', async () => {
    for (const url of ['/api/health', '/api/bible/John/3', '/api/does-not-exist']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('sends a page a strict content security policy and the other security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('tags every response with a distinct x-request-id, errors included', async () => {
    const responses = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/does-not-exist' }),
      postClientLog('{', '10.0.0.2'),
    ]);
    const ids = responses.map((response) => response.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('POST /api/client-log', () => {
  it('accepts a valid report with 204 and no body', async () => {
    const response = await postClientLog(JSON.stringify(validLog), '10.0.1.1');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('refuses a report without a path, naming the field', async () => {
    const response = await postClientLog(
      JSON.stringify({ level: 'warn', event: 'not_found' }),
      '10.0.1.2',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.json().message).toMatch(/\bpath\b/);
  });

  it('refuses an unknown event, naming the field', async () => {
    const response = await postClientLog(
      JSON.stringify({ ...validLog, event: 'format_disk' }),
      '10.0.1.3',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/\bevent\b/);
  });

  it('allows 30 reports a minute from one address, then answers 429 JSON', async () => {
    const body = JSON.stringify(validLog);
    for (let i = 0; i < 30; i += 1) {
      const response = await postClientLog(body, '10.0.2.1');
      expect(response.statusCode).toBe(204);
    }
    const limited = await postClientLog(body, '10.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address has its own allowance.
    const other = await postClientLog(body, '10.0.2.2');
    expect(other.statusCode).toBe(204);
  });
});
