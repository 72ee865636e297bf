import type { RouteOptions } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { expect } from 'vitest';
import type { Database } from '#server/db/types.ts';
import { hashToken } from '#server/security/tokens.ts';
import {
  browserRequest,
  insertSession,
  signUp,
  testPassword,
  type SignedIn,
} from '#tests/api-support/auth-helpers.ts';
import { recordingPush } from '#tests/api-support/recording-push.ts';
import { createTestApp, type TestApp } from '#tests/api-support/test-app.ts';
import { uploadPicture } from './arbitraries.ts';
import {
  listTables,
  takeSnapshot,
  watchWrites,
  type DatabaseSnapshot,
} from './database-snapshot.ts';
import { hostileFilePath } from './route-catalogue.ts';

type Row = Record<string, unknown>;

/** The signed-in user of the hostile tests; a moderator, so that every route is reachable. */
export const moderatorEmail = 'hostile-moderator@example.com';
const neighbourEmail = 'hostile-neighbour@example.com';

/**
 * The app under attack, with everything switched on (Google sign-in against a mock provider,
 * Web Push, the development endpoints), a signed-in moderator whose session the tests use, and
 * a neighbour whose rows no request of the moderator may touch. Both have one row in every
 * table of their own, so that routes taking an id have something real to find.
 */
export type HostileWorld = {
  t: TestApp;
  /** Every route as the server registered it. */
  routes: RouteOptions[];
  tables: string[];
  account: SignedIn;
  neighbour: SignedIn;
  /** The database as of the last request; refresh() after anything that may write. */
  snapshot: DatabaseSnapshot;
  refresh: () => Promise<DatabaseSnapshot>;
  /** Signs the moderator in again (or signs them up again) when a request ended the session. */
  ensureSignedIn: () => Promise<void>;
  /** The id of a row the user owns in that table, if they still have one. */
  rowIdOf: (table: keyof Database, userId: string) => string | undefined;
  /** Makes the moderator a new row in each table where a request deleted theirs. */
  ensureRows: (tables: readonly (keyof Database)[]) => Promise<void>;
  close: () => Promise<void>;
};

type SeedRequest = {
  method: 'POST';
  /** The address, or how to make it from the user's id (a path in their own folder). */
  url: string | ((userId: string) => string);
  payload?: Record<string, unknown> | Buffer;
};

/** One request per table that makes a row in it. */
const seeds: Partial<Record<keyof Database, SeedRequest>> = {
  journal_entries: {
    method: 'POST',
    url: '/api/journal',
    payload: { content: 'Seeded entry.', title: 'Seed' },
  },
  saved_verses: {
    method: 'POST',
    url: '/api/saved-verses',
    payload: { text: 'Jesus wept.', reference: 'John 11:35', theme: 'Comfort' },
  },
  memory_cards: { method: 'POST', url: '/api/memory-cards', payload: { reference: 'John 11:35' } },
  verse_notes: {
    method: 'POST',
    url: '/api/notes',
    payload: {
      book_name: 'Ruth',
      chapter_number: 1,
      verse_number: 16,
      text: 'Seeded note.',
      // A topic too (decision 027): a topic_items row.
      tags: ['Seeded'],
    },
  },
  prayer_requests: {
    method: 'POST',
    url: '/api/prayers',
    payload: { title: 'Seeded prayer.', verse_reference: 'Ruth 1:16' },
  },
  bookmarked_chapters: {
    method: 'POST',
    url: '/api/bookmarks/toggle',
    payload: { book_name: 'Ruth', chapter_number: 1 },
  },
  verse_highlights: {
    method: 'POST',
    url: '/api/highlights/toggle',
    payload: { book_name: 'Ruth', chapter_number: 1, verse_number: 16 },
  },
  reading_progress: {
    method: 'POST',
    url: '/api/progress',
    payload: { book_name: 'Ruth', chapter_number: 1 },
  },
  plan_enrollments: { method: 'POST', url: '/api/my-plans', payload: { plan_id: 'gospels-30' } },
  testimonies: {
    method: 'POST',
    url: '/api/testimonies',
    payload: { feeling: 'Seeded feeling.', god_reminded: 'Seeded reminder.' },
  },
  notifications: { method: 'POST', url: '/api/notifications/test' },
  groups: { method: 'POST', url: '/api/groups', payload: { name: 'Seeded group' } },
  // The file the storage routes' valid requests name, in each user's own folder.
  stored_files: {
    method: 'POST',
    url: (userId) => `/api/storage/user-content/${userId}/${hostileFilePath}`,
    payload: uploadPicture,
  },
};

