import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from './browser.ts';
import { e2eServer } from './server.ts';

/**
 * The one account that accessibility.test.ts and keyboard.test.ts share. Sign-ups are limited
 * to 20 an hour per address and the suite already makes most of them, so whichever of the two
 * files runs first creates it and the other signs in.
 */
export const a11yAccount = {
  email: 'a11y@e2e.test',
  password: 'a-lamp-unto-my-feet-105',
  displayName: 'Phoebe Cenchreae',
};

/** Signs the request context's browser context in, creating the account the first time. */
export async function signInA11yAccount(request: APIRequestContext): Promise<void> {
  const headers = { origin: baseURL() };
  const credentials = { email: a11yAccount.email, password: a11yAccount.password };
  const signIn = await request.post('/api/auth/signin', { data: credentials, headers });
  if (signIn.status() === 200) return;
  expect(signIn.status(), await signIn.text()).toBe(401);
  const signUp = await request.post('/api/auth/signup', {
    data: { ...credentials, display_name: a11yAccount.displayName },
    headers,
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
}

/** Makes the shared account a moderator with the real command (npm run grant-moderator). */
export function grantModerator(): void {
  const root = path.resolve(import.meta.dirname, '../../..');
  const result = spawnSync(process.execPath, ['scripts/grant-moderator.ts', a11yAccount.email], {
    cwd: root,
    env: { ...process.env, DATA_DIR: e2eServer().dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
}
