import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focusOutlineContrast, tabTo } from './support/a11y-keyboard.ts';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('landing page for a visitor', () => {
  it('shows the hero, every section and the closing scripture from the Bible data', async () => {
    const page = await openPage(browser);
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe("Stay Grounded in God's Word");
    const quickAccess = page.getByRole('region', { name: 'Quick access' });
    const quickLinks = await quickAccess
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => [
          link.querySelector('.font-semibold')?.textContent,
          link.getAttribute('href'),
        ]),
      );
    expect(quickLinks).toEqual([
      ["Today's Verse", '/verse-of-day'],
      ['Journal', '/auth'],
      ['Search Bible', '/read-bible'],
      ['Prayer', '/prayer'],
    ]);
    expect(await page.getByRole('link', { name: /^Get Started/ }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: /^Try It Out/ }).count()).toBeGreaterThan(0);
    await page
      .getByText(
        'Try these powerful tools for your spiritual growth - sign in to save your progress',
      )
      .waitFor();
    await page.getByRole('heading', { name: 'Why Choose Grounded?' }).waitFor();
    await page.getByRole('link', { name: 'Create Free Account' }).waitFor();
    await page.getByRole('link', { name: 'Explore First' }).waitFor();
    // Jeremiah 17:7 with the translators' word "is" in italics, as the KJV data marks it.
    const quote = page.getByRole('region', { name: 'Closing scripture' });
    await quote
      .getByText('Blessed is the man that trusteth in the LORD', { exact: false })
      .waitFor();
    expect(await quote.locator('em').first().textContent()).toBe('is');
    expect(await quote.textContent()).toContain('Jeremiah 17:7-8');
    expect(await quote.textContent()).not.toContain('[');
    await expectAccessible(page);
    await page.context().close();
  });

  it("'Start Your Journey' goes to /auth and 'Try Without Account' to /feeling", async () => {
    const page = await openPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Your Journey' }).click();
    await page.waitForURL('**/auth');
    await page.goBack();
    await page.getByRole('link', { name: 'Try Without Account' }).click();
    await page.waitForURL('**/feeling');
    await page.getByRole('heading', { level: 1, name: 'How Are You Feeling?' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('has no horizontal scrolling on a phone and passes axe in dark mode', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectAccessible(page);
    await page.context().close();
  });

  it('scrolls to the top on every route change', async () => {
    const page = await openPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Explore First' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('link', { name: 'Explore First' }).click();
    await page.waitForURL('**/feeling');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  // The focus ring on the green closing call to action was 1.3:1 against it.
  it('shows a focus ring of at least 3:1 on the closing call to action, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openPage(browser, { colorScheme });
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const closing = page.getByRole('region', { name: 'Begin your journey today' });
      for (const name of ['Create Free Account', 'Explore First']) {
        await tabTo(page, closing.getByRole('link', { name }));
        const contrast = await focusOutlineContrast(page);
        expect(contrast, `${name} (${colorScheme})`).toBeGreaterThanOrEqual(3);
      }
      await page.context().close();
    }
  });
});
