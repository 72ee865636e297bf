import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const destinations = [
  "How You're Feeling",
  'Verse of the Day',
  'Read the Bible',
  'My Journal',
  'Saved Verses',
  'Bookmarked Chapters',
  'Prayer & Meditation',
  'Verse Graphics',
  'Share Testimony',
  'Reading Plans',
  'Learn by Heart',
  'Notes',
  'Groups',
];

describe('mobile menu', () => {
  it('lists the thirteen destinations and closes on choosing a link', async () => {
    const page = await openPage(browser, { viewport: phone });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Explore menu' });
    // The menu's content comes with its own chunk: at idle, or at this first opening.
    await menu.getByRole('link').first().waitFor();
    const labels = await menu.getByRole('link').allTextContents();
    expect(labels.map((label) => label.trim())).toEqual(destinations);
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'Prayer & Meditation' }).click();
    await page.waitForURL('**/prayer');
    expect(await menu.count()).toBe(0);
    expect(
      await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'),
    ).toBe('false');
    await page.context().close();
  });

  it('closes on a click outside and on Escape', async () => {
    const page = await openPage(browser, { viewport: phone });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Explore menu' });
    await menu.waitFor();
    // Just below the menu, whatever its length.
    const box = await menu.boundingBox();
    await page.mouse.click(
      200,
      Math.min(phone.height - 4, (box?.y ?? 0) + (box?.height ?? 0) + 16),
    );
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.context().close();
  });
});

describe('mobile menu on a touch screen', () => {
  it('closes when the page content below it is tapped', async () => {
    const page = await openPage(browser, { viewport: phone, hasTouch: true, isMobile: true });
    for (const path of ['/verse-of-day', '/prayer']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Open menu' }).tap();
      const panel = page.locator('header [id]:has(> nav[aria-label="Explore menu"])');
      await panel.waitFor();
      const box = await panel.boundingBox();
      if (!box) throw new Error('The open menu has no box');
      // A plain stretch of the page (no link or button) below the open menu.
      const point = await page.evaluate((top) => {
        for (let y = Math.ceil(top) + 24; y < window.innerHeight - 8; y += 12) {
          const element = document.elementFromPoint(195, y);
          if (element?.closest('main') && !element.closest('a, button, input, textarea, select')) {
            return { x: 195, y };
          }
        }
        return null;
      }, box.y + box.height);
      if (!point) throw new Error(`Nothing of the page shows below the menu on ${path}`);
      await page.touchscreen.tap(point.x, point.y);
      await page.getByRole('navigation', { name: 'Explore menu' }).waitFor({ state: 'detached' });
      expect(
        await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded'),
      ).toBe('false');
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.context().close();
  });
});

describe('desktop Explore menu', () => {
  it('lists the thirteen destinations and navigates', async () => {
    const page = await openPage(browser);
    await page.goto('/');
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Explore' }).click();
    await page.getByRole('menu', { name: 'Explore' }).waitFor();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items.map((item) => item.trim())).toEqual(destinations);
    await page.getByRole('menuitem', { name: 'Read the Bible' }).click();
    await page.waitForURL((url) => url.pathname === '/read-bible');
    await page.getByRole('heading', { level: 1, name: 'Read the Bible' }).waitFor();
    await page.context().close();
  });

  it('has a Sign In button to /auth and a footer with its groups and the year', async () => {
    const page = await openPage(browser);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const group of ['Explore', 'Features', 'Support']) {
      await footer.getByRole('navigation', { name: group }).waitFor();
    }
    const support = footer.getByRole('navigation', { name: 'Support' });
    expect(await support.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toMatch(
      /^mailto:/,
    );
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} Grounded`);
    await footer.getByText('Thy word is a lamp unto my feet', { exact: false }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/auth');
    await page.context().close();
  });
});
