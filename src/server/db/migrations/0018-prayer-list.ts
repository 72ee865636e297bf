import { sql, type Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { ColumnTypes } from './column-types.ts';

/** What a prayer saved from /prayer was (product §9): a journal entry with this title and tag. */
const prayerEntryTitle = 'Prayer Entry';
const prayerTag = 'prayer';
/** A request's title is at most this long; a carried prayer's is its first line cut to it. */
const titleLength = 120;

const isoOf = (value: unknown): string => new Date(value as string).toISOString();

/** The first line of a prayer with words on it, cut to a title's length. */
function titleOf(text: string): string {
  const line = text
    .split(/\r?\n/)
    .map((part) => part.trim())
    .find((part) => part !== '');
  return Array.from(line ?? 'Prayer')
    .slice(0, titleLength)
    .join('')
    .trim();
}

/**
 * A prayer list that remembers answers (decision 025). prayer_requests holds a member's
 * requests: a title, optional details, the person prayed for, a verse reference, a reminder
 * (reminder_days a 7-character mask, Monday first, '1' for a day; reminder_time 'HH:MM' in the
 * person's zone) and, once answered, the date (answered_on, their local day), when it was marked
 * (answered_at, the answered list's order) and how (answer_note). prayer_days holds the days a
 * request was prayed through, one row a day.
 *
 * Indexes, each starting with the owner (decision 012): (user_id, created_at desc, id desc) for
 * the list newest first, (user_id, answered_at desc, id desc) for the answered prayers.
 *
 * The prayers saved before (journal entries titled 'Prayer Entry' tagged 'prayer') become
 * requests, their whole text as details and their first line as title, created when they were,
 * with an id of that time (decision 008); then those entries go, so there is one list. Lengths
 * are checked by the API, not here, so no carried prayer is cut.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('prayer_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('person', 'text')
    .addColumn('verse_reference', 'text')
    .addColumn('reminder_days', t.json)
    .addColumn('reminder_time', 'text')
    .addColumn('answered_on', 'text')
    .addColumn('answered_at', t.timestamp)
    .addColumn('answer_note', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('prayer_requests_user_newest_idx')
    .on('prayer_requests')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('prayer_requests_user_answered_idx')
    .on('prayer_requests')
    .columns(['user_id', 'answered_at desc', 'id desc'])
    .execute();
  await db.schema
    .createTable('prayer_days')
    .addColumn('request_id', 'text', (c) =>
      c.notNull().references('prayer_requests.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('prayer_days_pkey', ['request_id', 'day'])
    .execute();
  await db.schema
    .createIndex('prayer_days_user_day_idx')
    .on('prayer_days')
    .columns(['user_id', 'day'])
    .execute();

  const entries = await sql<{
    id: string;
    user_id: string;
    content: string;
    emotion_tags: unknown;
    verse_reference: string | null;
    created_at: unknown;
    updated_at: unknown;
  }>`
    select id, user_id, content, emotion_tags, verse_reference, created_at, updated_at
    from journal_entries where title = ${prayerEntryTitle}
  `.execute(db);
  for (const entry of entries.rows) {
    // JSON text in SQLite, parsed jsonb in PostgreSQL.
    const tags: unknown =
      typeof entry.emotion_tags === 'string' ? JSON.parse(entry.emotion_tags) : entry.emotion_tags;
    if (!Array.isArray(tags) || !tags.includes(prayerTag)) continue;
    const createdAt = isoOf(entry.created_at);
    await sql`
      insert into prayer_requests
        (id, user_id, title, details, person, verse_reference, reminder_days, reminder_time,
         answered_on, answered_at, answer_note, created_at, updated_at)
      values (${uuidv7({ msecs: Date.parse(createdAt) })}, ${entry.user_id},
        ${titleOf(entry.content)}, ${entry.content}, null, ${entry.verse_reference}, null, null,
        null, null, null, ${createdAt}, ${isoOf(entry.updated_at)})
    `.execute(db);
    await sql`delete from journal_entries where id = ${entry.id}`.execute(db);
  }
}
