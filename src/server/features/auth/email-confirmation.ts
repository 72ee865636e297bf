import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { userOwnedTables } from '#server/db/types.ts';
import type { Mail, Mailer } from '#server/mailer.ts';
import type { AttemptCounters } from '#server/security/attempt-counters.ts';
import { hashToken, randomToken } from '#server/security/tokens.ts';
import { revokeSessionsAndLinks } from './auth.service.ts';

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
 * Stores a single-use link that proves the address is the person's (decision 009) and returns the
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

/** The account a live link is for: unused, unexpired, and the account still has that address. */
export async function emailConfirmationFor(
  deps: Deps,
  token: string,
): Promise<{ userId: string; email: string }> {
  const row = await deps.db
    .selectFrom('email_confirmation_tokens')
    .innerJoin('users', 'users.id', 'email_confirmation_tokens.user_id')
    .select(['users.id', 'users.email'])
    .where('email_confirmation_tokens.token_hash', '=', hashToken(token))
    .where('email_confirmation_tokens.used_at', 'is', null)
    .where('email_confirmation_tokens.expires_at', '>', deps.clock.now().toISOString())
    .whereRef('email_confirmation_tokens.email', '=', 'users.email')
    .executeTakeFirst();
  if (!row) throw invalidLink();
  return { userId: row.id, email: row.email };
}

/** Uses the link up (once, even when two requests race); the account it was for. */
async function useLink(trx: Db, token: string, nowIso: string): Promise<string> {
  const row = await trx
    .updateTable('email_confirmation_tokens')
    .set({ used_at: nowIso })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  if (!row) throw invalidLink();
  const user = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', row.user_id)
    .where('email', '=', row.email)
    .executeTakeFirst();
  if (!user) throw invalidLink();
  return user.id;
}

/**
 * Marks the account's address confirmed, for a person who showed they hold the account (signed
 * in as it, or its password just checked): the mailbox and the password are then one person's,
 * so the password counts as proven and Google may later join the account without revoking it.
 * Opening the link alone proves only the mailbox, never that the account is its owner's.
 */
export async function confirmEmail(deps: Deps, token: string, confirmerId: string): Promise<void> {
  const nowIso = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const userId = await useLink(trx, token, nowIso);
    if (userId !== confirmerId) throw invalidLink();
    await trx
      .updateTable('users')
      .set({ email_verified: true, updated_at: nowIso })
      .where('id', '=', userId)
      .execute();
    await trx
      .updateTable('password_credentials')
      .set({ proven_at: nowIso })
      .where('user_id', '=', userId)
      .execute();
  });
}

/** How an account works, rather than anything its owner saved in it. */
const accountMachinery: ReadonlySet<string> = new Set([
  'password_credentials',
  'sessions',
  'password_reset_tokens',
  'email_confirmation_tokens',
  'known_devices',
  'push_subscriptions',
  'profiles',
  'user_settings',
  'notifications',
]);

/** Rows that mean an account holds something of its owner's. */
const contentTables = userOwnedTables.filter((table) => !accountMachinery.has(table));

async function holdsAnything(db: Db, userId: string): Promise<boolean> {
  // A group they are in, or a request they shared in one, is something of theirs too.
  const inGroup = await db
    .selectFrom('group_members')
    .select('user_id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  const posted = await db
    .selectFrom('group_posts')
    .select('id')
    .where('author_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  if (inGroup || posted) return true;
  for (const table of contentTables) {
    const row = await db
      .selectFrom(table)
      .select('user_id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export type DeclineOutcome = 'account-removed' | 'password-removed';

/**
 * "Not me": the mailbox's owner says they did not make this account. Whoever did loses every
 * way in (the password, every session, remembered browser, push subscription and link); an
 * account that holds nothing yet is removed altogether, so the address is free for its owner.
 */
export async function declineEmailConfirmation(deps: Deps, token: string): Promise<DeclineOutcome> {
  const nowIso = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const userId = await useLink(trx, token, nowIso);
    if (!(await holdsAnything(trx, userId))) {
      // A handful of rows at most (a profile, settings, a reminder): no batches needed.
      for (const table of userOwnedTables) {
        await trx.deleteFrom(table).where('user_id', '=', userId).execute();
      }
      await trx.deleteFrom('users').where('id', '=', userId).execute();
      return 'account-removed';
    }
    await revokeSessionsAndLinks(trx, userId);
    await trx.deleteFrom('password_credentials').where('user_id', '=', userId).execute();
    return 'password-removed';
  });
}

export const declinedMessages: Record<DeclineOutcome, string> = {
  'account-removed':
    'Thank you for telling us. The account made with your address is removed, and your address is free to use.',
  'password-removed':
    'Thank you for telling us. Whoever made this account can no longer sign in to it with a password, and every device signed in to it is signed out.',
};

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

/**
 * Settings' "send a new link": another confirmation link to the signed-in person's address, at
 * most `limit.perUser` in a window (each mailed link counts); answers the address it went to.
 */
export async function resendEmailConfirmation(
  deps: Deps & {
    publicUrl: string;
    mailer: Mailer;
    counters: AttemptCounters;
    limit: { perUser: number; windowMs: number };
  },
  userId: string,
): Promise<string> {
  const state = await emailStateOf(deps.db, userId);
  if (!state) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  if (state.isConfirmed) throw new AppError('CONFLICT', 'Your e-mail is already confirmed.');
  const key = `confirmation-mail:${userId}`;
  const { count, windowEndsAt } = await deps.counters.read(key);
  if (count >= deps.limit.perUser) {
    const minutes = Math.max(1, Math.ceil((windowEndsAt - deps.clock.now().getTime()) / 60_000));
    throw new AppError(
      'RATE_LIMITED',
      `We have sent several links already. Please check your inbox, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfterSeconds: minutes * 60 },
    );
  }
  await deps.counters.add(key, deps.limit.windowMs);
  await deps.mailer.send(await createEmailConfirmation(deps, { id: userId, email: state.email }));
  return state.email;
}
