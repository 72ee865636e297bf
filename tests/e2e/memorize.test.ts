import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from './support/a11y-page.ts';
import { expectToast, signUpInPage } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, desktop, launchBrowser, openPage, phone } from './support/browser.ts';

// Decision 016: a member adds verses to Learn by Heart from a saved verse and from the
// reader's verse dialog, then reviews them on /memorize until 'Review done'.

let browser: Browser;
/** The member's signed-in cookie, shared by the tests in order. */
let member: NonNullable<BrowserContextOptions['storageState']>;

beforeAll(async () => {
  browser = await launchBrowser();
  const page = await openPage(browser);
  await signUpInPage(page, 'Lois');
  const saved = await page.request.post('/api/saved-verses', {
    data: {
      text: 'Thy word is a lamp unto my feet, and a light unto my path.',
      reference: 'Psalms 119:105',
      theme: 'Bible Reading',
    },
    headers: { origin: baseURL() },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  member = await page.context().storageState();
  await page.context().close();
});
afterAll(async () => {
  await browser.close();
});

type Theme = 'light' | 'dark';

async function openMemberPage(theme: Theme, viewport = desktop): Promise<Page> {
  const page = await openPage(browser, { viewport, colorScheme: theme, storageState: member });
  await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
  return page;
}

async function dueCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/memory-cards/due-count');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

function reviewCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Review' }).getByRole('article');
}

describe('Learn by Heart', () => {
  it('adds a saved verse and a verse from the reader, each button then saying Learning', async () => {
    const page = await openMemberPage('light');
    await page.goto('/saved-verses');
    const card = page.getByRole('article', { name: 'Psalm 119:105 (KJV)' });
    await card.getByRole('button', { name: 'Learn by heart Psalm 119:105' }).click();
    await expectToast(page, 'Added to Learn by Heart');
    await card.getByRole('button', { name: 'Learning Psalm 119:105' }).waitFor();
    // After a reload too: it comes from the server.
    await page.reload();
    await card.getByRole('button', { name: 'Learning Psalm 119:105' }).waitFor();

    await page.goto('/read-bible?book=John&chapter=3');
    await page.getByRole('heading', { level: 2, name: 'John 3', exact: true }).waitFor();
    await page.locator('#verse-16').click();
    const dialog = page.getByRole('dialog', { name: 'Save Verse' });
    await dialog.getByText('John 3:16').first().waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Learn by heart' }).click();
    await expectToast(page, 'Added to Learn by Heart');
    await dialog.getByRole('button', { name: 'Learning' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The toast's action opens /memorize.
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Added to Learn by Heart' })
      .first()
      .getByRole('button', { name: 'Review' })
      .click();
    await page.waitForURL('**/memorize');
    await page.getByRole('heading', { name: '2 verses due for review' }).waitFor();
    const list = page.getByRole('list', { name: 'Verses you are learning' });
    expect(await list.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'John 3:16 (KJV)',
      'Psalm 119:105 (KJV)',
    ]);
    await list.getByText('Next review: due now').first().waitFor();
    expect(await dueCount(page)).toBe(2);
    await page.context().close();
  });

  it('asks a visitor in the reader to sign in to learn a verse', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    await page.goto('/read-bible?book=John&chapter=3');
    await page.getByRole('heading', { level: 2, name: 'John 3', exact: true }).waitFor();
    await page.locator('#verse-16').click();
    const dialog = page.getByRole('dialog', { name: 'Save Verse' });
    await dialog.getByRole('button', { name: 'Learn by heart' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectToast(page, 'Sign in required');
    await page.getByText('Please sign in to learn verses by heart.').waitFor();
    await page.context().close();
  });

  const looks: { theme: Theme; width: 'phone' | 'desktop' }[] = [
    { theme: 'light', width: 'phone' },
    { theme: 'dark', width: 'phone' },
    { theme: 'light', width: 'desktop' },
    { theme: 'dark', width: 'desktop' },
  ];

  it.each(looks)(
    'passes axe on the list and during a review, $theme at the $width width',
    async ({ theme, width }) => {
      const page = await openMemberPage(theme, width === 'phone' ? phone : desktop);
      await page.goto('/memorize');
      await page.getByRole('heading', { name: '2 verses due for review' }).waitFor();
      await settle(page);
      await expectAccessible(page, { impacts: 'all' });
      expect(await horizontalOverflow(page)).toBe(0);

      await page.getByRole('button', { name: 'Start review' }).click();
      await reviewCard(page).getByText('Verse 1 of 2 · Read and repeat').waitFor();
      await settle(page);
      await expectAccessible(page, { impacts: 'all' });
      await page.getByRole('button', { name: 'Hide it and say it' }).click();
      await page.getByRole('button', { name: 'Reveal' }).click();
      await page.getByRole('group', { name: 'How did it go?' }).waitFor();
      await settle(page);
      await expectAccessible(page, { impacts: 'all' });
      expect(await horizontalOverflow(page)).toBe(0);

      // Leaving without a grade keeps both verses due for the next look.
      await page.getByRole('button', { name: 'End review' }).click();
      await page.getByRole('heading', { name: '2 verses due for review' }).waitFor();
      await page.context().close();
    },
  );

  it('runs a whole review with the keyboard to Review done, and nothing is due after', async () => {
    const page = await openMemberPage('dark', phone);
    await page.goto('/memorize');
    await page.getByRole('button', { name: 'Start review' }).click();

    // Soonest due first: the verse added first.
    for (const [at, reference] of ['Psalm 119:105', 'John 3:16'].entries()) {
      const card = reviewCard(page);
      await card.getByRole('heading', { name: `${reference} (KJV)` }).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: `Verse ${at + 1} of 2: ${reference}.` })
        .waitFor();
      // The step's button has the focus: Enter hides the verse, Enter reveals it, 3 is Good.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Hide it and say it');
      await page.keyboard.press('Enter');
      await card.getByText('The verse is hidden.').waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Reveal');
      await page.keyboard.press('Enter');
      await card.getByRole('group', { name: 'How did it go?' }).waitFor();
      const review = page.waitForResponse((response) => response.url().endsWith('/review'));
      await page.keyboard.press('3');
      expect((await review).status()).toBe(200);
    }

    const done = page.getByRole('region', { name: 'Review done' });
    await done.getByText('You reviewed 2 verses. Nothing else is due right now.').waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    expect(await dueCount(page)).toBe(0);

    await done.getByRole('button', { name: 'Back to your verses' }).click();
    await page.getByRole('heading', { name: 'Nothing to review right now' }).waitFor();
    // A new verse answered Good comes back after its second learning step, in 10 minutes.
    await page.getByText('Next review in 10 minutes.').waitFor();
    await page
      .getByRole('list', { name: 'Verses you are learning' })
      .getByText('Next review: in 10 minutes')
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Start review' }).count()).toBe(0);
    await page.context().close();
  });
});
