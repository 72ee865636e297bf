import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Habits (decision 016): plans one follows from the library or made from a feeling, the readings
 * ticked in them, the days that keep a streak, and the verses being learned by heart, with
 * their FSRS state. Every table is a user's own (cascading from users, in userOwnedTables).
 * The spec's reading_plans (one active plan, its position) stays as it is.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  const userRef = 'users.id';

  // A plan made for one person (a 7-day plan from a feeling): its days are stored, since they
  // came from that moment's verses; library plans are worked out from the Bible's data.
  await db.schema
    .createTable('custom_plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('mood', 'text')
    .addColumn('plan_days', t.json, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('custom_plans_user_created_idx')
    .on('custom_plans')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();

  // One row a plan a person follows. start_date and paused_on are the person's local dates;
  // schedule, after a catch-up, is the due date of every plan day (null: start_date + day - 1).
  await db.schema
    .createTable('plan_enrollments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('paused_on', 'text')
    .addColumn('schedule', t.json)
    .addColumn('finished_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('plan_enrollments_user_created_idx')
    .on('plan_enrollments')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();

  // A reading of a plan day that is done (read in the reader, or ticked).
  await db.schema
    .createTable('plan_reading_marks')
    .addColumn('enrollment_id', 'text', (c) =>
      c.notNull().references('plan_enrollments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('reading', 'integer', (c) => c.notNull())
    .addColumn('done_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_reading_marks_pk', ['enrollment_id', 'day', 'reading'])
    .execute();
  await db.schema
    .createIndex('plan_reading_marks_user_idx')
    .on('plan_reading_marks')
    .column('user_id')
    .execute();

  // A day (the person's local date) on which they did something that keeps a streak; kinds is
  // the list of what: read, plan, review, journal.
  await db.schema
    .createTable('streak_days')
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('kinds', t.json, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('streak_days_pk', ['user_id', 'local_date'])
    .execute();

  // A verse being learned by heart: its FSRS card (ts-fsrs's fields) and the translation
  // it is learned in.
  await db.schema
    .createTable('memory_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(userRef).onDelete('cascade'))
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('translation', 'text', (c) => c.notNull())
    .addColumn('due', t.timestamp, (c) => c.notNull())
    .addColumn('stability', 'double precision', (c) => c.notNull())
    .addColumn('difficulty', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_days', 'integer', (c) => c.notNull())
    .addColumn('scheduled_days', 'integer', (c) => c.notNull())
    .addColumn('learning_steps', 'integer', (c) => c.notNull())
    .addColumn('reps', 'integer', (c) => c.notNull())
    .addColumn('lapses', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('last_review', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('memory_cards_user_reference_key', ['user_id', 'reference'])
    .execute();
  await db.schema
    .createIndex('memory_cards_user_due_idx')
    .on('memory_cards')
    .columns(['user_id', 'due', 'id'])
    .execute();
  await db.schema
    .createIndex('memory_cards_user_created_idx')
    .on('memory_cards')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();

  // The streak's rest day (a weekday, or none) and the daily reading reminder's own switch,
  // time and days (the time zone is the person's reminder_timezone).
  await db.schema.alterTable('user_settings').addColumn('streak_rest_day', 'text').execute();
  await db.schema
    .alterTable('user_settings')
    .addColumn('plan_reminders', t.boolean, (c) => c.notNull().defaultTo(t.booleanLiteral(false)))
    .execute();
  await db.schema
    .alterTable('user_settings')
    .addColumn('plan_reminder_time', 'text', (c) => c.notNull().defaultTo('07:00:00'))
    .execute();
  await db.schema.alterTable('user_settings').addColumn('plan_reminder_days', t.json).execute();
}
