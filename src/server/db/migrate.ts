import { sql, type Kysely } from 'kysely';
import {
  Migrator,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely/migration';
import type { DialectName } from './dialect-plugin.ts';
import * as initial from './migrations/0001-initial.ts';
import * as oauthStates from './migrations/0002-oauth-states.ts';
import * as verseHighlights from './migrations/0003-verse-highlights.ts';
import * as moderation from './migrations/0004-moderation.ts';
import * as notifications from './migrations/0005-notifications.ts';
import * as newestFirstIndexes from './migrations/0006-newest-first-indexes.ts';
import * as accountTrust from './migrations/0007-account-trust.ts';
import * as savedVerseOnce from './migrations/0008-saved-verse-once.ts';
import * as listPages from './migrations/0009-list-pages.ts';
import * as fullTextSearch from './migrations/0010-full-text-search.ts';
import * as translations from './migrations/0011-translations.ts';
import * as habits from './migrations/0012-habits.ts';
import * as storedFiles from './migrations/0013-stored-files.ts';
import * as signInMethods from './migrations/0014-sign-in-methods.ts';
import * as opaquePictureAddresses from './migrations/0015-opaque-picture-addresses.ts';
import * as onePlanSystem from './migrations/0016-one-plan-system.ts';
import * as verseNotes from './migrations/0017-verse-notes.ts';
import * as prayerList from './migrations/0018-prayer-list.ts';
import * as topics from './migrations/0019-topics.ts';
import * as chapterLastVisit from './migrations/0020-chapter-last-visit.ts';
import * as prayerReminderNext from './migrations/0021-prayer-reminder-next.ts';
import * as referenceVerse from './migrations/0022-reference-verse.ts';
import * as groups from './migrations/0023-groups.ts';
import * as dailyReminderNext from './migrations/0024-daily-reminder-next.ts';
import { columnTypes, type ColumnTypes } from './migrations/column-types.ts';

/** A migration gets the column types of the dialect, and its name where DDL differs (0010). */
type VersionedMigration = {
  up: (db: Kysely<unknown>, t: ColumnTypes, dialect: DialectName) => Promise<void>;
};

/** Applied in name order; a migration, once released, is never edited (add a new one instead). */
const migrations: Record<string, VersionedMigration> = {
  '0001-initial': initial,
  '0002-oauth-states': oauthStates,
  '0003-verse-highlights': verseHighlights,
  '0004-moderation': moderation,
  '0005-notifications': notifications,
  '0006-newest-first-indexes': newestFirstIndexes,
  '0007-account-trust': accountTrust,
  '0008-saved-verse-once': savedVerseOnce,
  '0009-list-pages': listPages,
  '0010-full-text-search': fullTextSearch,
  '0011-translations': translations,
  '0012-habits': habits,
  '0013-stored-files': storedFiles,
  '0014-sign-in-methods': signInMethods,
  '0015-opaque-picture-addresses': opaquePictureAddresses,
  '0016-one-plan-system': onePlanSystem,
  '0017-verse-notes': verseNotes,
  '0018-prayer-list': prayerList,
  '0019-topics': topics,
  '0020-chapter-last-visit': chapterLastVisit,
  '0021-prayer-reminder-next': prayerReminderNext,
  '0022-reference-verse': referenceVerse,
  '0023-groups': groups,
  '0024-daily-reminder-next': dailyReminderNext,
};

function providerFor(dialect: DialectName): MigrationProvider {
  const t = columnTypes(dialect);
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return Object.fromEntries(
        Object.entries(migrations).map(([name, migration]) => [
          name,
          { up: (db: Kysely<unknown>) => migration.up(db, t, dialect) },
        ]),
      );
    },
  };
}

type MigrationOptions = { schema?: string };

async function migrate<DB>(
  db: Kysely<DB>,
  dialect: DialectName,
  options: MigrationOptions,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: providerFor(dialect),
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = await run(migrator);
    if (!error) {
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    }
    // Before it runs anything, Kysely's migrator looks for its own tables among every schema's
    // tables on PostgreSQL. A schema, table or column someone else drops during that look (another
    // database user's, or another test file's) makes the look itself fail, with nothing run:
    // look again. A failing migration gives results, and is not retried.
    if (results !== undefined || attempt >= 5 || !isGoneDuringLook(error)) {
      throw error instanceof Error ? error : new Error(String(error));
    }
  }
}

/**
 * PostgreSQL's "no such schema", "no such table" and "no such column": the errors of a look
 * across schemas while another schema is dropped or migrated.
 */
function isGoneDuringLook(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  return code === '3F000' || code === '42P01' || code === '42703';
}

/**
 * Brings the schema up to date. Kysely's migrator takes a lock, so several instances starting
 * at once against one PostgreSQL apply each migration exactly once. `schema` names the
 * PostgreSQL schema the migration tables live in: without it Kysely takes another schema's
 * kysely_migration table for ours (the tests give each file a schema of its own).
 */
export function migrateToLatest<DB>(
  db: Kysely<DB>,
  dialect: DialectName,
  options: MigrationOptions = {},
): Promise<string[]> {
  return migrate(db, dialect, options, (migrator) => migrator.migrateToLatest());
}

/**
 * Brings the schema up to the named migration and no further, so that a test can put the rows
 * a migration must cope with (duplicates, say) where the released schema still allowed them.
 */
export function migrateTo<DB>(
  db: Kysely<DB>,
  dialect: DialectName,
  target: string,
  options: MigrationOptions = {},
): Promise<string[]> {
  if (!Object.hasOwn(migrations, target)) throw new Error(`No migration is named ${target}`);
  return migrate(db, dialect, options, (migrator) => migrator.migrateTo(target));
}

/**
 * The migrations this code knows that the database has not applied (all of them when it has none
 * yet, or cannot say): the readiness check's "migrations done" (docs/operations.md).
 */
export async function pendingMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  const known = Object.keys(migrations);
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    return known.filter((name) => !applied.has(name));
  } catch {
    return known;
  }
}
