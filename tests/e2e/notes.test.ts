import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, signUpInPage } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, desktop, launchBrowser, openPage, phone } from './support/browser.ts';

// Notes on verses (decision 024, docs/product.md §5): written from the reader's verse dialog,
// marked in the reader whatever the translation, gathered on /notes.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Tab until `locator` has the focus: reached with the keyboard alone. */
async function tabTo(page: Page, locator: ReturnType<Page['locator']>, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await locator.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('Not reached with Tab');
}

/** The theme follows the system's until one is chosen (docs/product.md §9). */
async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
}

async function expectTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
    theme === 'dark',
  );
}

describe('notes on verses', () => {
  it('a member writes a note in the reader, finds it in every translation and on /notes', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    await signUpInPage(page);
    await setTheme(page, 'dark');

    // At 390 px, dark: the note written with the keyboard alone.
    await page.goto('/read-bible?book=John&chapter=3');
    const verse = page.locator('#verse-16');
    await verse.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save Verse' });
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Add note' }));
    await page.keyboard.press('Enter');
    const text = dialog.getByRole('textbox', { name: 'Your note on John 3:16' });
    await text.waitFor();
    expect(await text.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('Loved before I knew it.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read it again on Sunday.');
    await page.keyboard.press('Tab');
    await page.keyboard.type('love');
    await page.keyboard.press('Enter');
    await dialog.getByRole('list', { name: 'Tags of this note' }).getByText('love').waitFor();
    await expectTheme(page, 'dark');
    await expectAccessible(page, { impacts: 'all' });
    await tabTo(page, dialog.getByRole('button', { name: 'Save Note' }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Note Saved');
    const saved = dialog.getByRole('article', { name: 'Note on John 3:16' });
    expect(await saved.innerText()).toContain('Loved before I knew it.\nRead it again on Sunday.');
    await expectAccessible(page, { impacts: 'all' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The mark after the verse, in the KJV and in the WEB (a note keeps the KJV's place).
    const mark = page.getByRole('button', { name: 'Note on verse 16' });
    await mark.waitFor();
    expect(await page.getByRole('button', { name: /^Note on verse/ }).count()).toBe(1);
    await expectAccessible(page, { impacts: 'all' });
    await page.goto('/read-bible?book=John&chapter=3&translation=web');
    await mark.waitFor();
    await mark.click();
    await dialog.waitFor();
    // Opened at the notes: their heading has the focus, the note under it.
    expect(
      await dialog
        .getByRole('heading', { name: 'Your notes on John 3:16' })
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await dialog.getByText('Loved before I knew it.').waitFor();
    // Nothing was toggled, so the dialog reports no change to the highlight.
    expect(await dialog.getByText(/^Highlight(ed in your Bible| removed)\.$/).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The mark opens the notes without touching the highlight the first tap set.
    expect(await page.locator('#verse-16').getAttribute('data-highlighted')).toBe('true');
    await setTheme(page, 'light');
    await page.reload();
    await mark.waitFor();
    await expectAccessible(page, { impacts: 'all' });

    // A second note, on another book, for the filters.
    const response = await page.request.post('/api/notes', {
      data: {
        book_name: 'Psalms',
        chapter_number: 23,
        verse_number: 1,
        end_verse_number: 2,
        text: 'The shepherd who leads.',
        tags: ['comfort'],
      },
      headers: { origin: baseURL() },
    });
    expect(response.status(), await response.text()).toBe(201);

    // /notes at 1280 px, light.
    await page.setViewportSize(desktop);
    await page.goto('/notes');
    const list = page.getByRole('list', { name: 'Notes' });
    await list.getByRole('link', { name: 'Psalms 23:1–2' }).waitFor();
    const cards = list.getByRole('article');
    expect(await cards.count()).toBe(2);
    // Newest first.
    expect(await cards.first().getByRole('heading').innerText()).toBe('Psalms 23:1–2');
    await expectTheme(page, 'light');
    await expectAccessible(page, { impacts: 'all' });

    await page.getByRole('searchbox', { name: 'Search notes' }).fill('sunday');
    await page.waitForURL((url) => url.searchParams.get('q') === 'sunday');
    await list.getByRole('link', { name: 'Psalms 23:1–2' }).waitFor({ state: 'detached' });
    expect(await cards.count()).toBe(1);
    await list.locator('mark', { hasText: 'Sunday' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await list.getByRole('link', { name: 'Psalms 23:1–2' }).waitFor();

    await page.getByRole('combobox', { name: 'Book' }).selectOption('Psalms');
    await page.waitForURL((url) => url.searchParams.get('book') === 'Psalms');
    await list.getByRole('link', { name: 'John 3:16' }).waitFor({ state: 'detached' });
    await list.getByRole('link', { name: 'Psalms 23:1–2' }).waitFor();
    expect(await cards.count()).toBe(1);
    await page.getByRole('combobox', { name: 'Book' }).selectOption('');
    await page.waitForURL((url) => !url.searchParams.has('book'));
    await list.getByRole('link', { name: 'John 3:16' }).waitFor();
    await page.getByRole('combobox', { name: 'Tag' }).selectOption('love');
    await page.waitForURL((url) => url.searchParams.get('tag') === 'love');
    await list.getByRole('link', { name: 'Psalms 23:1–2' }).waitFor({ state: 'detached' });
    await list.getByRole('link', { name: 'John 3:16' }).waitFor();
    expect(await cards.count()).toBe(1);

    // The place links to the reader at the verse.
    const johnLink = list.getByRole('link', { name: 'John 3:16' });
    expect(await johnLink.getAttribute('href')).toBe('/read-bible?book=John&chapter=3');

    // Edit in place.
    await list.getByRole('button', { name: 'Edit note on John 3:16' }).click();
    const editor = list.getByRole('textbox', { name: 'Your note on John 3:16' });
    await editor.fill('Loved first, always.');
    await list.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Note Updated');
    await list.getByText('Loved first, always.').waitFor();

    // Delete, once confirmed.
    await list.getByRole('button', { name: 'Delete note on John 3:16' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this note?' });
    await confirm.waitFor();
    await expectAccessible(page, { impacts: 'all' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Note Deleted');
    await page.getByText('No notes match your search.').waitFor();

    // Dark, with every note back in the list.
    await setTheme(page, 'dark');
    await page.goto('/notes');
    await list.getByRole('link', { name: 'Psalms 23:1–2' }).waitFor();
    expect(await cards.count()).toBe(1);
    await expectTheme(page, 'dark');
    await expectAccessible(page, { impacts: 'all' });
    await page.context().close();
  });

  it('sends a visitor to /auth from /notes, and asks them to sign in to add a note', async () => {
    const page = await openPage(browser, { viewport: phone });
    await page.goto('/notes');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.goto('/read-bible?book=John&chapter=3');
    await page.locator('#verse-16').click();
    const dialog = page.getByRole('dialog', { name: 'Save Verse' });
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await expectToast(page, 'Sign in required');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: /^Note on verse/ }).count()).toBe(0);
    await page.context().close();
  });
});
