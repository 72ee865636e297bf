import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { keyBefore } from '#server/db/keyset.ts';
import type { Database, userOwnedTables } from '#server/db/types.ts';
import { bookmarkColumns } from '#server/features/bookmarks/bookmarks.service.ts';
import { highlightColumns } from '#server/features/highlights/highlights.service.ts';
import { journalColumns } from '#server/features/journal/journal.service.ts';
import { memoryCardColumns } from '#server/features/memorize/memorize.service.ts';
import { noteColumns } from '#server/features/notes/notes.service.ts';
import { notificationColumns } from '#server/features/notifications/notifications.service.ts';
import { planExportColumns } from '#server/features/plans/following.service.ts';
import { prayerColumns } from '#server/features/prayers/prayers.service.ts';
import { profileColumns } from '#server/features/profile/profile.service.ts';
import { progressColumns } from '#server/features/progress/progress.service.ts';
import { settingsColumns } from '#server/features/settings/settings.service.ts';
import { ownTestimonyColumns } from '#server/features/testimonies/testimonies.service.ts';
import { savedVerseColumns } from '#server/features/verses/saved-verses.service.ts';

/** A group the person is in, as its members see it. */
const groupColumns = [
  'id',
  'name',
  'description',
  'owner_id',
  'plan_id',
  'plan_start_date',
  'member_count',
  'created_at',
  'updated_at',
] as const;

/**
 * Rows read per query: the export holds one batch at a time, whatever the account's size, and
 * gives other requests their turn after each. Five hundred journal entries held the event loop
 * for tens of milliseconds under load; a hundred still made one task of 10–16 ms of reading and
 * writing out (docs/benchmarks.md, "Event loop under the signed-in mix"). Fifty, with the
 * reading and the writing out in turns of their own, keep each task to a few milliseconds.
 */
export const exportBatchSize = 50;

type OwnedTable = (typeof userOwnedTables)[number];
type Columns<T extends keyof Database> = readonly (keyof Database[T] & string)[];

/**
 * What the export holds of each table the user owns (privacy policy: access and export), in
 * the document's order: what the feature's service shows of a row (its column list), then what
 * is kept beside it (the owner, ...). Columns are named, never `*`: a full-text search column (decision 012)
 * or any column added later is not the person's data until it is listed here. `key` is the
 * order rows are read in, newest first, and the position each batch starts after; it is
 * unique per user and read straight off an index starting with user_id (plan_reading_marks
 * has its user_id index and its primary key: a person's marks are sorted, a few thousand).
 *
 * Not exported, because secrets never leave the server, not even to their owner: password
 * hashes, sessions, reset and confirmation tokens, known devices' cookies, and push
 * subscriptions (whose auth secret lets anyone who holds it send to that browser).
 */
