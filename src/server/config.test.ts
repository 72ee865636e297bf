import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('readConfig', () => {
  it('starts on port 3000 with its data in ./data when nothing is set', () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.isProduction).toBe(false);
  });

  it('reads the settings an operator gives', () => {
    const config = readConfig({
      PORT: '8080',
      DATA_DIR: '/srv/grounded',
      DATABASE_URL: 'postgres://app@db/grounded',
      PUBLIC_URL: 'https://grounded.example/',
      TRUST_PROXY: 'true',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/grounded',
      databaseUrl: 'postgres://app@db/grounded',
      publicUrl: 'https://grounded.example',
      trustProxy: true,
      isProduction: true,
    });
  });

  it.each(['abc', '3000x', '-1', '70000', '80.5'])(
    'refuses PORT=%s with a clear message',
    (port) => {
      expect(() => readConfig({ PORT: port })).toThrow(
        `PORT must be a whole number from 0 to 65535, got "${port}"`,
      );
    },
  );
});

describe('RATE_LIMIT_STORE', () => {
  it('counts in the database by default on PostgreSQL, where instances scale out', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://app@db/grounded' }).rateLimitStore).toBe(
      'database',
    );
  });

  it('counts in memory by default on SQLite, one process', () => {
    expect(readConfig({}).rateLimitStore).toBe('memory');
  });

  it('takes the store an operator names', () => {
    expect(readConfig({ RATE_LIMIT_STORE: 'database' }).rateLimitStore).toBe('database');
    expect(
      readConfig({ RATE_LIMIT_STORE: 'memory', DATABASE_URL: 'postgres://app@db/grounded' })
        .rateLimitStore,
    ).toBe('memory');
  });

  it('refuses another value with a clear message', () => {
    expect(() => readConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(
      'RATE_LIMIT_STORE must be "database" or "memory", got "redis"',
    );
  });
});

describe('METRICS_TOKEN', () => {
  it('is off unless set, and taken when long enough', () => {
    expect(readConfig({}).metricsToken).toBeUndefined();
    const token = 'f'.repeat(64);
    expect(readConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it('refuses a token short enough to guess, saying how to make one', () => {
    expect(() => readConfig({ METRICS_TOKEN: 'secret' })).toThrow(
      'METRICS_TOKEN must be at least 32 characters (openssl rand -hex 32 makes one)',
    );
  });
});

describe('METRICS_EVENT_LOOP_RESOLUTION_MS', () => {
  it('looks at the event loop every 10 ms unless told otherwise', () => {
    expect(readConfig({}).eventLoopResolutionMs).toBe(10);
    expect(readConfig({ METRICS_EVENT_LOOP_RESOLUTION_MS: '1' }).eventLoopResolutionMs).toBe(1);
  });

  it.each(['0', '2.5', 'fast', '5000'])('refuses %j with a clear message', (value) => {
    expect(() => readConfig({ METRICS_EVENT_LOOP_RESOLUTION_MS: value })).toThrow(
      `METRICS_EVENT_LOOP_RESOLUTION_MS must be a whole number from 1 to 1000, got "${value}"`,
    );
  });
});
