import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '#server/app-error.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/connect.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { lookAtOnce } from '#server/features/notifications/notifications.service.ts';
import type { Mailer } from '#server/mailer.ts';
import type { AttemptCounters } from '#server/security/attempt-counters.ts';
import {
  isCommonPassword,
  hashPassword,
  verifyAgainstNothing,
  verifyPassword,
} from '#server/security/password.ts';
import { hashToken, randomToken } from '#server/security/tokens.ts';
import type { SessionUser, SignInMethod } from '#shared/schemas/auth.ts';
import { defaultSettings } from '#shared/schemas/settings.ts';

type Deps = { db: Db; clock: Clock };

export const invalidCredentialsMessage = 'Invalid e-mail or password.';
export const resetLinkLifetimeMs = 60 * 60 * 1000;
const commonPasswordMessage =
  'This password is one of the most common passwords and easy to guess. Please choose another.';

function emailPrefix(email: string): string {
  return email.split('@')[0] || email;
}

function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new AppError('VALIDATION_ERROR', commonPasswordMessage);
}

/**
 * product §4: signing in upserts the profile and the default settings. Existing rows are kept as
 * they are (a name the user changed stays changed); only the profile's e-mail follows the account.
 */
export async function ensureProfileAndSettings(
  { db, clock }: Deps,
  user: { id: string; email: string; fullName?: string | null; imageUrl?: string | null },
): Promise<void> {
  const now = clock.now().toISOString();
  await db
    .insertInto('profiles')
    .values({
      user_id: user.id,
      email: user.email,
      display_name: user.fullName?.trim() || emailPrefix(user.email),
      profile_image_url: user.imageUrl ?? null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ email: user.email }))
    .execute();
  await db
    .insertInto('user_settings')
    // The next tick looks at a new person's reminders (on by default) and sends what is due.
    .values({ user_id: user.id, ...defaultSettings, reminder_next_at: lookAtOnce, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.id;
}

/** Creates the user with a password, their profile and default settings, all or nothing. */
export async function createUser(
  deps: Deps,
  input: {
    email: string;
    password?: string;
    displayName: string;
    imageUrl?: string | null;
    emailVerified?: boolean;
  },
): Promise<string> {
  const passwordHash =
    input.password === undefined ? undefined : await hashPassword(input.password);
  const userId = randomUUID();
  const now = deps.clock.now().toISOString();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id: userId,
          email: input.email,
          email_verified: input.emailVerified ?? false,
          created_at: now,
          updated_at: now,
        })
        .execute();
      if (passwordHash !== undefined) {
        await trx
          .insertInto('password_credentials')
          .values({ user_id: userId, password_hash: passwordHash, updated_at: now })
          .execute();
      }
      await ensureProfileAndSettings(
        { db: trx, clock: deps.clock },
        {
          id: userId,
          email: input.email,
          fullName: input.displayName,
          imageUrl: input.imageUrl ?? null,
        },
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return userId;
}

function emailTaken(): AppError {
  return new AppError(
    'CONFLICT',
    'An account with this e-mail already exists. Please sign in instead.',
  );
}

export async function signUp(
  deps: Deps,
  input: { email: string; password: string; display_name: string },
): Promise<string> {
  refuseCommonPassword(input.password);
  if (await findUserIdByEmail(deps.db, input.email)) throw emailTaken();
  return createUser(deps, {
    email: input.email,
    password: input.password,
    displayName: input.display_name,
  });
}

/** Whether the password is the user's; false (in the same time) when they have none. */
export async function checkPassword(db: Db, userId: string, password: string): Promise<boolean> {
  const credential = await db
    .selectFrom('password_credentials')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!credential) return verifyAgainstNothing(password);
  return verifyPassword(credential.password_hash, password);
}

export async function signIn(
  deps: Deps,
  input: { email: string; password: string },
): Promise<string> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', input.email)
    .executeTakeFirst();
  // An unknown e-mail costs the same hashing time as a wrong password: no account enumeration.
  const isValid = user
    ? await checkPassword(deps.db, user.id, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !isValid) throw new AppError('UNAUTHORIZED', invalidCredentialsMessage);
  await ensureProfileAndSettings(deps, { id: user.id, email: user.email });
  return user.id;
}

/** The way in a session came through; null for a session older than methods being kept. */
export async function sessionSignInMethod(
  db: Db,
  sessionHash: string,
): Promise<SignInMethod | null> {
  const row = await db
    .selectFrom('sessions')
    .select('method')
    .where('id', '=', sessionHash)
    .executeTakeFirst();
  return row?.method ?? null;
}