const exportedTables: ExportedTable[] = [
  table('oauth_accounts', ['provider', 'provider_user_id', 'user_id', 'created_at'], {
    key: ['provider', 'provider_user_id'],
  }),
  table('profiles', profileColumns, { key: ['user_id'] }),
  table(
    'user_settings',
    [
      ...settingsColumns,
      'streak_rest_day',
      'plan_reminders',
      'plan_reminder_time',
      'plan_reminder_days',
      'reminder_next_at',
    ],
    { key: ['user_id'] },
  ),
  table('notifications', [...notificationColumns, 'user_id', 'local_date'], {
    key: ['created_at', 'id'],
  }),
  table('saved_verses', [...savedVerseColumns, 'user_id'], { key: ['created_at', 'id'] }),
  table('journal_entries', [...journalColumns, 'reference_verse', 'user_id'], {
    key: ['created_at', 'id'],
  }),
  table('testimonies', [...ownTestimonyColumns, 'user_id', 'moderated_at'], {
    key: ['created_at', 'id'],
  }),
  table('bookmarked_chapters', [...bookmarkColumns, 'user_id'], { key: ['created_at', 'id'] }),
  table('reading_progress', [...progressColumns, 'previous_read_at', 'user_id'], {
    key: ['completed_at', 'id'],
  }),
  table('verse_highlights', [...highlightColumns, 'user_id'], { key: ['created_at', 'id'] }),
  // Notes on verses (decision 024): the place as the KJV's verse numbers, which every translation
  // shares (shared/bible/verse-index.ts), the book's index, the words and the tags.
  table('verse_notes', [...noteColumns, 'user_id'], { key: ['created_at', 'id'] }),
  // The prayer list (decision 025): the requests and the days each was prayed through.
  table('prayer_requests', [...prayerColumns, 'reference_verse', 'reminder_next_at', 'user_id'], {
    key: ['created_at', 'id'],
  }),
  table('prayer_days', ['request_id', 'user_id', 'day'], { key: ['request_id', 'day'] }),
  // Topics (decision 027): one row per tag per item, naming its item (a note, a highlight or a
  // saved verse, whose own tags are above) and its first verse as the notes number them.
  table(
    'topic_items',
    ['id', 'user_id', 'tag_key', 'tag', 'verse', 'note_id', 'highlight_id', 'saved_verse_id'],
    { key: ['id'] },
  ),
  // Habits (decision 016): plans made from a feeling, the plans followed and their ticked readings, the days
  // that kept a streak, and the verses being learned (their FSRS state; the words are the
  // translation's, found again from the reference).
  table('custom_plans', planExportColumns.custom_plans, { key: ['created_at', 'id'] }),
  table('plan_enrollments', planExportColumns.plan_enrollments, { key: ['created_at', 'id'] }),
  table('plan_reading_marks', planExportColumns.plan_reading_marks, {
    key: ['enrollment_id', 'day', 'reading'],
  }),
  table('streak_days', ['user_id', 'local_date', 'kinds', 'updated_at'], {
    key: ['local_date'],
  }),
  table('memory_cards', [...memoryCardColumns, 'user_id', 'updated_at'], {
    key: ['created_at', 'id'],
  }),
  // The files a person stored (their profile picture; decision 017), the bytes as base64.
  table(
    'stored_files',
    ['bucket', 'path', 'user_id', 'content_type', 'size', 'etag', 'data', 'created_at'],
    {
      key: ['bucket', 'path'],
      shape: ({ data, ...file }) => ({
        ...file,
        data_base64: Buffer.isBuffer(data) ? data.toString('base64') : null,
      }),
    },
  ),
  // Groups (decision 028): the groups they are in with their role, the requests and replies
  // they wrote (anonymous ones included: they are theirs), their "I prayed" and check-ins.
  // Others' words in those groups are theirs, not this person's, and stay out.
  {
    name: 'groups',
    columns: groupColumns,
    key: ['created_at', 'id'],
    read: (db: Db, userId: string, after: unknown[] | null) => {
      let query = db
        .selectFrom('groups')
        .innerJoin('group_members', 'group_members.group_id', 'groups.id')
        .select(groupColumns.map((column) => `groups.${column}` as const))
        .where('group_members.user_id', '=', userId);
      if (after) query = query.where(keyBefore(['groups.created_at', 'groups.id'], after));
      return query
        .orderBy('groups.created_at', 'desc')
        .orderBy('groups.id', 'desc')
        .limit(exportBatchSize)
        .execute();
    },
  },
  groupTable('group_members', ['group_id', 'user_id', 'role', 'joined_at'], 'user_id', [
    'joined_at',
    'group_id',
  ]),
  groupTable(
    'group_posts',
    [
      'id',
      'group_id',
      'author_id',
      'is_anonymous',
      'text',
      'prayer_request_id',
      'answered_at',
      'answer_note',
      'hidden_at',
      'hidden_by',
      'prayed_count',
      'reply_count',
      'created_at',
      'updated_at',
    ],
    'author_id',
    ['created_at', 'id'],
  ),
  groupTable(
    'group_replies',
    [
      'id',
      'post_id',
      'group_id',
      'author_id',
      'kind',
      'text',
      'hidden_at',
      'hidden_by',
      'created_at',
    ],
    'author_id',
    ['created_at', 'id'],
  ),
  groupTable('group_prayed', ['post_id', 'user_id', 'day', 'created_at'], 'user_id', [
    'day',
    'post_id',
  ]),
  groupTable('group_check_ins', ['group_id', 'user_id', 'day', 'text', 'created_at'], 'user_id', [
    'day',
    'group_id',
  ]),
];

type ExportedTable = {
  name: OwnedTable | 'groups' | GroupTable;
  columns: readonly string[];
  key: readonly string[];
  /** The column naming the person, when not user_id. */
  owner?: string;
  /** How the rows are read, when not from the table by its owner column (a join). */
  read?: (db: Db, userId: string, after: unknown[] | null) => Promise<Row[]>;
  /** How a row is written, when not as read (bytes as base64). */
  shape?: (row: Row) => Row;
};

