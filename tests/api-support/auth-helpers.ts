import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { sessionCookieName, sessionLifetimeMs } from '#server/security/sessions.ts';
import { hashToken, randomToken } from '#server/security/tokens.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { responseCookie } from './cookie-jar.ts';
import type { RecordingMailer } from './recording-mailer.ts';
import type { TestApp } from './test-app.ts';

/** Long enough, and not on the common-password list. */
export const testPassword = 'quiet-harbour-lamp-42';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

type BrowserRequest = Omit<InjectOptions, 'cookies'> & {
  /** The Cookie header value, e.g. from signUp(); sent as is. */
  cookie?: string;
};

/**
 * A request as our own pages send it: state-changing methods carry the site's Origin (see
 * plugins/csrf.ts), and the session cookie when one is given.
 */
export function browserRequest(
  t: Pick<TestApp, 'app' | 'config'>,
  { cookie, headers, ...options }: BrowserRequest,
): Promise<LightMyRequestResponse> {
  const method = String(options.method ?? 'GET').toUpperCase();
  const isSafe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  return t.app.inject({
    ...options,
    headers: {
      ...(isSafe ? {} : { origin: t.config.publicUrl }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  });
}

/**
 * A request function bound to a test app: `send('POST', '/api/journal', alice, { … })` sends the
 * payload as JSON as `account` (a visitor without one), as the app's own pages do.
 */
export function sendingAs(t: Pick<TestApp, 'app' | 'config'>) {
  return (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    account?: { cookie: string },
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    browserRequest(t, {
      method,
      url,
      ...(account ? { cookie: account.cookie } : {}),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/** The session token a response set, or undefined when it set none (or cleared it). */
export function sessionTokenOf(response: LightMyRequestResponse): string | undefined {
  const value = responseCookie(response, sessionCookieName)?.value;
  return value ? value : undefined;
}

export function sessionCookie(token: string): string {
  return `${sessionCookieName}=${token}`;
}

export type SignedIn = {
  user: SessionUser;
  email: string;
  password: string;
  /** The raw session id from the cookie. */
  token: string;
  /** Ready to send as the Cookie header. */
  cookie: string;
};

function signedInFrom(
  response: LightMyRequestResponse,
  expectedStatus: number,
  credentials: { email: string; password: string },
): SignedIn {
  expect(response.statusCode, response.body).toBe(expectedStatus);
  const token = sessionTokenOf(response);
  if (!token) throw new Error(`no session cookie in the response: ${response.body}`);
  return {
    user: response.json<{ user: SessionUser }>().user,
    ...credentials,
    token,
    cookie: sessionCookie(token),
  };
}

/** Signs up through the API (201 expected) and returns the new user and their session. */
export async function signUp(
  t: Pick<TestApp, 'app' | 'config'>,
  input: { email?: string; password?: string; display_name?: string; remoteAddress?: string } = {},
): Promise<SignedIn> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? testPassword;
  const response = await browserRequest(t, {
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password, display_name: input.display_name ?? 'Test User' },
    ...(input.remoteAddress ? { remoteAddress: input.remoteAddress } : {}),
  });
  return signedInFrom(response, 201, { email: email.trim().toLowerCase(), password });
}

/**
 * Signs up and confirms the address as its holder does: signed in, with the mailed link (so the
 * password counts as the mailbox owner's).
 */
export async function signUpConfirmed(
  t: Pick<TestApp, 'app' | 'config'>,
  mailer: Pick<RecordingMailer, 'tokenFor'>,
  input: { display_name?: string } = {},
): Promise<SignedIn> {
  const account = await signUp(t, input);
  const token = await mailer.tokenFor(account.email, '/auth/confirm-email');
  const confirmed = await browserRequest(t, {
    method: 'POST',
    url: '/api/auth/confirm-email',
    cookie: account.cookie,
    payload: { token },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return account;
}

/** Signs in through the API (200 expected) and returns the user and the new session. */
export async function signIn(
  t: Pick<TestApp, 'app' | 'config'>,
  credentials: { email: string; password: string },
): Promise<SignedIn> {
  const response = await browserRequest(t, {
    method: 'POST',
    url: '/api/auth/signin',
    payload: credentials,
  });
  return signedInFrom(response, 200, credentials);
}

/** The user the session cookie belongs to, as GET /api/auth/session answers (null: a visitor). */
export async function sessionUser(
  t: Pick<TestApp, 'app' | 'config'>,
  cookie: string | undefined,
): Promise<SessionUser | null> {
  const response = await browserRequest(t, {
    method: 'GET',
    url: '/api/auth/session',
    ...(cookie ? { cookie } : {}),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ user: SessionUser | null }>().user;
}

/**
 * Writes a session row straight into the database, as a sign-in would, for users the tests
 * create without the API (a Google-only account, say). Returns the Cookie header value.
 */
export async function insertSession(
  t: Pick<TestApp, 'db' | 'clock'>,
  userId: string,
): Promise<string> {
  const token = randomToken();
  const now = t.clock.now();
  await t.db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + sessionLifetimeMs).toISOString(),
      user_agent: null,
    })
    .execute();
  return sessionCookie(token);
}
