import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '#shared/bible/books.ts';
import { displayReference, parseReference } from '#shared/bible/references.ts';
import { crossReferenceAttribution } from '#shared/schemas/study.ts';
import { expectFocused, tabTo } from './support/a11y-keyboard.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, collectErrors, launchBrowser, openPage, phone } from './support/browser.ts';

// Every verse the app surfaces opens in its context (docs/product.md): the paragraph with the
// verse marked, who is speaking, three cross-references and the whole chapter in the reader.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

function contextDialog(page: Page, reference: string): Locator {
  return page.getByRole('dialog', { name: `${displayReference(reference)} in context` });
}

/** The dialog's passage, the verse marked for eyes and for screen readers. */
async function expectPassage(dialog: Locator, text: string): Promise<void> {
  await dialog.getByRole('link', { name: 'Read the whole chapter' }).waitFor();
  const marked = dialog.locator('mark');
  expect(await marked.count()).toBe(1);
  expect(await marked.textContent()).toContain(text.slice(0, 30));
  // A range ('Philippians 4:6-7') is marked as one passage.
  const title = (await dialog.getByRole('heading').first().textContent()) ?? '';
  expect(await marked.locator('.sr-only').textContent()).toBe(
    /\d[-–]\d+ in context$/.test(title) ? 'These verses: ' : 'This verse: ',
  );
  await dialog.getByText(crossReferenceAttribution).waitFor();
  expect(await dialog.getByRole('heading', { name: 'Cross-references' }).count()).toBe(1);
}

/** Where the reader is, and that the verse it was sent to has the focus. */
async function expectReaderAt(page: Page, book: string, chapter: number, verse: number) {
  await page.waitForURL(
    (url) =>
      url.pathname === '/read-bible' &&
      url.searchParams.get('book') === book &&
      url.searchParams.get('chapter') === String(chapter),
  );
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`verse-${verse}`);
}

describe('a verse in its context', () => {
  it('on /verse-of-day: keyboard only, axe clean in both themes, then the whole chapter', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    const errors = collectErrors(page);
    await page.goto('/verse-of-day');
    const scripture = page.getByRole('region', { name: "Today's Scripture" });
    await scripture.locator('blockquote').waitFor();
    const shown = (await scripture.locator('figcaption').textContent()) ?? '';
    const reference = shown.replace(/ \((KJV|WEB|ASV)\)$/, '').trim();
    const button = page.getByRole('button', { name: `Context of ${reference}` });

    await tabTo(page, button);
    await page.keyboard.press('Enter');
    const dialog = contextDialog(page, reference);
    const verseText = ((await scripture.locator('blockquote').textContent()) ?? '').slice(1, -1);
    await expectPassage(dialog, verseText);
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(button);

    await page.keyboard.press('Enter');
    const chapterLink = dialog.getByRole('link', { name: 'Read the whole chapter' });
    await tabTo(page, chapterLink);
    const position = parseReference(reference);
    const book = books[position?.bookIndex ?? -1]?.name ?? '';
    await page.keyboard.press('Enter');
    await expectReaderAt(page, book, position?.chapter ?? 0, position?.verse ?? 0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('on saved verses: who is speaking, in the translation shown, and a cross-reference', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    const signUp = await page.request.post('/api/auth/signup', {
      data: {
        email: `verse-context-${Date.now()}@example.com`,
        password: 'lamp-unto-my-feet-105',
        display_name: 'Lydia',
      },
      headers: { origin: baseURL() },
    });
    expect(signUp.status()).toBe(201);
    const saved = await page.request.post('/api/saved-verses', {
      data: {
        text: 'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
        reference: 'John 3:16',
        theme: 'Love',
      },
      headers: { origin: baseURL() },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    await page.goto('/saved-verses');
    const card = page.getByRole('article', { name: 'John 3:16' });
    // Read in the WEB: the context comes in the WEB too.
    await card.getByRole('button', { name: 'WEB', exact: true }).click();
    await card.getByText('You saved this verse in the King James Version.').waitFor();

    await card.getByRole('button', { name: 'Context of John 3:16' }).click();
    const dialog = contextDialog(page, 'John 3:16');
    await expectPassage(dialog, 'For God so loved the world, that he gave his one and only Son');
    await dialog.getByText('John 3:16–17 (WEB)').waitFor();
    expect(await dialog.getByText('Speaking:').locator('..').textContent()).toBe('Speaking: Jesus');
    await expectAccessible(page);

    await dialog.getByRole('link', { name: 'Romans 5:8' }).click();
    await expectReaderAt(page, 'Romans', 5, 8);
    expect(new URL(page.url()).searchParams.get('translation')).toBe('web');
    await page.context().close();
  });

  it('on the verse image maker: the verse chosen for a mood', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'light' });
    await page.goto('/verse-graphics');
    await page
      .getByRole('radiogroup', { name: 'How are you feeling?' })
      .getByRole('radio', { name: 'Anxious', exact: true })
      .click();
    const verse = page.locator('section[aria-labelledby="verse-heading"]');
    const reference = ((await verse.locator('cite').textContent()) ?? '').trim();
    await verse.getByRole('button', { name: `Context of ${reference}` }).click();
    const dialog = contextDialog(page, reference);
    const text = ((await verse.locator('blockquote p').textContent()) ?? '').slice(1, -1);
    await expectPassage(dialog, text);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(verse.getByRole('button', { name: `Context of ${reference}` }));
    await page.context().close();
  });
});
