import { AppError } from '../../app-error.ts';
import { hashToken, randomToken } from '../../security/tokens.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/connect.ts';
import type { Mail } from '../../mailer.ts';

type Deps = { db: Db; clock: Clock };

/** A confirmation link works for three days; a new one can be asked for from Settings. */
export const confirmationLinkLifetimeMs = 3 * 24 * 60 * 60 * 1000;
export const confirmedMessage = 'Your e-mail is confirmed. Thank you!';

function invalidLink(): AppError {
  return new AppError(
    'VALIDATION_ERROR',
    'This confirmation link is invalid or has expired. You can ask for a new one in Settings.',
  );
}

/**
 * Stores a single-use link that proves the address is the person's (issue 20) and returns the
 * e-mail that carries it, for the caller to send. Until it is used, the account works as
 * usual, but no Google identity may join it (see google.ts).
 */
export async function createEmailConfirmation(
  deps: Deps & { publicUrl: string },
  user: { id: string; email: string },
): Promise<Mail> {
  const token = randomToken();
  const now = deps.clock.now();
  await deps.db
    .insertInto('email_confirmation_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      email: user.email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + confirmationLinkLifetimeMs).toISOString(),
      used_at: null,
    })
    .execute();
  const link = `${deps.publicUrl}/auth/confirm-email?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: 'Confirm your e-mail for Grounded',
    text:
      `Welcome to Grounded! Please confirm that this address is yours:\n${link}\n\n` +
      `The link works once, for three days. If you did not create a Grounded account, ` +
      `you can ignore this e-mail.\n`,
    html:
      `<p>Welcome to Grounded! Please confirm that this address is yours:</p>` +
      `<p><a href="${link}">Confirm my e-mail</a></p>` +
      `<p>The link works once, for three days. If you did not create a Grounded account, ` +
      `you can ignore this e-mail.</p>`,
  };
}

/** Marks the account's address confirmed; the link is used up, and works only for that address. */
export async function confirmEmail(deps: Deps, token: string): Promise<void> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    // Single use even when two requests race: only one update finds used_at still empty.
    const row = await trx
      .updateTable('email_confirmation_tokens')
      .set({ used_at: nowIso })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .returning(['user_id', 'email'])
      .executeTakeFirst();
    if (!row) throw invalidLink();
    const confirmed = await trx
      .updateTable('users')
      .set({ email_verified: true, updated_at: nowIso })
      .where('id', '=', row.user_id)
      .where('email', '=', row.email)
      .executeTakeFirst();
    if (Number(confirmed.numUpdatedRows) !== 1) throw invalidLink();
  });
}

/** The account's address and whether it is confirmed; undefined when the account is gone. */
export async function emailStateOf(
  db: Db,
  userId: string,
): Promise<{ email: string; isConfirmed: boolean } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'email_verified'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && { email: row.email, isConfirmed: row.email_verified };
}
