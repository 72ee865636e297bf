import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, expectToast } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/signin', {
    data: { email, password },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function isSignedIn(page: Page): Promise<boolean> {
  const response = await page.request.get('/api/auth/session');
  return ((await response.json()) as { user: unknown }).user !== null;
}

// Signing out every device is not undone by signing in again on each of them,
// so one click only asks.
describe('sign out of all devices', () => {
  it('asks first, and signs out every device only once confirmed', async () => {
    const account = await createAccount('Tabitha Joppa');
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    const otherDevice = await openPage(browser, { colorScheme: 'light' });
    await signIn(page, account.email, account.password);
    await signIn(otherDevice, account.email, account.password);
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();

    const trigger = page.getByRole('button', { name: 'Sign out of all devices' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Sign out of all devices?' });
    await dialog.waitFor();
    await dialog.getByText('including this one').waitFor();
    await expectAccessible(page);

    // Cancel keeps every session, and gives the focus back.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => trigger.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(page.url()).toMatch(/\/settings$/);
    expect(await isSignedIn(page)).toBe(true);
    expect(await isSignedIn(otherDevice)).toBe(true);

    await trigger.click();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(page, 'Signed out');
    await page.getByText("You've been signed out on every device.").waitFor();
    expect(await isSignedIn(page)).toBe(false);
    expect(await isSignedIn(otherDevice)).toBe(false);
    await otherDevice.context().close();
    await page.context().close();
  });
});
