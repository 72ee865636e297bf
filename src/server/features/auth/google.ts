import * as oidc from 'openid-client';
import type { AppContext } from '#server/app-context.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/connect.ts';
import { hashToken } from '#server/security/tokens.ts';
import type { SignInMethod } from '#shared/schemas/auth.ts';
import { createUser, ensureProfileAndSettings, revokeUnconfirmedAccess } from './auth.service.ts';

const stateLifetimeMs = 10 * 60 * 1000;
export const googleProvider = 'google';

/** Who is signed in in the browser that comes back from Google, and how they signed in. */
export type BrowserSession = { userId: string; method: SignInMethod | null };

export type GoogleSignIn = {
  /**
   * Where to send the browser, and the state to bind to it in a cookie. `linkUserId`: the
   * signed-in person connecting Google from Settings.
   */
  start: (returnTo: string, linkUserId: string | null) => Promise<{ url: string; state: string }>;
  /**
   * Finishes the flow from the callback URL, for whoever is signed in in this browser (null for
   * nobody); returns the user id and where to go next.
   */
  finish: (
    callbackUrl: URL,
    browserState: string | undefined,
    session: BrowserSession | null,
  ) => Promise<{ userId: string; returnTo: string }>;
};

/** OpenID Connect code flow with PKCE and a nonce, through openid-client. Null when not configured. */
export function createGoogleSignIn(ctx: AppContext): GoogleSignIn | null {
  const { googleClientId, googleClientSecret, googleIssuer, publicUrl } = ctx.config;
  if (!googleClientId || !googleClientSecret) return null;
  const redirectUri = `${publicUrl}/api/auth/google/callback`;
  const { db } = ctx.database;
  let configuration: Promise<oidc.Configuration> | undefined;

  const getConfiguration = (): Promise<oidc.Configuration> => {
    configuration ??= oidc
      .discovery(
        new URL(googleIssuer),
        googleClientId,
        googleClientSecret,
        undefined,
        // Only a test issuer on loopback speaks plain HTTP; Google itself is always HTTPS.
        googleIssuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async start(returnTo, linkUserId) {
      const config = await getConfiguration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const now = ctx.clock.now();
      await db.deleteFrom('oauth_states').where('expires_at', '<', now.toISOString()).execute();
      await db
        .insertInto('oauth_states')
        .values({
          state_hash: hashToken(state),
          code_verifier: codeVerifier,
          nonce,
          return_to: returnTo,
          link_user_id: linkUserId,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + stateLifetimeMs).toISOString(),
        })
        .execute();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      });
      return { url: url.href, state };
    },

    async finish(callbackUrl, browserState, session) {
      const state = callbackUrl.searchParams.get('state');
      if (!state || !browserState || state !== browserState) {
        throw new AppError('BAD_REQUEST', 'This sign-in link is not valid here. Please try again.');
      }
      const pending = await db
        .deleteFrom('oauth_states')
        .where('state_hash', '=', hashToken(state))
        .returning(['code_verifier', 'nonce', 'return_to', 'expires_at', 'link_user_id'])
        .executeTakeFirst();
      if (!pending || Date.parse(pending.expires_at) <= ctx.clock.now().getTime()) {
        throw new AppError('BAD_REQUEST', 'This sign-in took too long. Please try again.');
      }
      // Connecting from Settings joins Google to the account that asked, and to no other: the
      // browser must come back signed in as that same account.
      if (pending.link_user_id !== null && pending.link_user_id !== session?.userId) {
        throw new AppError(
          'FORBIDDEN',
          'Please sign in to the account you are connecting Google to, then try again.',
        );
      }
      const config = await getConfiguration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.code_verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
      });
      const claims = tokens.claims();
      if (!claims?.sub || typeof claims.email !== 'string') {
        throw new AppError(
          'BAD_REQUEST',
          'Google did not share an e-mail address for this account.',
        );
      }
      // Only an address Google has verified says who the person is (decision 009).
      if (claims.email_verified !== true) {
        throw new AppError(
          'BAD_REQUEST',
          'Google has not verified the e-mail address of this Google account, so we cannot use it to sign you in.',
        );
      }
      const email = claims.email.trim().toLowerCase();
      const name = typeof claims.name === 'string' ? claims.name : null;
      // Only a Google-hosted picture (the CSP's img-src allows no other host); anything else in
      // the claim is dropped rather than shown to others beside testimonies.
      const picture =
        typeof claims.picture === 'string' && googlePicture.test(claims.picture)
          ? claims.picture
          : null;
      const google = { sub: claims.sub, email, name, picture };
      const userId =
        pending.link_user_id === null || !session
          ? await findOrCreateGoogleUser(ctx, google)
          : await connectGoogle(ctx, session, google);
      return { userId, returnTo: pending.return_to };
    },
  };
}

const googlePicture = /^https:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*\.googleusercontent\.com\//i;

type GoogleClaims = { sub: string; email: string; name: string | null; picture: string | null };

function googleLink(trx: Db, userId: string, sub: string, now: string) {
  return trx
    .insertInto('oauth_accounts')
    .values({ provider: googleProvider, provider_user_id: sub, user_id: userId, created_at: now })
    .execute();
}

/** Their Google picture fills the profile the first time, unless they chose one already. */
async function fillPicture(trx: Db, userId: string, picture: string | null, now: string) {
  if (!picture) return;
  await trx
    .updateTable('profiles')
    .set({ profile_image_url: picture, updated_at: now })
    .where('user_id', '=', userId)
    .where('profile_image_url', 'is', null)
    .execute();
}