/** A moderator by role in the database, or by being listed in MODERATOR_EMAILS. */
export function isModerator(
  user: { role: string; email: string },
  moderatorEmails: readonly string[],
): boolean {
  return user.role === 'moderator' || moderatorEmails.includes(user.email);
}

export async function getSessionUser(
  db: Db,
  userId: string,
  moderatorEmails: readonly string[] = [],
): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .leftJoin('password_credentials', 'password_credentials.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.role',
      'users.email_verified',
      'profiles.display_name',
      'profiles.profile_image_url',
      'password_credentials.user_id as credential_user_id',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const oauth = await db
    .selectFrom('oauth_accounts')
    .select('provider')
    .where('user_id', '=', userId)
    .execute();
  const hasPassword = row.credential_user_id !== null;
  return {
    id: row.id,
    email: row.email,
    display_name: row.display_name ?? emailPrefix(row.email),
    profile_image_url: row.profile_image_url ?? null,
    has_password: hasPassword,
    providers: [
      ...(hasPassword ? (['password'] as const) : []),
      ...(oauth.some((account) => account.provider === 'google') ? (['google'] as const) : []),
    ],
    email_verified: row.email_verified,
    is_moderator: isModerator(row, moderatorEmails),
  };
}

/**
 * Every session of the account, the browsers it signed in from and their push subscriptions: no
 * browser stays signed in, is trusted at sign-in, or keeps receiving the account's pushes.
 * Call inside a transaction.
 */
async function revokeSessionsAndDevices(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('known_devices').where('user_id', '=', userId).execute();
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}

/** "Sign out everywhere" (Settings): every session, browser and push subscription, all or none. */
export async function signOutEverywhere(db: Db, userId: string): Promise<void> {
  await db.transaction().execute((trx) => revokeSessionsAndDevices(trx, userId));
}

/**
 * Every session of the account, the browsers it signed in from, their push subscriptions and
 * every link mailed to it (reset, confirmation). Call inside a transaction.
 */
export async function revokeSessionsAndLinks(db: Db, userId: string): Promise<void> {
  await revokeSessionsAndDevices(db, userId);
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_confirmation_tokens').where('user_id', '=', userId).execute();
}

/**
 * Someone proved they own the address of an account whose address nobody had confirmed (a reset
 * link, or Google). Whoever signed up with it may not be them: every way in that did not prove
 * the address goes (sessions, the browsers it signed in from, their push subscriptions, older
 * links), and the address counts as confirmed from now on. Call inside a transaction.
 */
export async function revokeUnconfirmedAccess(db: Db, userId: string, now: string): Promise<void> {
  await revokeSessionsAndLinks(db, userId);
  await db
    .updateTable('users')
    .set({ email_verified: true, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * Removes one way of signing in (Settings); the last one stays, or nobody could sign in. The
 * sessions that came through the removed way end (a squatter's password session with the
 * password, a Google session with Google), and so do sessions from before the way in was kept;
 * the session asking stays, as the person just showed they are here. A removed Google identity
 * no longer joins the account by its address: the person connects it again from Settings.
 */
export async function removeSignInMethod(
  { db, clock }: Deps,
  userId: string,
  method: SignInMethod,
  currentSessionHash: string | null,
): Promise<void> {
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    // The account's row first: two removals at once (on two instances) take turns here, so the
    // second sees what the first left and never removes the last way in. SQLite runs one
    // writer at a time anyway; PostgreSQL holds this row lock until the commit.
    const locked = await trx
      .updateTable('users')
      .set({ updated_at: now })
      .where('id', '=', userId)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) {
      throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    }
    const hasPassword = Boolean(
      await trx
        .selectFrom('password_credentials')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    );
    const google = await trx
      .selectFrom('oauth_accounts')
      .select('provider_user_id')
      .where('user_id', '=', userId)
      .where('provider', '=', 'google')
      .execute();
    const has = method === 'password' ? hasPassword : google.length > 0;
    if (!has)
      throw new AppError('NOT_FOUND', 'That sign-in method is not set up for your account.');
    const others = method === 'password' ? google.length : Number(hasPassword);
    if (others === 0) {
      throw new AppError(
        'CONFLICT',
        'This is the only way to sign in to your account, so it cannot be removed.',
      );
    }
    if (method === 'password') {
      await trx.deleteFrom('password_credentials').where('user_id', '=', userId).execute();
      await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    } else {
      await trx
        .deleteFrom('oauth_accounts')
        .where('user_id', '=', userId)
        .where('provider', '=', 'google')
        .execute();
      await trx
        .updateTable('users')
        .set({ google_link_removed_at: now })
        .where('id', '=', userId)
        .execute();
    }
    await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('method', '=', method), eb('method', 'is', null)]))
      .$if(currentSessionHash !== null, (qb) => qb.where('id', '!=', currentSessionHash ?? ''))
      .execute();
  });
}