async function seed(t: TestApp, account: SignedIn, table: keyof Database): Promise<void> {
  const request = seeds[table];
  if (!request) return;
  const url = typeof request.url === 'string' ? request.url : request.url(account.user.id);
  const response = await browserRequest(t, {
    method: request.method,
    url,
    cookie: account.cookie,
    ...(Buffer.isBuffer(request.payload)
      ? { payload: request.payload, headers: { 'content-type': 'image/png' } }
      : request.payload
        ? { payload: request.payload }
        : {}),
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
}

async function signUpAndSeed(t: TestApp, email: string): Promise<SignedIn> {
  const account = await signUp(t, { email, password: testPassword, display_name: 'Seeded' });
  for (const table of Object.keys(seeds) as (keyof Database)[]) await seed(t, account, table);
  return account;
}

export async function createHostileWorld(): Promise<HostileWorld> {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const routes: RouteOptions[] = [];
  const t = await createTestApp({
    config: {
      moderatorEmails: [moderatorEmail],
      googleClientId: 'grounded-hostile-client',
      googleClientSecret: 'grounded-hostile-secret',
      googleIssuer: provider.issuer.url ?? '',
    },
    push: recordingPush(),
    onRoute: (route) => {
      routes.push(route);
    },
  });
  const tables = await listTables(t.db, t.dialect);
  const writeCount = await watchWrites(t.db, t.dialect, tables);
  let snapshotAt: string | null = null;
  const account = await signUpAndSeed(t, moderatorEmail);
  const neighbour = await signUpAndSeed(t, neighbourEmail);

  const world: HostileWorld = {
    t,
    routes,
    tables,
    account,
    neighbour,
    snapshot: new Map(),
    refresh: async () => {
      // Counted before the tables are read: a write while they are read shows next time.
      const count = await writeCount();
      if (count !== snapshotAt) {
        world.snapshot = await takeSnapshot(t.db, tables);
        snapshotAt = count;
      }
      return world.snapshot;
    },
    ensureSignedIn: async () => {
      const has = (table: string, id: string) =>
        (world.snapshot.get(table) ?? []).some((line) => (JSON.parse(line) as Row).id === id);
      if (!has('users', world.account.user.id)) {
        world.account = await signUpAndSeed(t, moderatorEmail);
      } else if (!has('sessions', hashToken(world.account.token))) {
        const cookie = await insertSession(t, world.account.user.id);
        world.account = { ...world.account, cookie, token: cookie.split('=')[1] ?? '' };
      } else {
        return;
      }
      await world.refresh();
    },
    rowIdOf: (table, userId) => {
      for (const line of world.snapshot.get(table) ?? []) {
        const row = JSON.parse(line) as Row;
        // A group names its owner as owner_id (decision 028); every other table as user_id.
        const owner = row.user_id ?? row.owner_id;
        if (owner === userId && typeof row.id === 'string') return row.id;
      }
      return undefined;
    },
    ensureRows: async (tables) => {
      const missing = tables.filter((table) => !world.rowIdOf(table, world.account.user.id));
      if (missing.length === 0) return;
      for (const table of missing) await seed(t, world.account, table);
      await world.refresh();
    },
    close: async () => {
      await t.close();
      await provider.stop();
    },
  };
  await world.refresh();
  return world;
}
