import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, expectToast, signUpInPage, submitSignIn } from './support/accounts.ts';
import { launchBrowser, openPage } from './support/browser.ts';

// docs/product.md §4 in the reader: the plan moves on only with its own chapter, a visitor's
// Save Verse and bookmark complete after signing in, and Save Verse says 'Saved' from the
// server.

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

function verse(page: Page, number: number): Locator {
  return page.locator(`#verse-${number}`);
}

async function expectUrl(page: Page, book: string, chapter: number): Promise<void> {
  await page.waitForURL(
    (url) =>
      url.pathname === '/read-bible' &&
      url.searchParams.get('book') === book &&
      url.searchParams.get('chapter') === String(chapter),
  );
}

async function planPosition(page: Page) {
  const response = await page.request.get('/api/reading-plan');
  const body = (await response.json()) as {
    plan: { current_book_index: number; current_chapter: number } | null;
  };
  return (
    body.plan && { bookIndex: body.plan.current_book_index, chapter: body.plan.current_chapter }
  );
}

/** From the toast's action to /auth, signed in there with an existing account. */
async function signInFromToast(page: Page, action: 'Sign In' | 'Sign Up Free'): Promise<void> {
  const account = await createAccount('Priscilla');
  await page.locator('[data-sonner-toast]').getByRole('button', { name: action }).click();
  await page.waitForURL((url) => url.pathname === '/auth');
  // 'Sign Up Free' opens the Sign Up tab; this person already has an account.
  if (action === 'Sign Up Free') await page.getByRole('tab', { name: 'Sign In' }).click();
  await submitSignIn(page, account.email, account.password);
}

describe('reading plan', () => {
  it('keeps its place when another chapter is read, and moves on with its own', async () => {
    const page = await openPage(browser);
    await signUpInPage(page, 'Lydia');
    await page.goto('/read-bible?book=Genesis&chapter=1');
    await chapterHeading(page, 'Genesis 1').waitFor();
    const chaptersRead = (count: number) =>
      page
        .getByRole('button', { name: /Chapters Read/ })
        .filter({ hasText: new RegExp(`^${count}\\s*Chapters Read`) })
        .waitFor();
    await chaptersRead(1);

    await page.getByRole('button', { name: 'Start reading plan' }).click();
    await expectToast(page, 'Reading plan started');
    // One plan system: the reading plan is one of the plans followed, its next chapter among
    // today's readings, and nothing else offers a plan.
    const todays = page.getByRole('region', { name: "Today's readings" });
    const next = (label: string) => todays.getByRole('link', { name: label, exact: true });
    await next('Genesis 2').waitFor();
    await todays.getByRole('link', { name: 'The Whole Bible, a Chapter at a Time' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start reading plan' }).count()).toBe(0);
    expect(await page.getByText(/Continue plan/).count()).toBe(0);
    expect(await planPosition(page)).toEqual({ bookIndex: 0, chapter: 2 });

    // John 3:16 from the search: read, but not the plan's chapter.
    const search = page.getByRole('combobox', { name: 'Search the Bible' });
    await search.fill('John 3:16');
    await page.getByRole('option', { name: 'Go to John 3:16' }).click();
    await chapterHeading(page, 'John 3').waitFor();
    await chaptersRead(2);
    expect(await planPosition(page)).toEqual({ bookIndex: 0, chapter: 2 });
    await next('Genesis 2').waitFor();

    // Reading the plan's chapter moves it on.
    await next('Genesis 2').click();
    await expectUrl(page, 'Genesis', 2);
    await chapterHeading(page, 'Genesis 2').waitFor();
    await next('Genesis 3').waitFor();
    expect(await planPosition(page)).toEqual({ bookIndex: 0, chapter: 3 });

    // The same plan on /plans, where it is followed and left like any other.
    await page.goto('/plans');
    const card = page.getByRole('article', { name: 'The Whole Bible, a Chapter at a Time' });
    await card.getByText('Day 3 of 1,189 · at your own pace').waitFor();
    await card.getByText('2 of 1,189 days done').waitFor();
    await page.context().close();
  });

  it("is not offered beside another plan: a member following M'Cheyne sees that plan's readings", async () => {
    const page = await openPage(browser);
    await signUpInPage(page, 'Phoebe');
    const followed = await page.request.post('/api/my-plans', { data: { plan_id: 'mcheyne' } });
    expect(followed.status()).toBe(201);
    await page.goto('/read-bible?book=Genesis&chapter=1');
    await chapterHeading(page, 'Genesis 1').waitFor();
    const todays = page.getByRole('region', { name: "Today's readings" });
    await todays.getByRole('link', { name: "M'Cheyne's One-Year Calendar" }).waitFor();
    await page
      .getByRole('region', { name: 'Your reading' })
      .getByText(/Chapters Read/)
      .first()
      .waitFor();
    expect(await page.getByText('Read the whole Bible, one chapter at a time.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start reading plan' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('a visitor signs in from the reader', () => {
  it('comes back to the chapter with the verse saved, and Save Verse says Saved', async () => {
    const page = await openPage(browser);
    await page.goto('/read-bible?book=Psalms&chapter=23');
    await chapterHeading(page, 'Psalm 23').waitFor();
    await verse(page, 1).click();
    const dialog = page.getByRole('dialog', { name: 'Save Verse' });
    await dialog.getByRole('button', { name: 'Save Verse' }).click();
    await expectToast(page, 'Sign in required');
    await signInFromToast(page, 'Sign In');

    await expectUrl(page, 'Psalms', 23);
    await chapterHeading(page, 'Psalm 23').waitFor();
    await expectToast(page, 'Verse saved');
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/saved-verses');
        const body = (await response.json()) as unknown;
        return JSON.stringify(body);
      })
      .toContain('Psalms 23:1');

    // The dialog, open again after a reload, knows the verse is saved (docs/product.md §4, Toggles).
    await page.reload();
    await chapterHeading(page, 'Psalm 23').waitFor();
    await verse(page, 1).click();
    const saved = page.getByRole('dialog', { name: 'Save Verse' }).getByRole('button', {
      name: 'Saved',
    });
    await saved.waitFor();
    expect(await saved.isDisabled()).toBe(true);
    await page.context().close();
  });

  it('comes back to the chapter with it bookmarked', async () => {
    const page = await openPage(browser);
    await page.goto('/read-bible?book=Ruth&chapter=2');
    await chapterHeading(page, 'Ruth 2').waitFor();
    await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
    await expectToast(page, 'Sign in required');
    await signInFromToast(page, 'Sign Up Free');

    await expectUrl(page, 'Ruth', 2);
    await chapterHeading(page, 'Ruth 2').waitFor();
    await expectToast(page, 'Chapter bookmarked');
    const bookmark = page.getByRole('button', { name: 'Bookmark', exact: true });
    await expect.poll(() => bookmark.getAttribute('aria-pressed')).toBe('true');
    const { items: bookmarks } = (await (await page.request.get('/api/bookmarks')).json()) as {
      items: { book_name: string; chapter_number: number }[];
    };
    expect(bookmarks.map((b) => `${b.book_name} ${b.chapter_number}`)).toEqual(['Ruth 2']);
    await page.context().close();
  });
});
