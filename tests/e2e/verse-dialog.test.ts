import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, openPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The buttons of the open verse dialog whose box is not wholly inside the dialog's (scrolled) box. */
async function buttonsOutsideDialog(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Save Verse' });
  await dialog.getByRole('button', { name: 'Save Verse' }).waitFor();
  return dialog.evaluate((element) => {
    const box = element.getBoundingClientRect();
    // A dialog taller than the window scrolls: its content runs to the foot of what scrolls.
    const bottom = box.top - element.scrollTop + element.scrollHeight;
    return [...element.querySelectorAll('button')]
      .filter((button) => {
        const own = button.getBoundingClientRect();
        return (
          own.left < box.left - 0.5 ||
          own.right > box.right + 0.5 ||
          own.top < box.top - 0.5 ||
          own.bottom > bottom + 0.5
        );
      })
      .map((button) => `${button.textContent?.trim() || button.getAttribute('aria-label')}`);
  });
}

async function openVerseDialog(page: Page): Promise<void> {
  await page.goto('/read-bible?book=John&chapter=3');
  await page.locator('#verse-16').click();
}

describe('the verse dialog', () => {
  for (const width of [1280, 390, 320]) {
    it(`keeps every action button inside the dialog at ${width} px, for a visitor`, async () => {
      const page = await openPage(browser, { viewport: { width, height: 800 } });
      await openVerseDialog(page);
      expect(await buttonsOutsideDialog(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('keeps every action button inside the dialog for a member, at 1280 and 320 px', async () => {
    const page = await openPage(browser);
    await signUpInPage(page);
    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await openVerseDialog(page);
      expect(await buttonsOutsideDialog(page)).toEqual([]);
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  });

  for (const [width, colorScheme] of [
    [390, 'dark'],
    [1280, 'light'],
  ] as const) {
    it(`shows the verse's cross-references, more on asking, and opens one, at ${width} px ${colorScheme}`, async () => {
      const page = await openPage(browser, { viewport: { width, height: 800 }, colorScheme });
      await openVerseDialog(page);
      const dialog = page.getByRole('dialog', { name: 'Save Verse' });
      const section = dialog.getByRole('region', { name: 'Cross-references' });
      await section.getByRole('link', { name: 'Romans 5:8' }).waitFor();
      await section.getByText('God commendeth his love toward us', { exact: false }).waitFor();
      await section.getByText('Cross-references: OpenBible.info (CC BY)').waitFor();
      expect(await section.getByRole('link').count()).toBe(5);
      await expectAccessible(page);
      expect(await buttonsOutsideDialog(page)).toEqual([]);

      await section.getByRole('button', { name: /^More cross-references/ }).click();
      await expect.poll(() => section.getByRole('link').count()).toBe(10);

      await section.getByRole('link', { name: 'Romans 5:8' }).click();
      await page.waitForURL(
        (url) =>
          url.searchParams.get('book') === 'Romans' && url.searchParams.get('chapter') === '5',
      );
      await page.getByRole('heading', { level: 2, name: 'Romans 5', exact: true }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await expect
        .poll(() =>
          page.locator('#verse-8').evaluate((element) => {
            const box = element.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
          }),
        )
        .toBe(true);
      await page.context().close();
    });
  }

  it('gives the cross-references in the WEB when the chapter is read in the WEB', async () => {
    const page = await openPage(browser);
    await page.goto('/read-bible?book=John&chapter=3&translation=web');
    await page.locator('#verse-16').click();
    const section = page
      .getByRole('dialog', { name: 'Save Verse' })
      .getByRole('region', { name: 'Cross-references' });
    await section.getByText('But God commends his own love toward us', { exact: false }).waitFor();
    const href = await section.getByRole('link', { name: 'Romans 5:8' }).getAttribute('href');
    expect(href).toBe('/read-bible?book=Romans&chapter=5&translation=web');
    await page.context().close();
  });
});