type GroupTable =
  'group_members' | 'group_posts' | 'group_replies' | 'group_prayed' | 'group_check_ins';

function groupTable<T extends GroupTable>(
  name: T,
  columns: Columns<T>,
  owner: Columns<T>[number],
  key: Columns<T>,
): ExportedTable {
  return { name, columns, key, owner };
}

function table<T extends OwnedTable>(
  name: T,
  columns: Columns<T>,
  { key, shape }: { key: Columns<T>; shape?: (row: Row) => Row },
): ExportedTable {
  return { name, columns, key, ...(shape ? { shape } : {}) };
}

/** The tables and columns an export holds (the tests compare them with the schema). */
export const exportedColumns: ReadonlyMap<string, readonly string[]> = new Map(
  exportedTables.map(({ name, columns }) => [name, columns]),
);

type Row = Record<string, unknown>;
/** The tables read by name from a list: the column lists above are checked against Database. */
type AnyDb = Kysely<Record<string, Row>>;

/** One batch of `spec`'s rows, newest first, after the row whose key values are `after`. */
function readBatch(db: Db, spec: ExportedTable, userId: string, after: unknown[] | null) {
  if (spec.read) return spec.read(db, userId, after);
  let query = (db as unknown as AnyDb)
    .selectFrom(spec.name)
    .select(spec.columns)
    .where(spec.owner ?? 'user_id', '=', userId);
  if (after) query = query.where(keyBefore(spec.key, after));
  for (const column of spec.key) query = query.orderBy(column, 'desc');
  return query.limit(exportBatchSize).execute();
}

/** A value as JSON.stringify(document, null, 2) writes it at `depth` levels in. */
function json(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

async function* exportDocument(
  db: Db,
  userId: string,
  header: { exported_at: string; format: string; account: Row },
): AsyncGenerator<string> {
  // The same document, byte for byte, as JSON.stringify(data, null, 2) of the whole export.
  yield `{\n  "exported_at": ${json(header.exported_at, 1)},\n  "format": ${json(header.format, 1)},\n  "account": ${json(header.account, 1)}`;
  for (const spec of exportedTables) {
    let text = `,\n  ${JSON.stringify(spec.name)}: [`;
    let count = 0;
    let after: unknown[] | null = null;
    for (;;) {
      // SQLite reads synchronously: every batch, of whichever table, waits for a turn of its
      // own, so other requests go between them.
      await nextTurn();
      const rows = await readBatch(db, spec, userId, after);
      // The rows are written out in a turn of their own too: reading and writing out a batch
      // together made the export's longest task.
      if (rows.length > 0) await nextTurn();
      for (const row of rows) {
        text += `${count === 0 ? '' : ','}\n    ${json(spec.shape ? spec.shape(row) : row, 2)}`;
        count += 1;
      }
      const last = rows.at(-1);
      if (rows.length < exportBatchSize || !last) break;
      after = spec.key.map((column) => last[column]);
      yield text;
      text = '';
    }
    yield `${text}${count === 0 ? ']' : '\n  ]'}`;
  }
  yield '\n}';
}

/**
 * Every row the user owns, table by table, as a stream of the JSON document (decision 012: the
 * export of an account of any size holds one batch in memory). The account is looked up
 * before the stream starts, so a missing one is an ordinary 404. A failure part way destroys
 * the stream with the error: the answer is cut off rather than ended, so the download fails
 * instead of leaving the person a truncated file that looks complete.
 */
export async function exportAccountStream(
  { db, clock, log }: { db: Db; clock: Clock; log?: FastifyBaseLogger },
  userId: string,
): Promise<Readable> {
  const account = await db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified', 'created_at', 'updated_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!account) throw new AppError('NOT_FOUND', 'Your account was not found.');
  const header = {
    exported_at: clock.now().toISOString(),
    format: 'Grounded data export, version 1',
    account,
  };
  // Not object mode: the stream pulls the next batch only once what it holds (64 KiB) is taken.
  const stream = Readable.from(exportDocument(db, userId, header), {
    objectMode: false,
    highWaterMark: 64 * 1024,
  });
  stream.on('error', (error) => {
    log?.error({ err: error }, 'The account export failed part way; the download was cut off.');
  });
  return stream;
}
