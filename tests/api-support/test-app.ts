import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance, onRouteHookHandler } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { Bible } from '#server/bible/bible.ts';
import { loadKingJamesVersion } from '#server/bible/kjv.ts';
import { systemClock, type Clock } from '#server/clock.ts';
import { readConfig, type Config } from '#server/config.ts';
import { connectDatabase, type DatabaseHandle, type Db } from '#server/db/connect.ts';
import type { DialectName } from '#server/db/dialect-plugin.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { Mailer } from '#server/mailer.ts';
import type { PushSender } from '#server/push.ts';
import { defaultRateLimits, type RateLimits } from '#server/security/rate-limits.ts';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  db: Db;
  dialect: DialectName;
  clock: Clock;
  /**
   * Another connection (pool) to this same test database, as a second server instance would
   * have; closed by close(). For tests of what happens when two instances race.
   */
  connectAgain: () => Db;
  /**
   * A second instance of the server (its own pool on this same database, the same config), as
   * a second process behind a load balancer would be; closed by close().
   */
  startAnotherInstance: () => Promise<FastifyInstance>;
  /** Closes the app and the database, then deletes the SQLite file or drops the schema. */
  close: () => Promise<void>;
};

export type TestAppOptions = {
  clock?: Clock;
  config?: Partial<Config>;
  /** Replaces the SMTP or outbox mailer that config would choose. */
  mailer?: Mailer;
  /** Replaces the Web Push sender that config would choose (off without VAPID keys). */
  push?: PushSender;
  /** Defaults to testRateLimits; the rate-limit tests pass the real ones. */
  rateLimits?: RateLimits;
  /** Logging is off unless a test reads the log lines (at config.logLevel). */
  logStream?: Writable;
  /** Called for every route as it is registered (the hostile-input tests list them). */
  onRoute?: onRouteHookHandler;
};

/**
 * Limits high enough that a test file signing up dozens of users from one address never meets
 * them; tests about rate limiting pass defaultRateLimits or small limits of their own.
 */
export const testRateLimits: RateLimits = {
  ...defaultRateLimits,
  signUpPerIp: 10_000,
  signInPerIp: 10_000,
  passwordFailuresPerAccountAndIp: 10_000,
  passwordFailuresPerAccount: 10_000,
  passwordFailuresPerDevice: 10_000,
  resetPerIp: 10_000,
  resetPerEmailAndIp: 10_000,
  resetMailsPerEmail: 10_000,
  confirmationMailsPerUser: 10_000,
  writesPerMinute: 10_000,
  testimoniesPerHour: 10_000,
  uploadsPerMinute: 10_000,
  exportsPerHour: 10_000,
};

let bible: Bible | undefined;

/** The KJV takes a moment to parse; every app in a worker shares one copy (it is read-only). */
export function sharedBible(): Bible {
  bible ??= loadKingJamesVersion();
  return bible;
}

/**
 * The app wired as the tests wire it (system clock, the shared Bible, test rate limits, no
 * log) over a database handle the caller opened and closes, ready for inject().
 */
export async function buildAppOver(
  database: DatabaseHandle,
  config: Config,
): Promise<FastifyInstance> {
  const app = await buildApp({
    config,
    database,
    clock: systemClock,
    bible: sharedBible(),
    startedAt: Date.now(),
    rateLimits: testRateLimits,
    logger: false,
    checkAnswers: true,
  });
  await app.ready();
  return app;
}

