// Decision 012: the export streams an account of any size, and deleting a big account leaves
// the server answering everyone else meanwhile.
import { Writable } from 'node:stream';
import { sql, type KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { systemClock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { newRowId } from '#server/db/ids.ts';
import { userOwnedTables } from '#server/db/types.ts';
import { referenceVerse } from '#shared/bible/reference-verse.ts';
import { addDays } from '#shared/habits/streak.ts';
import { browserRequest, sendingAs, sessionUser, signUp } from '#tests/api-support/auth-helpers.ts';
import { useTestApp } from '#tests/api-support/test-app.ts';
import {
  accountsBeingDeleted,
  closeAccount,
  finishAccountDeletion,
  resumeAccountDeletions,
} from './account-deletion.ts';
import { exportAccountStream, exportedColumns } from './account-export.ts';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    logLines.push(chunk.toString('utf8'));
    callback();
  },
});

const t = useTestApp({ logStream, config: { logLevel: 'warn' } });
const send = sendingAs(t);

type Seeded = Record<string, Record<string, unknown>[]>;

/** Many rows in several tables, several to a timestamp so batches end inside a run of ties. */
function manyRows(userId: string, marker: string, scale: number): Seeded {
  const base = Date.parse('2026-03-01T12:00:00.000Z');
  const at = (i: number) => new Date(base - Math.floor(i / 7) * 1000).toISOString();
  const range = (count: number) => Array.from({ length: Math.round(count * scale) }, (_, i) => i);
  const enrollmentIds = [newRowId(), newRowId()];
  return {
    journal_entries: range(1500).map((i) => ({
      id: newRowId(),
      user_id: userId,
      title: i % 4 === 0 ? null : `Entry ${i} ${marker}`,
      content: `Thankful for day ${i}, "quoted" \\ and a line\nbreak ${marker}`,
      emotion_tags: i % 2 ? ['grateful'] : ['peaceful', 'hopeful'],
      verse_reference: i % 3 ? 'Psalms 23:1' : null,
      reference_verse: i % 3 ? referenceVerse('Psalms 23:1') : null,
      created_at: at(i),
      updated_at: at(i),
    })),
    saved_verses: range(1200).map((i) => ({
      id: newRowId(),
      user_id: userId,
      text: `Verse text ${i} ${marker}`,
      reference: `Psalms ${Math.floor(i / 100) + 1}:${(i % 100) + 1}`,
      theme: 'peace',
      emotion_tag: i % 2 ? 'anxious' : null,
      custom_note: i % 5 ? null : `note ${marker}`,
      translation: (['kjv', 'web', 'asv'] as const)[i % 3],
      tags: i % 4 ? [] : ['peace', marker],
      created_at: at(i),
    })),
    notifications: range(600).map((i) => ({
      id: newRowId(),
      user_id: userId,
      type: 'daily_verse',
      title: 'Verse of the day',
      message: `Message ${i} ${marker}`,
      is_read: i % 2 === 0,
      created_at: at(i),
      link: null,
      local_date: null,
    })),
    verse_highlights: range(700).map((i) => ({
      id: newRowId(),
      user_id: userId,
      book_name: 'Isaiah',
      chapter_number: Math.floor(i / 50) + 1,
      verse_number: (i % 50) + 1,
      tags: i % 3 ? [] : ['comfort'],
      created_at: at(i),
    })),
    testimonies: range(300).map((i) => ({
      id: newRowId(),
      user_id: userId,
      feeling: `anxious ${i} ${marker}`,
      god_reminded: 'that He is near',
      author_name: null,
      is_anonymous: true,
      is_approved: false,
      status: 'pending',
      moderated_at: null,
      created_at: at(i),
    })),
    bookmarked_chapters: range(150).map((i) => ({
      id: newRowId(),
      user_id: userId,
      book_name: 'Psalms',
      chapter_number: i + 1,
      created_at: at(i),
    })),
    reading_progress: range(150).map((i) => ({
      id: newRowId(),
      user_id: userId,
      book_name: 'Psalms',
      chapter_number: i + 1,
      reading_time_seconds: i % 3 ? 120 : null,
      completed_at: at(i),
      previous_read_at: i % 2 ? at(i + 1) : null,
      updated_at: at(i),
    })),
    // Habits: two followed plans with many ticked readings (a key of three columns), and a
    // streak of many days.
    plan_enrollments: enrollmentIds.map((id, i) => ({
      id,
      user_id: userId,
      plan_id: i === 0 ? 'bible-in-a-year' : 'mcheyne',
      status: 'active',
      start_date: '2025-01-01',
      paused_on: null,
      schedule: null,
      finished_at: null,
      created_at: at(i),
      updated_at: at(i),
    })),
    plan_reading_marks: range(1200).map((i) => ({
      enrollment_id: enrollmentIds[i % 2],
      user_id: userId,
      day: Math.floor(i / 8) + 1,
      reading: Math.floor(i / 2) % 4,
      done_at: at(i),
    })),
    streak_days: range(700).map((i) => ({
      user_id: userId,
      local_date: addDays('2026-03-01', -i),
      kinds: i % 2 ? ['read'] : ['plan', 'journal'],
      updated_at: at(i),
    })),
  };
}

