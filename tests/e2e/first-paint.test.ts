import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const isDark = () => document.documentElement.classList.contains('dark');

/** Console messages about the Content-Security-Policy (a refused inline script, say). */
function cspViolations(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  return messages;
}

/** The static frame of index.html: painted before the app runs, replaced when it renders. */
const shell = '#root > [aria-hidden="true"]';

describe('the first paint', () => {
  it('runs the inline theme script under the Content-Security-Policy, in either theme', async () => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const page = await openPage(browser, { colorScheme });
      const violations = cspViolations(page);
      await page.goto('/read-bible?book=John&chapter=3');
      await page.getByRole('heading', { level: 1, name: 'Read the Bible' }).waitFor();
      expect(await page.evaluate(isDark)).toBe(colorScheme === 'dark');
      expect(violations).toEqual([]);
      await page.context().close();
    }
  });

  it('draws the site header’s frame, in the stored theme, before the app script has run', async () => {
    const page = await openPage(browser, { colorScheme: 'light', viewport: phone });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    // With the app bundle blocked, only index.html and the CSS draw the page.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(isDark)).toBe(true);
    const frame = page.locator(shell);
    expect(await frame.innerText()).toContain('Grounded');
    // Hidden from assistive technology: the app's header is the real one.
    expect(await page.getByRole('banner').count()).toBe(0);
    await page.context().close();
  });

  it('leaves one header, in the same place, once the app has rendered', async () => {
    const page = await openPage(browser, { viewport: phone });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    const frameBar = await page.locator(`${shell} > div`).boundingBox();
    await page.unrouteAll();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator(shell).count()).toBe(0);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('banner').boundingBox()).toEqual(frameBar);
    await page.context().close();
  });
});
