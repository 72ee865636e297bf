import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Private groups that read and pray together (decision 028).
 *
 * - groups: a group's name and description, its owner, the library plan it reads together and
 *   that plan's day 1 (a local date), and member_count, kept in step in the same transaction as
 *   each join and leave so the 500-member limit is one row read.
 * - group_members: one row a member, with the role ('owner', 'leader', 'member') and when they
 *   joined (ownership passes to the longest-standing leader, then member).
 * - group_invites: links to join, by the SHA-256 of a random token (the token itself is never
 *   stored), valid until expires_at, for at most max_uses joins when set, until revoked.
 * - group_posts: the prayer wall. author_id is null once the author's account is deleted (the
 *   post then keeps only others' replies, shown under "A former member"); prayed_count is kept
 *   in step with group_prayed so a page never counts rows.
 * - group_replies: encouragements from anyone in the group and updates from the author.
 * - group_prayed: "I prayed", once per person per post per local day.
 * - group_check_ins: one line per member per group per local day.
 * - group_reports: a member's report of a post or a reply, for the group's leaders.
 * - group_notice_log: the last notice of each kind per person per group, so a person gets at most
 *   one an hour and later ones are gathered into it.
 *
 * Every index starts with the group or the person it is read for: the wall newest first, a post's
 * replies oldest first, a person's groups, their rows for the export and account deletion.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('plan_id', 'text')
    .addColumn('plan_start_date', 'text')
    .addColumn('member_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('groups_owner_idx').on('groups').column('owner_id').execute();

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('joined_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pkey', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('group_members_user_idx')
    .on('group_members')
    .columns(['user_id', 'joined_at'])
    .execute();
  await db.schema
    .createIndex('group_members_group_joined_idx')
    .on('group_members')
    .columns(['group_id', 'joined_at', 'user_id'])
    .execute();

  await db.schema
    .createTable('group_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull())
    .addColumn('revoked_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('group_invites_group_idx')
    .on('group_invites')
    .columns(['group_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('group_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('is_anonymous', t.boolean, (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('prayer_request_id', 'text', (c) =>
      c.references('prayer_requests.id').onDelete('set null'),
    )
    .addColumn('answered_at', t.timestamp)
    .addColumn('answer_note', 'text')
    .addColumn('hidden_at', t.timestamp)
    .addColumn('hidden_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('prayed_count', 'integer', (c) => c.notNull())
    .addColumn('reply_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('group_posts_group_newest_idx')
    .on('group_posts')
    .columns(['group_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('group_posts_author_idx')
    .on('group_posts')
    .columns(['author_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('group_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) =>
      c.notNull().references('group_posts.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('hidden_at', t.timestamp)
    .addColumn('hidden_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('group_replies_post_idx')
    .on('group_replies')
    .columns(['post_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('group_replies_author_idx')
    .on('group_replies')
    .columns(['author_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('group_prayed')
    .addColumn('post_id', 'text', (c) =>
      c.notNull().references('group_posts.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('group_prayed_pkey', ['post_id', 'user_id', 'day'])
    .execute();
  await db.schema
    .createIndex('group_prayed_post_newest_idx')
    .on('group_prayed')
    .columns(['post_id', 'created_at desc'])
    .execute();
  await db.schema
    .createIndex('group_prayed_user_idx')
    .on('group_prayed')
    .columns(['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('group_check_ins')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('group_check_ins_pkey', ['group_id', 'day', 'user_id'])
    .execute();
  await db.schema
    .createIndex('group_check_ins_user_idx')
    .on('group_check_ins')
    .columns(['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('group_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.references('group_posts.id').onDelete('cascade'))
    .addColumn('reply_id', 'text', (c) => c.references('group_replies.id').onDelete('cascade'))
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('resolved_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('group_reports_group_open_idx')
    .on('group_reports')
    .columns(['group_id', 'resolved_at', 'created_at'])
    .execute();
  await db.schema
    .createIndex('group_reports_reporter_idx')
    .on('group_reports')
    .columns(['reporter_id', 'post_id', 'reply_id'])
    .execute();

  await db.schema
    .createTable('group_notice_log')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('notification_id', 'text', (c) => c.notNull())
    .addColumn('gathered', 'integer', (c) => c.notNull())
    .addColumn('sent_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('group_notice_log_pkey', ['user_id', 'group_id', 'kind'])
    .execute();

  // What a person chooses for groups (Settings): whether their groups see that they read today,
  // and each kind of group notice. All on, as the other notices are.
  for (const column of [
    'show_reading_to_groups',
    'group_request_notifications',
    'group_prayed_notifications',
    'group_update_notifications',
    'group_reading_notifications',
  ]) {
    await db.schema
      .alterTable('user_settings')
      .addColumn(column, t.boolean, (c) => c.notNull().defaultTo(t.booleanLiteral(true)))
      .execute();
  }
}
