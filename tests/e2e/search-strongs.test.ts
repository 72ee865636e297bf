// The reader's search by the original words (docs/product.md): a transliteration or a Strong's
// number finds the verses where the KJV's tagging has the word, with the word above them.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { collectErrors, launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search the Bible' });

describe("reader search by Strong's number and transliteration", () => {
  it('finds chesed: the Hebrew word above the verses that have it, each opening the reader', async () => {
    const page = await openPage(browser);
    const errors = collectErrors(page);
    await page.goto('/read-bible?book=Genesis&chapter=1');
    await page.getByRole('heading', { level: 2, name: 'Genesis 1', exact: true }).waitFor();

    await searchBox(page).fill('chesed');
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    await listbox.getByRole('option', { name: /^H2617 · Hebrew chêsêd/ }).waitFor();
    await page.keyboard.press('Enter');

    const panel = page.getByRole('region', { name: 'Results for “chesed”' });
    const card = panel.getByRole('region', { name: 'Hebrew word chêsêd (H2617)' });
    await card.waitFor();
    expect(await card.getByText('חסד').getAttribute('lang')).toBe('he');
    expect(await card.textContent()).toMatch(/Kindness; by implication/);
    expect(await card.textContent()).toMatch(
      /Stands behind the English in \d+ verses of the KJV\./,
    );
    await panel.getByText(/^Showing 1–20 of \d+ verses$/).waitFor();
    const first = panel.getByRole('button', { name: /^Genesis 19:19/ });
    expect(await first.locator('mark').first().textContent()).toBe('mercy');
    await expectAccessible(page);

    // The next page, then a verse opens the reader at it.
    await panel.getByRole('button', { name: 'Next page' }).click();
    await panel.getByText(/^Showing 21–40 of \d+ verses$/).waitFor();
    await panel.getByRole('button', { name: 'Previous page' }).click();
    await first.click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('book') === 'Genesis' && url.searchParams.get('chapter') === '19',
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("says the tagging is the KJV's in another translation, on a phone, by number", async () => {
    const page = await openPage(browser, { viewport: phone });
    await page.goto('/read-bible?book=John&chapter=3&translation=web');
    await page.getByRole('heading', { level: 2, name: 'John 3', exact: true }).waitFor();
    await searchBox(page).fill('g0026');
    await page.getByRole('option', { name: /^G26 · Greek agápē/ }).waitFor();
    await page.keyboard.press('Enter');
    const card = page.getByRole('region', { name: 'Greek word agápē (G26)' });
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Original Greek word \(KJV tagging\)/);
    expect(await card.textContent()).toMatch(/shown here in the WEB\./);
    await page.context().close();
  });
});
