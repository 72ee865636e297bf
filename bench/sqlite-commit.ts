// What one SQLite commit costs on this disk, with the server's settings (WAL, synchronous=FULL:
// an fsync per commit, docs/decisions/001) and with synchronous=NORMAL for comparison. The
// server's writes run on its only thread, so this time is spent by every request queued behind.
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { tempDir } from './cleanup.ts';

export type CommitCost = { synchronous: 'FULL' | 'NORMAL'; medianMs: number; p99Ms: number };

function measureCommits(file: string, synchronous: CommitCost['synchronous']): CommitCost {
  const database = new SqliteDatabase(file);
  try {
    database.pragma('journal_mode = WAL');
    database.pragma(`synchronous = ${synchronous}`);
    database.exec('create table if not exists t (id integer primary key, body text not null)');
    const insert = database.prepare('insert into t (body) values (?)');
    const body = 'x'.repeat(300);
    for (let i = 0; i < 20; i += 1) insert.run(body);
    const times: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const start = performance.now();
      insert.run(body);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return {
      synchronous,
      medianMs: times[times.length >> 1] ?? 0,
      p99Ms: times[Math.ceil(times.length * 0.99) - 1] ?? 0,
    };
  } finally {
    database.close();
  }
}

/** 300 one-row commits each way, in a temp dir on the same file system as the bench's servers. */
export function sqliteCommitCosts(): CommitCost[] {
  const { dir, remove } = tempDir('sqlite-commit');
  try {
    return [
      measureCommits(path.join(dir, 'full.db'), 'FULL'),
      measureCommits(path.join(dir, 'normal.db'), 'NORMAL'),
    ];
  } finally {
    remove();
  }
}
