import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from './browser.ts';
import { e2eServer } from './server.ts';

export type TestAccount = { email: string; password: string; displayName: string };

/** A fresh e-mail per test, so that specs never share an account. */
export function uniqueEmail(): string {
  return `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Creates an account through the API without signing any browser in (documenso's apiSignin
 * idea). Sign-ups are rate limited per address, so the whole suite keeps to a handful.
 */
export async function createAccount(displayName = 'E2E Tester'): Promise<TestAccount> {
  const account = { email: uniqueEmail(), password: 'grace-and-peace-7', displayName };
  const response = await fetch(`${baseURL()}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: account.email,
      password: account.password,
      display_name: displayName,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return account;
}

/** Fills the Sign In tab of /auth (the page must be showing it) and submits. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Waits for a toast with this title (sonner keeps one visible at a time). */
export async function expectToast(page: Page, title: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: title }).first().waitFor();
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The path and query of the newest link matching `pattern` that the server mailed to `email`. */
async function readMailedLink(email: string, pattern: RegExp, what: string): Promise<string> {
  const outbox = path.join(e2eServer().dataDir, 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
        for (const file of files) {
          const message = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, file), 'utf8'));
          if (!message.includes(`To: ${email}`)) continue;
          const match = pattern.exec(message);
          if (match) {
            link = match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!link) throw new Error(`No ${what} e-mail for ${email}`);
  return link;
}

/** The path and query of the reset link in the newest e-mail the server sent to `email`. */
export function readResetLink(email: string): Promise<string> {
  return readMailedLink(email, /\/auth\/reset-password\?token=[\w-]+/, 'reset');
}

/** The path and query of the link in the newest confirmation e-mail sent to `email`. */
export function readConfirmationLink(email: string): Promise<string> {
  return readMailedLink(email, /\/auth\/confirm-email\?token=[\w%-]+/, 'confirmation');
}

/**
 * Signs a fresh user up through the API in this page's context, which keeps the session
 * cookie: the page is signed in from its next load.
 */
export async function signUpInPage(page: Page, displayName = 'E2E Tester'): Promise<TestAccount> {
  const account = { email: uniqueEmail(), password: 'still-waters-23', displayName };
  const response = await page.request.post('/api/auth/signup', {
    data: { email: account.email, password: account.password, display_name: displayName },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}