async function findOrCreateGoogleUser(ctx: AppContext, claims: GoogleClaims): Promise<string> {
  const { db } = ctx.database;
  const deps = { db, clock: ctx.clock };
  const linked = await db
    .selectFrom('oauth_accounts')
    .innerJoin('users', 'users.id', 'oauth_accounts.user_id')
    .select(['users.id', 'users.email'])
    .where('oauth_accounts.provider', '=', googleProvider)
    .where('oauth_accounts.provider_user_id', '=', claims.sub)
    .executeTakeFirst();
  if (linked) {
    await ensureProfileAndSettings(deps, {
      id: linked.id,
      email: linked.email,
      fullName: claims.name,
      imageUrl: claims.picture,
    });
    return linked.id;
  }
  const existing = await db
    .selectFrom('users')
    .leftJoin('password_credentials', 'password_credentials.user_id', 'users.id')
    .select([
      'users.id',
      'users.email_verified',
      'users.google_link_removed_at',
      'password_credentials.user_id as password_user_id',
      'password_credentials.proven_at',
    ])
    .where('users.email', '=', claims.email)
    .executeTakeFirst();
  const now = ctx.clock.now().toISOString();
  let userId: string;
  if (!existing) {
    userId = await createUser(deps, {
      email: claims.email,
      displayName: claims.name ?? claims.email.split('@')[0] ?? claims.email,
      imageUrl: claims.picture,
      emailVerified: true,
    });
    await googleLink(db, userId, claims.sub, now);
  } else if (existing.google_link_removed_at !== null) {
    // The person removed Google as a way in: signing in with it does not undo that.
    throw new AppError(
      'CONFLICT',
      'Google was removed as a way to sign in to this account. Please sign in another way, then connect Google again in Settings.',
    );
  } else if (
    existing.email_verified &&
    (existing.password_user_id === null || existing.proven_at !== null)
  ) {
    // The account's owner proved the address, with its password where it has one: Google,
    // proving the address too, is the same person.
    userId = existing.id;
    await db.transaction().execute(async (trx) => {
      await googleLink(trx, existing.id, claims.sub, now);
      await fillPicture(trx, existing.id, claims.picture, now);
    });
  } else if (existing.email_verified) {
    // The address was confirmed, but nobody showed that whoever confirmed it holds the
    // password (a link opened before confirming asked for it): the password may be a
    // squatter's. Google proves the address, so the password and every session before go; the
    // account and what it holds stay (the owner may set a new password with a reset link).
    userId = existing.id;
    await db.transaction().execute(async (trx) => {
      await revokeUnconfirmedAccess(trx, existing.id, now);
      await trx.deleteFrom('password_credentials').where('user_id', '=', existing.id).execute();
      await googleLink(trx, existing.id, claims.sub, now);
      await fillPicture(trx, existing.id, claims.picture, now);
    });
  } else {
    // A password account nobody confirmed: whoever made it may not own the address (account
    // pre-hijacking). Google proves the address, so the Google user gets the account, and every
    // earlier session, remembered browser and the unconfirmed password are revoked.
    userId = existing.id;
    await db.transaction().execute(async (trx) => {
      await revokeUnconfirmedAccess(trx, existing.id, now);
      await trx.deleteFrom('password_credentials').where('user_id', '=', existing.id).execute();
      // The name and picture were chosen by whoever signed up; the owner's come from Google.
      // The files they stored (their picture) go too.
      await trx.deleteFrom('stored_files').where('user_id', '=', existing.id).execute();
      await trx
        .updateTable('profiles')
        .set({
          display_name: claims.name?.trim() || claims.email.split('@')[0] || claims.email,
          profile_image_url: claims.picture,
          updated_at: now,
        })
        .where('user_id', '=', existing.id)
        .execute();
      await googleLink(trx, existing.id, claims.sub, now);
    });
  }
  await ensureProfileAndSettings(deps, {
    id: userId,
    email: claims.email,
    fullName: claims.name,
    imageUrl: claims.picture,
  });
  return userId;
}

/**
 * Settings' "Connect Google": the signed-in person joins the Google account that uses their
 * address to their account (also after they removed Google before). Google proves the address;
 * the person, signed in, holds the account.
 */
async function connectGoogle(
  ctx: AppContext,
  session: BrowserSession,
  claims: GoogleClaims,
): Promise<string> {
  const { userId } = session;
  const { db } = ctx.database;
  const now = ctx.clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable('users')
      .set({ updated_at: now })
      .where('id', '=', userId)
      .returning(['email', 'email_verified'])
      .executeTakeFirst();
    if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    if (user.email !== claims.email) {
      throw new AppError(
        'CONFLICT',
        `This Google account uses ${claims.email}. Please choose the Google account that uses ${user.email}.`,
      );
    }
    const linked = await trx
      .selectFrom('oauth_accounts')
      .select('user_id')
      .where('provider', '=', googleProvider)
      .where('provider_user_id', '=', claims.sub)
      .executeTakeFirst();
    if (linked && linked.user_id !== userId) {
      throw new AppError(
        'CONFLICT',
        'This Google account is already connected to another Grounded account.',
      );
    }
    if (!linked) {
      await trx
        .deleteFrom('oauth_accounts')
        .where('user_id', '=', userId)
        .where('provider', '=', googleProvider)
        .execute();
      await googleLink(trx, userId, claims.sub, now);
    }
    await trx
      .updateTable('users')
      .set({ google_link_removed_at: null, email_verified: true })
      .where('id', '=', userId)
      .execute();
    // Signed in with the password, and holding the address's Google account: the address's
    // owner holds the password too.
    if (session.method === 'password') {
      await trx
        .updateTable('password_credentials')
        .set({ proven_at: now })
        .where('user_id', '=', userId)
        .where('proven_at', 'is', null)
        .execute();
    }
    await fillPicture(trx, userId, claims.picture, now);
  });
  return userId;
}
