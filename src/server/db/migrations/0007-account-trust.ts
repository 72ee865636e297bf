import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Who owns an e-mail, and which browsers a person has signed in from (decision 009):
 * - email_confirmation_tokens: the single-use links mailed after a password sign-up. Only a
 *   confirmed address lets a Google identity join an existing account.
 * - known_devices: the device cookie of a browser that signed in to an account before, so that
 *   strangers' wrong passwords never lock the owner out of it (OWASP's "device cookies").
 *   One browser may know several accounts, hence the key (token_hash, user_id).
 * - attempt_counters: failed password checks per account, per (account, address) and per known
 *   device, in fixed windows, kept where every instance sees them. Keys are SHA-256 hashes, so
 *   the table holds no e-mail address or IP address.
 *
 * Accounts that already hold both a password nobody confirmed and a Google identity are exactly
 * the pre-hijack pattern: Google proved the address, so the address counts as confirmed, and the
 * unconfirmed password and the sessions it may have opened are revoked (the owner signs in with
 * Google, or sets a new password through a reset link).
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('email_confirmation_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('email_confirmation_tokens_user_id_idx')
    .on('email_confirmation_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['token_hash', 'user_id'])
    .execute();
  await db.schema
    .createIndex('known_devices_user_id_idx')
    .on('known_devices')
    .columns(['user_id', 'last_used_at'])
    .execute();

  await db.schema
    .createTable('attempt_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attempt_counters_window_ends_at_idx')
    .on('attempt_counters')
    .column('window_ends_at')
    .execute();

  const linkedToGoogle = sql`select user_id from oauth_accounts`;
  const unconfirmed = sql`select id from users where email_verified = ${t.booleanLiteral(false)} and id in (${linkedToGoogle})`;
  await sql`delete from sessions where user_id in (${unconfirmed})`.execute(db);
  await sql`delete from password_credentials where user_id in (${unconfirmed})`.execute(db);
  await sql`update users set email_verified = ${t.booleanLiteral(true)} where id in (${linkedToGoogle})`.execute(
    db,
  );
}
