import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayReference } from '#shared/bible/references.ts';
import { expectToast, signUpInPage } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, openPage } from './support/browser.ts';

// References the KJV does not have get an answer, and the reader
// fits a 320 px wide screen.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

function chapterHeading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 2, name, exact: true });
}

function searchBox(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Search the Bible' });
}

/** The line under the search box (the same words are announced by its status). */
function searchNote(page: Page, text: string): Locator {
  return page.getByRole('search').getByRole('paragraph').filter({ hasText: text });
}

/** The toast with this title says this too. */
async function expectToastText(page: Page, title: string, description: string): Promise<void> {
  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: title })
    .filter({ hasText: description })
    .first()
    .waitFor();
}

async function expectUrl(page: Page, book: string, chapter: number): Promise<void> {
  await page.waitForURL(
    (url) =>
      url.pathname === '/read-bible' &&
      url.searchParams.get('book') === book &&
      url.searchParams.get('chapter') === String(chapter),
  );
}

describe('reader: addresses that name no chapter', () => {
  it('shows the last chapter for a chapter beyond the book, and says so', async () => {
    const page = await openPage(browser);
    await page.goto('/read-bible?book=Genesis&chapter=999');
    await chapterHeading(page, 'Genesis 50').waitFor();
    await page.getByText('Genesis has 50 chapters; showing Genesis 50.').waitFor();
    await expectToastText(page, 'Chapter not found', 'Could not navigate to Genesis 999');
    await expectUrl(page, 'Genesis', 50);
    await expectAccessible(page);

    // The note is about that address only: the next chapter has none.
    await page.getByRole('button', { name: 'Next chapter', exact: true }).click();
    await chapterHeading(page, 'Exodus 1').waitFor();
    expect(await page.getByText('Genesis has 50 chapters').count()).toBe(0);
    await page.context().close();
  });

  it('shows Genesis 1 for a book that does not exist, and says so', async () => {
    const page = await openPage(browser);
    await page.goto('/read-bible?book=Foo');
    await chapterHeading(page, 'Genesis 1').waitFor();
    await page.getByText('No book called “Foo”; showing Genesis 1.').waitFor();
    await expectToastText(page, 'Chapter not found', 'Could not navigate to Foo');
    await page.context().close();
  });
});

describe('reader: the search box and references', () => {
  it('answers an out-of-range reference with Chapter not found, not word hits', async () => {
    const page = await openPage(browser);
    await page.goto('/read-bible?book=Ruth&chapter=1');
    await chapterHeading(page, 'Ruth 1').waitFor();

    await searchBox(page).fill('Genesis 51');
    await searchNote(page, 'Genesis has 50 chapters.').waitFor();
    await searchBox(page).press('Enter');
    await expectToastText(page, 'Chapter not found', 'Could not navigate to Genesis 51');
    await expectUrl(page, 'Ruth', 1);

    await searchBox(page).fill('Psalm 151');
    await searchNote(page, 'Psalms has 150 chapters.').waitFor();
    expect(await page.getByRole('listbox', { name: 'Search suggestions' }).count()).toBe(0);
    await searchBox(page).press('Enter');
    await expectToastText(page, 'Chapter not found', 'Could not navigate to Psalm 151');
    expect(await page.getByRole('heading', { name: /^Results for/ }).count()).toBe(0);
    await page.context().close();
  });

  it('takes a verse written after a space to that verse', async () => {
    const page = await openPage(browser);
    await page.goto('/read-bible?book=Ruth&chapter=1');
    await chapterHeading(page, 'Ruth 1').waitFor();
    await searchBox(page).fill('jn 3 16');
    await page.getByRole('option', { name: 'Go to John 3:16' }).waitFor();
    await searchBox(page).press('Enter');
    await expectUrl(page, 'John', 3);
    await chapterHeading(page, 'John 3').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('verse-16');
    await page.context().close();
  });
});

/** Nothing on the page reaches past the right edge of a 320 px screen. */
async function expectNoSidewaysScroll(page: Page, book: string, chapter: number) {
  await page.goto(`/read-bible?book=${encodeURIComponent(book)}&chapter=${chapter}`);
  await chapterHeading(page, displayReference(`${book} ${chapter}`)).waitFor();
  await page.getByRole('button', { name: /Download the Bible/ }).waitFor();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths, `${book} ${chapter}`).toEqual({ scroll: 320, client: 320 });
}

describe('reader at 320 px', () => {
  it('never scrolls sideways, signed out or in', async () => {
    const page = await openPage(browser, { viewport: { width: 320, height: 640 } });
    await expectNoSidewaysScroll(page, 'Psalms', 119);
    await expectNoSidewaysScroll(page, 'Genesis', 1);

    await signUpInPage(page, 'Dorcas');
    await expectNoSidewaysScroll(page, 'Psalms', 119);
    await page.getByRole('button', { name: 'Start reading plan' }).click();
    await expectToast(page, 'Reading plan started');
    await page
      .getByRole('region', { name: "Today's readings" })
      .getByRole('link', { name: 'The Whole Bible, a Chapter at a Time' })
      .waitFor();
    await expectNoSidewaysScroll(page, 'Genesis', 1);
    await page.context().close();
  });
});
