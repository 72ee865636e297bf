import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const isDark = () => document.documentElement.classList.contains('dark');

describe('theme', () => {
  it('follows the system by default', async () => {
    const dark = await openPage(browser, { colorScheme: 'dark' });
    await dark.goto('/');
    expect(await dark.evaluate(isDark)).toBe(true);
    const light = await openPage(browser, { colorScheme: 'light' });
    await light.goto('/');
    expect(await light.evaluate(isDark)).toBe(false);
    await dark.context().close();
    await light.context().close();
  });

  it('keeps the chosen theme across a reload, stored under "theme"', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await page.evaluate(isDark)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    expect(await page.evaluate(isDark)).toBe(true);

    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Auto' }).click();
    expect(await page.evaluate(isDark)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    await page.context().close();
  });

  it('applies the stored theme before the app script runs (no flash)', async () => {
    const page = await openPage(browser, { colorScheme: 'light' }, { waitForApp: false });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    // With the app bundle blocked, only the blocking theme script can set the class.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(isDark)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
    await page.context().close();
  });
});
