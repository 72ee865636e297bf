import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { checkPassword } from '#server/features/auth/auth.service.ts';
import {
  announceDeparture,
  groupsOf,
  type GroupEventBus,
} from '#server/features/groups/departure.service.ts';
import { deleteConfirmationPhrase } from '#shared/schemas/account.ts';
import {
  closeAccount,
  finishAccountDeletion,
  retryLater,
  type DeletionOptions,
} from './account-deletion.ts';

export { exportAccountStream } from './account-export.ts';

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
 * Deletes the user and every row they own (account-deletion.ts: closed at once, then the rows in
 * batches so that other requests are served meanwhile). Accounts with a password confirm with
 * it; Google-only accounts type the confirmation phrase.
 *
 * Once the account is closed it is gone for the person: nobody can sign in to it and its
 * address is free. If removing the rows then fails, the answer is still that it is deleted
 * (it is, from the person's side); the failure is logged and the server finishes the job later.
 */
export async function deleteAccount(
  {
    db,
    clock,
    log,
    events,
  }: { db: Db; clock: Clock; log?: FastifyBaseLogger; events?: GroupEventBus },
  userId: string,
  confirmation: { password: string } | { confirmation: string },
  options: DeletionOptions = {},
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
  const groupIds = await groupsOf(db, userId);
  await closeAccount(db, userId, clock.now());
  if (events) announceDeparture(events, groupIds, userId);
  try {
    await finishAccountDeletion(db, userId, options);
  } catch (error) {
    log?.error({ err: error, userId }, 'Deleting an account stopped part way; it will be retried.');
    retryLater(db, userId, log);
  }
}
