import { deleteConfirmationPhrase } from '../../../shared/schemas/account.ts';
import { AppError } from '../../app-error.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';
import { userOwnedTables } from '../../db/types.ts';
import { checkPassword } from '../auth/auth.service.ts';

/** Secrets never leave the server, not even to their owner. */
const withheldTables = new Set<string>([
  'password_credentials',
  'sessions',
  'password_reset_tokens',
  // A push subscription's auth secret lets anyone who holds it send to that browser.
  'push_subscriptions',
  // Secrets too: a confirmation link's hash, and the cookies of the browsers that signed in.
  'email_confirmation_tokens',
  'known_devices',
]);

/** Every row the user owns, table by table (privacy policy: access and export). */
export async function exportAccount(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
): Promise<Record<string, unknown>> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified', 'created_at', 'updated_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'Your account was not found.');
  const data: Record<string, unknown> = {
    exported_at: clock.now().toISOString(),
    format: 'Grounded data export, version 1',
    account: user,
  };
  for (const table of userOwnedTables) {
    if (withheldTables.has(table)) continue;
    data[table] = await db.selectFrom(table).selectAll().where('user_id', '=', userId).execute();
  }
  return data;
}

export async function accountEmail(db: Db, userId: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'Your account was not found.');
  return user.email;
}

/**
 * Deletes the user and, through ON DELETE CASCADE, every row they own, in one transaction.
 * Accounts with a password confirm with it; Google-only accounts type the confirmation phrase.
 */
export async function deleteAccount(
  db: Db,
  userId: string,
  confirmation: { password: string } | { confirmation: string },
): Promise<void> {
  const hasPassword = Boolean(
    await db
      .selectFrom('password_credentials')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
  if (hasPassword) {
    if (!('password' in confirmation)) {
      throw new AppError('VALIDATION_ERROR', 'Enter your password to confirm.');
    }
    if (!(await checkPassword(db, userId, confirmation.password))) {
      throw new AppError('UNAUTHORIZED', 'That password is not correct.');
    }
  } else if (!('confirmation' in confirmation)) {
    // Without a password to check, the typed phrase is the only proof the person meant it.
    throw new AppError('VALIDATION_ERROR', `Type ${deleteConfirmationPhrase} to confirm.`);
  }
  await db.transaction().execute(async (trx) => {
    for (const table of userOwnedTables) {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    }
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}
