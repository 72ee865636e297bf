// A server process (`npm start` defaults) on SQLite or PostgreSQL with the lists-at-scale seed: the
// member and the moderator sign up through the API (real sessions), then the rows go straight
// into the database (bench/list-seed.ts).
import path from 'node:path';
import { connectDatabase, type DatabaseHandle } from '#server/db/connect.ts';
import { mergeSearchIndexes } from '#server/jobs/search-index-upkeep.ts';
import { signUp, type BenchUser } from './accounts.ts';
import { startAppServer, type AppServer } from './app-server.ts';
import { seedGroup } from './group-seed.ts';
import { seedLists, type SeedResult } from './list-seed.ts';

export type DatabaseName = 'SQLite' | 'PostgreSQL';

export type SeededServer = {
  database: DatabaseName;
  url: string;
  server: AppServer;
  /** The server's pid, for its CPU time. */
  pids: number[];
  member: BenchUser;
  moderator: BenchUser;
  seed: SeedResult;
  /** The member's group of 500 with its prayer wall (bench/group-seed.ts). */
  groupId: string;
  handle: DatabaseHandle;
  stop: () => Promise<void>;
};

export async function startSeededServer(
  postgresUrl?: string,
  options: {
    clientDir?: string;
    nodeArgs?: string[];
    logLevel?: string;
    env?: Record<string, string>;
    /** false: leave the search indexes as the seed's inserts left them. */
    mergeSearchIndexes?: boolean;
  } = {},
): Promise<SeededServer> {
  const server = await startAppServer({
    ...(options.env ? { env: options.env } : {}),
    ...(postgresUrl ? { databaseUrl: postgresUrl } : {}),
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
  });
  const handle = postgresUrl
    ? connectDatabase({ dialect: 'postgres', connectionString: postgresUrl })
    : connectDatabase({
        dialect: 'sqlite',
        filename: path.join(server.dir, 'data', 'grounded.db'),
      });
  try {
    const member = await signUp(server.url, 'member');
    const moderator = await signUp(server.url, 'moderator');
    await handle.db
      .updateTable('users')
      .set({ role: 'moderator' })
      .where('id', '=', moderator.id)
      .execute();
    const seed = await seedLists(handle, member.id);
    const group = await seedGroup(handle, member.id);
    Object.assign(seed.counts, group.counts);
    // The search indexes as a running server keeps them: merged once a day
    // (src/server/jobs/search-index-upkeep.ts), not the pile of segments a burst of inserts leaves.
    if (options.mergeSearchIndexes !== false) await mergeSearchIndexes(handle.db, handle.dialect);
    return {
      database: postgresUrl ? 'PostgreSQL' : 'SQLite',
      url: server.url,
      server,
      pids: server.child.process.pid ? [server.child.process.pid] : [],
      member,
      moderator,
      seed,
      groupId: group.groupId,
      handle,
      stop: async () => {
        await handle.close();
        await server.stop();
      },
    };
  } catch (error) {
    await handle.close();
    await server.stop();
    throw error;
  }
}
