import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { e2eServer } from './support/server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('404 page', () => {
  it('shows "Oops! Page not found", links home and logs the path on the server', async () => {
    const page = await openPage(browser);
    const response = await page.goto('/no-such-page-here?x=1');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
    await expectAccessible(page);
    const logFile = e2eServer().logFile;
    await expect
      .poll(() => fs.readFileSync(logFile, 'utf8'))
      .toMatch(/"clientEvent":"not_found","path":"\/no-such-page-here"/);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
});

describe('static pages', () => {
  it('privacy policy links home and covers the promises of the spec', async () => {
    const page = await openPage(browser);
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    const text = (await page.getByRole('main').textContent()) ?? '';
    expect(text).toMatch(/encrypted/i);
    expect(text).toMatch(/never sold/i);
    expect(text).toMatch(/48 hours/);
    for (const right of [/access/i, /correct/i, /delete/i, /export/i, /notifications/i]) {
      expect(text).toMatch(right);
    }
    await expectAccessible(page);
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('terms link back to settings and to the privacy policy', async () => {
    const page = await openPage(browser, { colorScheme: 'dark' });
    await page.goto('/terms-of-service');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    const text = (await page.getByRole('main').textContent()) ?? '';
    expect(text).toMatch(/as is/i);
    expect(text).toMatch(/pastoral care/i);
    await expectAccessible(page);
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: 'Back to Settings' })
        .getAttribute('href'),
    ).toBe('/settings');
    await page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }).first().click();
    await page.waitForURL('**/privacy-policy');
    await page.context().close();
  });
});

describe('the served client', () => {
  it('is a production build, not React development code', async () => {
    const base = e2eServer().baseURL;
    const html = await (await fetch(`${base}/`)).text();
    // The app's script is named by index.html's loader (src = '…') or by a preload (href="…").
    const scripts = [...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await (await fetch(`${base}${script}`)).text();
      expect(code).not.toContain('jsxDEV');
    }
  });
});