/**
 * Sends a single-use reset link valid for one hour when the e-mail has an account. The caller
 * answers the same way either way; sending happens in the background so timing tells nothing.
 */
export async function requestPasswordReset(
  deps: Deps & { mailer: Mailer; publicUrl: string },
  email: string,
): Promise<void> {
  const userId = await findUserIdByEmail(deps.db, email);
  if (!userId) return;
  const token = randomToken();
  const now = deps.clock.now();
  await deps.db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + resetLinkLifetimeMs).toISOString(),
      used_at: null,
    })
    .execute();
  const link = `${deps.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: email,
    subject: 'Reset your Grounded password',
    text:
      `Someone (hopefully you) asked to reset the password of your Grounded account.\n\n` +
      `Choose a new password here (the link works once, for one hour):\n${link}\n\n` +
      `If you did not ask for this, you can ignore this e-mail; your password stays as it is.\n`,
    html:
      `<p>Someone (hopefully you) asked to reset the password of your Grounded account.</p>` +
      `<p><a href="${link}">Choose a new password</a> (the link works once, for one hour).</p>` +
      `<p>If you did not ask for this, you can ignore this e-mail; your password stays as it is.</p>`,
  });
}

/**
 * "Forgot password": mails a reset link in the background when the address has an account
 * (requestPasswordReset). Strangers can ask for links to any address, but only
 * `limit.perEmail` are mailed to it in a window: past that nothing is mailed, and the links
 * already mailed still work, so the owner is never locked out. A browser that signed in to
 * the account before is not counted. Neither the caller's answer nor its timing may depend on
 * any of this.
 */
export async function askForPasswordReset(
  deps: Deps & {
    mailer: Mailer;
    publicUrl: string;
    counters: AttemptCounters;
    limit: { perEmail: number; windowMs: number };
    log: FastifyBaseLogger;
  },
  email: string,
  isKnownDevice: (userId: string | undefined) => Promise<boolean>,
): Promise<void> {
  const userId = await findUserIdByEmail(deps.db, email);
  if (!(await isKnownDevice(userId))) {
    const key = `reset-mail:${email}`;
    const { count } = await deps.counters.read(key);
    if (count >= deps.limit.perEmail) {
      deps.log.warn('password reset e-mail not sent: too many for this address this hour');
      return;
    }
    await deps.counters.add(key, deps.limit.windowMs);
  }
  requestPasswordReset(deps, email).catch((error: unknown) =>
    deps.log.error({ err: error }, 'password reset e-mail failed'),
  );
}

function invalidResetLink(): AppError {
  return new AppError(
    'VALIDATION_ERROR',
    'This reset link is invalid or has expired. Please request a new one.',
  );
}

/** The token's row while it may still be used (unused, unexpired); otherwise the link's error. */
async function usableResetToken(deps: Deps, token: string, now: Date) {
  const row = await deps.db
    .selectFrom('password_reset_tokens')
    .select(['token_hash', 'user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || Date.parse(row.expires_at) <= now.getTime()) {
    throw invalidResetLink();
  }
  return row;
}

/**
 * Whether a reset link may still be used, so the page can say so before the form is filled in.
 * Looks only: the token is not used up, and nothing but valid or invalid is told.
 */
export async function checkPasswordResetToken(deps: Deps, token: string): Promise<void> {
  await usableResetToken(deps, token, deps.clock.now());
}

/** Sets the new password, uses up the token and signs out every other session. */
export async function confirmPasswordReset(
  deps: Deps,
  input: { token: string; password: string },
): Promise<string> {
  const invalid = invalidResetLink();
  const now = deps.clock.now();
  const row = await usableResetToken(deps, input.token, now);
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const nowIso = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    // Single use even when two requests race: only one update finds used_at still empty.
    const used = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: nowIso })
      .where('token_hash', '=', row.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw invalid;
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: nowIso })
      .where('user_id', '=', row.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_credentials')
      // Chosen through a link that reached the mailbox: the address's owner holds it.
      .values({
        user_id: row.user_id,
        password_hash: passwordHash,
        proven_at: nowIso,
        updated_at: nowIso,
      })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ password_hash: passwordHash, proven_at: nowIso, updated_at: nowIso }),
      )
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', row.user_id).execute();
    // The link reached the mailbox, so the address is the person's. If nobody had confirmed it,
    // whoever signed up with it may still hold a way in: revoke them all.
    const user = await trx
      .selectFrom('users')
      .select('email_verified')
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    if (user && !user.email_verified) await revokeUnconfirmedAccess(trx, row.user_id, nowIso);
  });
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  await ensureProfileAndSettings(deps, user);
  return user.id;
}
