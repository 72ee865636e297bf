import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '#server/config.ts';
import { browserRequest, signUp } from '#tests/api-support/auth-helpers.ts';
import { buildAppOver } from '#tests/api-support/test-app.ts';
import { connectDatabase, type DatabaseHandle } from './connect.ts';
import { migrateToLatest } from './migrate.ts';
import { createWalSync, SqliteConnection } from './sqlite-connection.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-wal-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Lets pending promise callbacks and I/O run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('SqliteConnection', () => {
  function open() {
    const connection = new SqliteConnection(new SqliteDatabase(':memory:'));
    connection.prepare('create table t (id integer primary key, body text)').run([]);
    return connection;
  }

  it('counts a write outside a transaction as a commit, and a read as none', () => {
    const connection = open();
    const before = connection.commits;
    connection.prepare('insert into t (body) values (?)').run(['a']);
    expect(connection.commits).toBe(before + 1);
    connection.prepare('select * from t').all([]);
    expect(connection.commits).toBe(before + 1);
    connection.prepare('insert into t (body) values (?) returning id').all(['b']);
    expect(connection.commits).toBe(before + 2);
  });

  it('counts a transaction once, when it commits, not while its writes are pending', () => {
    const connection = open();
    const before = connection.commits;
    connection.prepare('begin').run([]);
    connection.prepare('insert into t (body) values (?)').run(['a']);
    connection.prepare('insert into t (body) values (?)').run(['b']);
    expect(connection.commits).toBe(before);
    connection.prepare('commit').run([]);
    expect(connection.commits).toBe(before + 1);
  });

  it('prepares each SQL text once', () => {
    const connection = open();
    const statement = connection.prepare('select count(*) as n from t');
    expect(connection.prepare('select count(*) as n from t')).toBe(statement);
    connection.prepare('insert into t (body) values (?)').run(['a']);
    expect(statement.all([])).toEqual([{ n: 1 }]);
  });
});

describe('createWalSync', () => {
  function setUp() {
    const walPath = path.join(tempDir(), 'test.db-wal');
    fs.writeFileSync(walPath, 'frames');
    const counter = { commits: 0 };
    const syncs: ReturnType<typeof deferred>[] = [];
    const walSync = createWalSync(walPath, counter, () => {
      const gate = deferred();
      syncs.push(gate);
      return gate.promise;
    });
    return { counter, syncs, walSync };
  }

  it('answers at once when nothing was committed', async () => {
    const { syncs, walSync } = setUp();
    await walSync.flush();
    expect(syncs).toHaveLength(0);
  });

  it('covers the commits of all waiting requests with one fsync', async () => {
    const { counter, syncs, walSync } = setUp();
    counter.commits = 3;
    let done = 0;
    const flushes = [walSync.flush(), walSync.flush(), walSync.flush()].map((flush) =>
      flush.then(() => (done += 1)),
    );
    // The WAL file is opened first, on the thread pool: however long that takes on a busy machine.
    await expect.poll(() => syncs.length).toBe(1);
    await settle();
    expect(syncs).toHaveLength(1);
    expect(done).toBe(0);
    syncs[0]?.resolve();
    await Promise.all(flushes);
    expect(done).toBe(3);
    expect(syncs).toHaveLength(1);
    // Nothing new since: the next answer does not wait for the disk.
    await walSync.flush();
    expect(syncs).toHaveLength(1);
    await walSync.close();
  });

  it('makes a commit that lands during an fsync wait for the next one', async () => {
    const { counter, syncs, walSync } = setUp();
    counter.commits = 1;
    const first = walSync.flush();
    await expect.poll(() => syncs.length).toBe(1);
    counter.commits = 2;
    let secondDone = false;
    const second = walSync.flush().then(() => {
      secondDone = true;
    });
    syncs[0]?.resolve();
    await first;
    await expect.poll(() => syncs.length).toBe(2);
    expect(secondDone).toBe(false);
    syncs[1]?.resolve();
    await second;
    expect(secondDone).toBe(true);
    await walSync.close();
  });

  it('fails the waiting answers when the disk refuses the fsync, and tries again next time', async () => {
    const walPath = path.join(tempDir(), 'test.db-wal');
    fs.writeFileSync(walPath, 'frames');
    const counter = { commits: 1 };
    let fail = true;
    const walSync = createWalSync(walPath, counter, async () => {
      if (fail) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
    });
    await expect(walSync.flush()).rejects.toThrow(/EIO/);
    fail = false;
    await expect(walSync.flush()).resolves.toBeUndefined();
    await walSync.close();
  });

  it('has nothing to sync when there is no WAL file', async () => {
    const counter = { commits: 1 };
    let syncs = 0;
    const walSync = createWalSync(path.join(tempDir(), 'none.db-wal'), counter, async () => {
      syncs += 1;
    });
    await walSync.flush();
    expect(syncs).toBe(0);
  });
});

