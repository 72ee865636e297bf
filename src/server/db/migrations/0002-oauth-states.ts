import type { Kysely } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/**
 * A Google sign-in in progress: the PKCE verifier and nonce wait here between the redirect to
 * Google and the callback, so that any instance behind the load balancer can finish the flow.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_states_expires_at_idx')
    .on('oauth_states')
    .column('expires_at')
    .execute();
}