/** Writes the rows with multi-row inserts, 500 to a statement. */
async function insertAll(db: Db, seeded: Seeded): Promise<void> {
  for (const [table, rows] of Object.entries(seeded)) {
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto(table as 'journal_entries')
        .values(rows.slice(i, i + 500) as never)
        .execute();
    }
  }
}

async function seedMany(userId: string, marker: string, scale = 1): Promise<Seeded> {
  const seeded = manyRows(userId, marker, scale);
  await insertAll(t.db, seeded);
  return seeded;
}

async function rowCounts(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of userOwnedTables) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  const users = await t.db.selectFrom('users').select('id').where('id', '=', userId).execute();
  counts.users = users.length;
  return counts;
}

/** Rows in one order whatever order they came in: by id, or whole for a table without one. */
const byId = (rows: Record<string, unknown>[]) => {
  const key = (row: Record<string, unknown>) =>
    String(row.id ?? JSON.stringify(Object.entries(row).sort()));
  return [...rows].sort((a, b) => key(a).localeCompare(key(b)));
};

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** Makes one table unreadable while `run` goes on (a database failing part way through). */
async function withTableGone(table: string, run: () => Promise<void>): Promise<void> {
  await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(t.db);
  try {
    await run();
  } finally {
    await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(
      t.db,
    );
  }
}