describe('answers and the disk (group commit)', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let gate = deferred();
  let flushes = 0;
  let othersCommit = false;
  let failFlush = false;
  let extraCommits = 0;
  const config = readConfig({});

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grounded-group-commit-'));
    dirs.push(dir);
    const real = connectDatabase({ dialect: 'sqlite', filename: path.join(dir, 'test.db') });
    await migrateToLatest(real.db, real.dialect);
    // The real handle, with each flush held until the test lets the disk "finish".
    database = {
      ...real,
      // While othersCommit is set, every look at the count finds new commits (others' writes).
      commits: () => real.commits() + (othersCommit ? (extraCommits += 1) : extraCommits),
      flushWrites: async () => {
        flushes += 1;
        if (failFlush) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
        await gate.promise;
        await real.flushWrites();
      },
    };
    app = await buildAppOver(database, {
      ...config,
      dataDir: dir,
      clientDir: path.join(dir, 'no-client'),
    });
  });

  afterAll(async () => {
    gate.resolve();
    await app?.close();
    await database?.close();
  });

  it('holds the answer to a write until its commit is on disk', async () => {
    gate.resolve();
    const user = await signUp({ app, config });
    gate = deferred();
    flushes = 0;
    let answered = false;
    const saving = browserRequest(
      { app, config },
      {
        method: 'POST',
        url: '/api/saved-verses',
        cookie: user.cookie,
        payload: {
          text: 'Be still, and know that I am God.',
          reference: 'Psalms 46:10',
          theme: 'Peace',
        },
      },
    ).then((response) => {
      answered = true;
      return response;
    });
    await settle();
    expect(flushes).toBe(1);
    expect(answered).toBe(false);
    gate.resolve();
    const response = await saving;
    expect(response.statusCode).toBe(201);
  });

  it('serves the Bible while others commit, without waiting for the disk', async () => {
    gate = deferred();
    flushes = 0;
    othersCommit = true;
    try {
      const chapter = await app.inject({ method: 'GET', url: '/api/bible/John/3' });
      expect(chapter.statusCode).toBe(200);
      expect(flushes).toBe(0);
      // A signed-in list read meanwhile could show others' writes: it waits for them.
      let answered = false;
      const list = app.inject({ method: 'GET', url: '/api/saved-verses' }).then((response) => {
        answered = true;
        return response;
      });
      await settle();
      expect(answered).toBe(false);
      expect(flushes).toBe(1);
      gate.resolve();
      expect((await list).statusCode).toBe(401);
    } finally {
      othersCommit = false;
      gate.resolve();
    }
  });

  it('answers a write whose fsync failed with an error, once, instead of hanging', async () => {
    gate.resolve();
    const user = await signUp({ app, config });
    failFlush = true;
    flushes = 0;
    try {
      const response = await browserRequest(
        { app, config },
        {
          method: 'POST',
          url: '/api/saved-verses',
          cookie: user.cookie,
          payload: { text: 'Jesus wept.', reference: 'John 11:35', theme: 'Comfort' },
        },
      );
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'INTERNAL', message: expect.any(String) });
      expect(flushes).toBe(1);
    } finally {
      failFlush = false;
    }
  });

  it('answers a request that wrote nothing without waiting for the disk', async () => {
    gate = deferred();
    flushes = 0;
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(flushes).toBe(0);
    gate.resolve();
  });
});
