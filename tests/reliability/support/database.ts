// Direct access to the server's database, with the server's own code: seeding signed-in users
// (sign-up is rate-limited, and an account is all the load needs) and reading back what was
// stored, to compare with what the API acknowledged.
import path from 'node:path';
import { systemClock } from '#server/clock.ts';
import { connectDatabase, type DatabaseHandle } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createUser } from '#server/features/auth/auth.service.ts';
import { sessionCookieName, sessionLifetimeMs } from '#server/security/sessions.ts';
import { hashToken, randomToken } from '#server/security/tokens.ts';
import type { DatabaseTarget } from './server.ts';

export type SeededUser = { id: string; cookie: string };

/** The tables the workload writes to, with the ids of the rows each user has in them. */
export type WrittenTable = 'saved_verses' | 'journal_entries';

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  return target.dialect === 'postgres'
    ? connectDatabase({ dialect: 'postgres', connectionString: target.url, poolSize: 2 })
    : connectDatabase({ dialect: 'sqlite', filename: path.join(target.dataDir, 'grounded.db') });
}

/**
 * Migrates the database (unless told not to: the servers have done it) and creates users with a
 * live session each, as a sign-in would. `name` makes the e-mails differ from an earlier seed's.
 */
export async function seedUsers(
  target: DatabaseTarget,
  count: number,
  options: { migrate?: boolean; name?: string } = {},
): Promise<SeededUser[]> {
  const { migrate = true, name = 'reader' } = options;
  const database = openDatabase(target);
  try {
    if (migrate) await migrateToLatest(database.db, database.dialect);
    const users: SeededUser[] = [];
    for (let i = 0; i < count; i += 1) {
      // No password: hashing 100 of them (argon2id) would only slow the set-up down.
      const id = await createUser(
        { db: database.db, clock: systemClock },
        { email: `${name}-${i}@reliability.test`, displayName: `Reader ${i}` },
      );
      const token = randomToken();
      const now = systemClock.now();
      await database.db
        .insertInto('sessions')
        .values({
          id: hashToken(token),
          user_id: id,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + sessionLifetimeMs).toISOString(),
          user_agent: 'reliability run',
        })
        .execute();
      users.push({ id, cookie: `${sessionCookieName}=${token}` });
    }
    return users;
  } finally {
    await database.close();
  }
}

/** Every stored row id of these users in each written table. */
export async function storedRowIds(
  target: DatabaseTarget,
  userIds: string[],
): Promise<Record<WrittenTable, Set<string>>> {
  const database = openDatabase(target);
  try {
    const idsOf = async (table: WrittenTable) => {
      const rows = await database.db
        .selectFrom(table)
        .select('id')
        .where('user_id', 'in', userIds)
        .execute();
      return new Set(rows.map((row) => row.id));
    };
    return {
      saved_verses: await idsOf('saved_verses'),
      journal_entries: await idsOf('journal_entries'),
    };
  } finally {
    await database.close();
  }
}
