import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * Who holds each way in, remembered (decision 019):
 * - sessions.method: the way in a session came through ('password' or 'google'), so that
 *   removing that way ends the sessions it opened. Sessions from before are null: whichever
 *   way is removed ends them too (never the one asking).
 * - password_credentials.proven_at: when the person who holds the mailbox also showed they hold
 *   this password (confirming the address with it, or choosing it through a reset link). A
 *   password never proven may be a squatter's: Google, proving the address, revokes it and
 *   every session before joining. Passwords from before are unproven: a confirmation link then
 *   confirmed an address without asking who opened it.
 * - users.google_link_removed_at: the person removed Google as a way in; a Google sign-in with
 *   the same address no longer joins the account by itself (the person connects it again from
 *   Settings, signed in).
 * - oauth_states.link_user_id: a Google round trip started from Settings to connect Google to
 *   the signed-in account; the callback must come back signed in as that same account.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('method', 'text').execute();
  await db.schema.alterTable('password_credentials').addColumn('proven_at', t.timestamp).execute();
  await db.schema.alterTable('users').addColumn('google_link_removed_at', t.timestamp).execute();
  await db.schema.alterTable('oauth_states').addColumn('link_user_id', 'text').execute();
  // Ending a way's sessions finds them by person and way.
  await db.schema
    .createIndex('sessions_user_id_method_idx')
    .on('sessions')
    .columns(['user_id', 'method'])
    .execute();
}
