import * as oidc from 'openid-client';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../app-error.ts';
import { hashToken } from '../../security/tokens.ts';
import type { Db } from '../../db/connect.ts';
import { createUser, ensureProfileAndSettings, revokeUnconfirmedAccess } from './auth.service.ts';

const stateLifetimeMs = 10 * 60 * 1000;
export const googleProvider = 'google';

export type GoogleSignIn = {
  /** Where to send the browser, and the state to bind to it in a cookie. */
  start: (returnTo: string) => Promise<{ url: string; state: string }>;
  /** Finishes the flow from the callback URL; returns the user id and where to go next. */
  finish: (
    callbackUrl: URL,
    browserState: string | undefined,
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
    async start(returnTo) {
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

    async finish(callbackUrl, browserState) {
      const state = callbackUrl.searchParams.get('state');
      if (!state || !browserState || state !== browserState) {
        throw new AppError('BAD_REQUEST', 'This sign-in link is not valid here. Please try again.');
      }
      const pending = await db
        .deleteFrom('oauth_states')
        .where('state_hash', '=', hashToken(state))
        .returning(['code_verifier', 'nonce', 'return_to', 'expires_at'])
        .executeTakeFirst();
      if (!pending || Date.parse(pending.expires_at) <= ctx.clock.now().getTime()) {
        throw new AppError('BAD_REQUEST', 'This sign-in took too long. Please try again.');
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
      // Only an address Google has verified says who the person is (issue 20).
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
      const userId = await findOrCreateGoogleUser(ctx, {
        sub: claims.sub,
        email,
        name,
        picture,
      });
      return { userId, returnTo: pending.return_to };
    },
  };
}

const googlePicture = /^https:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)*\.googleusercontent\.com\//i;

async function findOrCreateGoogleUser(
  ctx: AppContext,
  claims: {
    sub: string;
    email: string;
    name: string | null;
    picture: string | null;
  },
): Promise<string> {
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
    .select(['id', 'email_verified'])
    .where('email', '=', claims.email)
    .executeTakeFirst();
  const now = ctx.clock.now().toISOString();
  const link = (trx: Db, userId: string) =>
    trx
      .insertInto('oauth_accounts')
      .values({
        provider: googleProvider,
        provider_user_id: claims.sub,
        user_id: userId,
        created_at: now,
      })
      .execute();
  let userId: string;
  if (!existing) {
    userId = await createUser(deps, {
      email: claims.email,
      displayName: claims.name ?? claims.email.split('@')[0] ?? claims.email,
      imageUrl: claims.picture,
      emailVerified: true,
    });
    await link(db, userId);
  } else if (existing.email_verified) {
    // The account's owner proved the address before: Google, proving it too, is the same person.
    // Their Google picture fills the profile the first time, unless they chose a picture (or a
    // Google one is there) already (issue 27).
    userId = existing.id;
    await db.transaction().execute(async (trx) => {
      await link(trx, existing.id);
      if (claims.picture) {
        await trx
          .updateTable('profiles')
          .set({ profile_image_url: claims.picture, updated_at: now })
          .where('user_id', '=', existing.id)
          .where('profile_image_url', 'is', null)
          .execute();
      }
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
      // The files they stored (their picture) go too: they are served under the owner's id.
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
      await link(trx, existing.id);
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