describe('GET /api/account/export at scale', () => {
  it('holds every row of a big account exactly once, and nothing of another user', async () => {
    const owner = await signUp(t, { display_name: 'Priscilla' });
    const other = await signUp(t, { display_name: 'Aquila' });
    const seeded = await seedMany(owner.user.id, 'OWNER-MARK');
    await seedMany(other.user.id, 'OTHER-MARK', 0.1);

    const response = await browserRequest(t, {
      method: 'GET',
      url: '/api/account/export',
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="grounded-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = response.body;
    const data = JSON.parse(text) as Record<string, unknown>;
    // The same document, to the byte, as the export built whole wrote it.
    expect(text).toBe(JSON.stringify(data, null, 2));
    expect(Object.keys(data)).toEqual([
      'exported_at',
      'format',
      'account',
      ...exportedColumns.keys(),
    ]);
    for (const [table, rows] of Object.entries(seeded)) {
      // Besides the seeded ones, the journal reminder every new account starts with (product §4).
      const exported = (data[table] as Record<string, unknown>[]).filter(
        (row) => row.type !== 'journal_reminder',
      );
      // Newest first; every row once and as written.
      expect({ table, rows: byId(exported) }).toEqual({ table, rows: byId(rows) });
    }
    for (const trace of [other.user.id, other.email, 'Aquila', 'OTHER-MARK']) {
      expect(text).not.toContain(trace);
    }
  });

  it('writes the document fifty rows at a time, with turns for others between', async () => {
    const owner = await signUp(t);
    await seedMany(owner.user.id, 'CHUNKS');
    // Other work that keeps asking for a turn while the export is read, and the turns it had
    // been given when each of the export's queries answered.
    let turns = 0;
    let ticking = setImmediate(function tick() {
      turns += 1;
      ticking = setImmediate(tick);
    });
    const reads: { turns: number; rows: number }[] = [];
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: ({ result }) => {
        reads.push({ turns, rows: result.rows.length });
        return Promise.resolve(result);
      },
    };
    const stream = await exportAccountStream(
      { db: t.db.withPlugin(counting), clock: systemClock },
      owner.user.id,
    );
    const chunks = await readAll(stream).finally(() => clearImmediate(ticking));
    // 1,500 journal entries and 1,200 saved verses are thirty and twenty-four batches of fifty.
    const rowsPerChunk = chunks.map(
      (chunk) => chunk.toString('utf8').match(/\n {4}\{/g)?.length ?? 0,
    );
    expect(Math.max(...rowsPerChunk)).toBe(50);
    expect(rowsPerChunk.filter((rows) => rows === 50).length).toBeGreaterThanOrEqual(52);
    // A batch is read in one turn and written out in another, and the next batch is read in a
    // third: others get at least two turns from a read that found rows to the next read.
    // (The first read is the account's own row, looked up before the stream starts.)
    const batches = reads.slice(1);
    const gaps = batches.slice(1).flatMap((read, index) => {
      const before = batches[index];
      return before && before.rows > 0 ? [read.turns - before.turns] : [];
    });
    expect(gaps.length).toBeGreaterThanOrEqual(54);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(2);
    const data = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown[]>;
    expect(data.journal_entries).toHaveLength(1500);
    expect(data.saved_verses).toHaveLength(1200);
  });

  it('exports every column of each table but a full-text search column', async () => {
    const searchColumns = new Set(['search_document']);
    // On PostgreSQL the other test files' schemas are visible too (a migration's test may hold
    // one part-migrated): keep our own.
    const { rows: current } =
      t.dialect === 'postgres'
        ? await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)
        : { rows: [] };
    const tables = (await t.db.introspection.getTables()).filter(
      (candidate) => candidate.schema === current[0]?.schema,
    );
    for (const [table, columns] of exportedColumns) {
      const schema = tables.find((candidate) => candidate.name === table);
      const stored = (schema?.columns ?? [])
        .map((column) => column.name)
        .filter((name) => !searchColumns.has(name));
      expect({ table, columns: [...columns].sort() }).toEqual({ table, columns: stored.sort() });
    }
  });

  it('fails the stream, never ends it, when reading stops part way', async () => {
    const owner = await signUp(t);
    await seedMany(owner.user.id, 'BROKEN', 0.5);
    await withTableGone('verse_highlights', async () => {
      const stream = await exportAccountStream({ db: t.db, clock: systemClock }, owner.user.id);
      const chunks: Buffer[] = [];
      await expect(
        (async () => {
          for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
        })(),
      ).rejects.toThrow();
      // Some of the document went out before the failure; it was cut off, not closed.
      expect(Buffer.concat(chunks).toString('utf8')).toContain('"journal_entries"');
    });
  });

  it('cuts the download off, and logs why, when the database fails part way', async () => {
    const owner = await signUp(t);
    await seedMany(owner.user.id, 'CUT-OFF', 0.5);
    logLines.length = 0;
    await withTableGone('verse_highlights', async () => {
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const response = await fetch(`${address}/api/account/export`, {
        headers: { cookie: owner.cookie },
      });
      expect(response.status).toBe(200);
      // The body never completes: the browser's download fails instead of saving half a file.
      await expect(response.text()).rejects.toThrow();
    });
    expect(logLines.join('')).toContain('The account export failed part way');
  });
});

describe('DELETE /api/account at scale', () => {
  it('deletes every row of a big account and nothing of another user', async () => {
    const owner = await signUp(t);
    const bystander = await signUp(t);
    await seedMany(owner.user.id, 'GOING');
    await seedMany(bystander.user.id, 'STAYING', 0.2);
    const beforeBystander = await rowCounts(bystander.user.id);

    const response = await send('DELETE', '/api/account', owner, { password: owner.password });
    expect(response.statusCode).toBe(204);
    const after = await rowCounts(owner.user.id);
    expect(Object.values(after).every((count) => count === 0)).toBe(true);
    expect(await rowCounts(bystander.user.id)).toEqual(beforeBystander);
  });

  it('answers other requests while a big account is being deleted', async () => {
    const owner = await signUp(t);
    const neighbour = await signUp(t);
    // About 14,000 rows (slow to seed on a busy machine: hence the longer timeout). Testimonies
    // go first, then some 25 more batches.
    const seeded = await seedMany(owner.user.id, 'BIG', 3);
    const testimonyCount = seeded.testimonies?.length ?? 0;
    const finished: string[] = [];

    const deletion = send('DELETE', '/api/account', owner, { password: owner.password }).then(
      (response) => {
        finished.push('deletion');
        return response;
      },
    );
    // Once the first batch has gone, ask for something else.
    while (finished.length === 0) {
      const counts = await t.db
        .selectFrom('testimonies')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', owner.user.id)
        .executeTakeFirstOrThrow();
      if (Number(counts.count) < testimonyCount) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const health = send('GET', '/api/health').then((response) => {
      finished.push('health');
      return response;
    });
    const journal = send('GET', '/api/journal?limit=20', neighbour).then((response) => {
      finished.push('journal');
      return response;
    });

    const [deleted, healthy, listed] = await Promise.all([deletion, health, journal]);
    expect(deleted.statusCode).toBe(204);
    expect(healthy.statusCode).toBe(200);
    expect(listed.statusCode).toBe(200);
    expect(finished.at(-1)).toBe('deletion');
    expect((await rowCounts(owner.user.id)).users).toBe(0);
  }, 90_000);

  it('stops sign-in at once, and a later try finishes a deletion that stopped part way', async () => {
    const owner = await signUp(t);
    const bystander = await signUp(t);
    await seedMany(owner.user.id, 'HALFWAY', 0.5);
    await seedMany(bystander.user.id, 'WHOLE', 0.1);
    const beforeBystander = await rowCounts(bystander.user.id);

    await closeAccount(t.db, owner.user.id, new Date());
    // The database fails after the first batch.
    await expect(
      finishAccountDeletion(t.db, owner.user.id, {
        afterBatch: () => {
          throw new Error('connection lost');
        },
      }),
    ).rejects.toThrow('connection lost');

    // Closed: the session is over, the password is refused, the address is free.
    expect(await sessionUser(t, owner.cookie)).toBeNull();
    const signIn = await browserRequest(t, {
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: owner.email, password: owner.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect(await accountsBeingDeleted(t.db)).toContain(owner.user.id);
    const halfway = await rowCounts(owner.user.id);
    expect(halfway.users).toBe(1);
    expect(halfway.journal_entries).toBeGreaterThan(0);

    expect(await resumeAccountDeletions(t.db)).toBeGreaterThanOrEqual(1);
    const after = await rowCounts(owner.user.id);
    expect(Object.values(after).every((count) => count === 0)).toBe(true);
    expect(await rowCounts(bystander.user.id)).toEqual(beforeBystander);
    expect(await accountsBeingDeleted(t.db)).not.toContain(owner.user.id);
    // The address can make a new account.
    const fresh = await signUp(t, { email: owner.email });
    expect(fresh.user.id).not.toBe(owner.user.id);
  });
});