/** Which database the API suite runs on; scripts/test-api.ts runs it once per dialect. */
export function testDialect(): DialectName {
  return process.env.GROUNDED_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

export type TestDatabase = {
  database: DatabaseHandle;
  /** The PostgreSQL schema of this test database. */
  schema?: string;
  /** A new handle on the same database; the caller closes it. */
  reconnect: () => DatabaseHandle;
  dispose: () => Promise<void>;
};

async function createPostgresDatabase(): Promise<TestDatabase> {
  const connectionString = process.env.TEST_DATABASE_URL;
  if (!connectionString) {
    throw new Error('GROUNDED_TEST_DIALECT=postgres needs TEST_DATABASE_URL (postgres://…)');
  }
  // One schema per test file keeps files that run in parallel out of each other's way.
  const schema = `t_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const connect = () =>
    connectDatabase({ dialect: 'postgres', connectionString, searchPath: schema, poolSize: 4 });
  const database = connect();
  return {
    database,
    schema,
    reconnect: connect,
    dispose: async () => {
      try {
        await database.close();
        await admin.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await admin.end();
      }
    },
  };
}

function createSqliteDatabase(dir: string): TestDatabase {
  const connect = () => connectDatabase({ dialect: 'sqlite', filename: path.join(dir, 'test.db') });
  const database = connect();
  return { database, reconnect: connect, dispose: () => database.close() };
}

/**
 * A fresh database of the suite's dialect, not migrated: for a migration's own test, which
 * stops the migrations part-way to seed what an older schema allowed.
 */
export async function openEmptyTestDatabase(): Promise<TestDatabase> {
  if (testDialect() === 'postgres') return createPostgresDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-test-'));
  const opened = createSqliteDatabase(dir);
  return {
    ...opened,
    dispose: async () => {
      await opened.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fully wired app on a fresh, migrated database of its own (SQLite by default, PostgreSQL when
 * GROUNDED_TEST_DIALECT=postgres), for driving with app.inject().
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-test-'));
  const clock = options.clock ?? systemClock;
  let testDatabase: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  const extraConnections: DatabaseHandle[] = [];
  const otherInstances: FastifyInstance[] = [];
  const close = async () => {
    try {
      await app?.close();
      for (const instance of otherInstances.splice(0)) await instance.close();
      for (const connection of extraConnections.splice(0)) await connection.close();
      await testDatabase?.dispose();
    } finally {
      fs.rmSync(tempDir, { recursive: true, force: true });
    }
  };
  try {
    testDatabase =
      testDialect() === 'postgres'
        ? await createPostgresDatabase()
        : createSqliteDatabase(path.join(tempDir, 'db'));
    const { database } = testDatabase;
    await migrateToLatest(database.db, database.dialect, { schema: testDatabase.schema });
    const config: Config = {
      ...readConfig({}),
      dataDir: path.join(tempDir, 'data'),
      clientDir: path.join(tempDir, 'no-client'),
      ...options.config,
    };
    app = await buildApp({
      config,
      database,
      clock,
      bible: sharedBible(),
      startedAt: clock.now().getTime(),
      rateLimits: options.rateLimits ?? testRateLimits,
      ...(options.mailer ? { mailer: options.mailer } : {}),
      ...(options.push ? { push: options.push } : {}),
      ...(options.onRoute ? { onRoute: options.onRoute } : {}),
      ...(options.logStream ? { logger: true, logStream: options.logStream } : { logger: false }),
      checkAnswers: true,
    });
    await app.ready();
    const { reconnect } = testDatabase;
    const connectAgain = () => {
      const connection = reconnect();
      extraConnections.push(connection);
      return connection.db;
    };
    const startAnotherInstance = async () => {
      const connection = reconnect();
      extraConnections.push(connection);
      const instance = await buildAppOver(connection, config);
      otherInstances.push(instance);
      return instance;
    };
    return {
      app,
      config,
      db: database.db,
      dialect: database.dialect,
      clock,
      connectAgain,
      startAnotherInstance,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * createTestApp in beforeAll and close in afterAll; read the app through the getter inside
 * tests: `const t = useTestApp(); it('…', async () => { await t.app.inject(…) })`.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(options);
  });
  afterAll(async () => {
    await testApp?.close();
  });
  const current = (): TestApp => {
    if (!testApp) throw new Error('useTestApp(): the app exists only inside tests and hooks');
    return testApp;
  };
  return {
    get app() {
      return current().app;
    },
    get config() {
      return current().config;
    },
    get db() {
      return current().db;
    },
    get dialect() {
      return current().dialect;
    },
    get clock() {
      return current().clock;
    },
    connectAgain: () => current().connectAgain(),
    startAnotherInstance: () => current().startAnotherInstance(),
    close: () => current().close(),
  };
}
