// What one SQLite commit costs on this disk with synchronous=FULL (an fsync of the WAL inside
// every commit: what the group commit of docs/decisions/004 shares) and with synchronous=NORMAL
// (the server's setting: the commit alone, without the fsync).
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
