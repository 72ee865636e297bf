import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './support/accounts.ts';
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
});
