import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signUp } from '#tests/api-support/auth-helpers.ts';
import { testRateLimits, useTestApp } from '#tests/api-support/test-app.ts';

// Two sign-ins a minute from one address, so that a third is refused and counted.
const t = useTestApp({ rateLimits: { ...testRateLimits, signInPerIp: 2 } });

async function metricsText(): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one series in Prometheus's text, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/ready', () => {
  it('is ready with the database up, every migration applied and the Bible loaded', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      database: 'up',
      migrations: 'done',
      bible: 'loaded',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is not ready, 503, while a migration this version knows is missing', async () => {
    const last = await sql<{ name: string }>`select max(name) as name from kysely_migration`
      .execute(t.db)
      .then(({ rows }) => rows[0]?.name ?? '');
    await sql`delete from kysely_migration where name = ${last}`.execute(t.db);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'not_ready', migrations: 'pending' });
      expect(response.headers['retry-after']).toBe('1');
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${new Date().toISOString()})`.execute(
        t.db,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('counts answers under their route pattern, never a path with an id in it', async () => {
    const account = await signUp(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/journal',
      headers: { cookie: account.cookie, origin: t.config.publicUrl },
      payload: { title: 'Kept', content: 'A private line', emotion_tags: [] },
    });
    const id = (created.json() as { id: string }).id;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/journal/${id}`,
      headers: { cookie: account.cookie, origin: t.config.publicUrl },
    });
    expect(deleted.statusCode).toBe(204);
    const text = await metricsText();
    expect(text).not.toContain(id);
    expect(text).not.toContain(account.email);
    expect(
      valueOf(
        text,
        `grounded_http_requests_total{method="DELETE",route="/api/journal/:id",status="${deleted.statusCode}"}`,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /^grounded_http_request_duration_seconds_count\{method="POST",route="\/api\/journal",status_class="2xx"\} [1-9]/m,
    );
  });

  it('counts every answer of a series, each status apart', async () => {
    const series = (status: number) =>
      `grounded_http_requests_total{method="GET",route="/api/bible/:book/:chapter",status="${status}"}`;
    const durations =
      'grounded_http_request_duration_seconds_count{method="GET",route="/api/bible/:book/:chapter",status_class="2xx"}';
    const before = await metricsText();
    for (let round = 0; round < 3; round += 1) {
      expect((await t.app.inject({ method: 'GET', url: '/api/bible/John/3' })).statusCode).toBe(
        200,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/bible/John/99' })).statusCode).toBe(404);
    const after = await metricsText();
    expect((valueOf(after, series(200)) ?? 0) - (valueOf(before, series(200)) ?? 0)).toBe(3);
    expect((valueOf(after, series(404)) ?? 0) - (valueOf(before, series(404)) ?? 0)).toBe(1);
    expect((valueOf(after, durations) ?? 0) - (valueOf(before, durations) ?? 0)).toBe(3);
  });

  it('counts rate-limit refusals by route', async () => {
    const before =
      valueOf(
        await metricsText(),
        'grounded_rate_limit_refusals_total{route="/api/auth/signin"}',
      ) ?? 0;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { origin: t.config.publicUrl },
        payload: { email: 'nobody@example.com', password: 'not the password' },
        remoteAddress: '198.51.100.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
    const after = valueOf(
      await metricsText(),
      'grounded_rate_limit_refusals_total{route="/api/auth/signin"}',
    );
    expect(after).toBe(before + 1);
  });

  it('reports the database connections', async () => {
    const text = await metricsText();
    const idle = valueOf(text, 'grounded_db_connections{state="idle"}') ?? -1;
    const inUse = valueOf(text, 'grounded_db_connections{state="in_use"}') ?? -1;
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(inUse).toBeGreaterThanOrEqual(0);
    expect(idle + inUse).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'grounded_db_waiting_requests')).toBe(0);
  });

  it('is refused to another machine, and to a proxy passing a request on', async () => {
    const remote = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.5',
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({
      error: 'FORBIDDEN',
      message:
        'The metrics are served only on this machine; set METRICS_TOKEN to read them from another.',
    });
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const proxied = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { [header]: '203.0.113.5' },
      });
      expect(proxied.statusCode, header).toBe(403);
    }
  });
});
