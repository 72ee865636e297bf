import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, launchBrowser, openPage } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function saveVerse(page: Page, reference: string, text: string): Promise<void> {
  const response = await page.request.post('/api/saved-verses', {
    data: { reference, text, theme: 'Bible Reading' },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Tab until `name` has the focus: the link is reached with the keyboard alone. */
/** The next PATCH of `path` that succeeds: the topic is stored, not just shown. */
function stored(page: Page, path: RegExp): Promise<unknown> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' &&
      path.test(new URL(response.url()).pathname) &&
      response.ok(),
  );
}

async function tabTo(page: Page, name: RegExp): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (name.test(focused)) return;
  }
  throw new Error(`${name} was not reached with Tab`);
}

describe('topics', () => {
  for (const [width, colorScheme] of [
    [390, 'dark'],
    [1280, 'light'],
  ] as const) {
    it(`a saved verse and a highlight tagged "grace" stand on /topics?tag=grace in Bible order, at ${width} px ${colorScheme}`, async () => {
      const page = await openPage(browser, { viewport: { width, height: 844 }, colorScheme });
      await signUpInPage(page);
      await saveVerse(page, 'Ephesians 2:8', 'For by grace are ye saved through faith.');

      // The saved verse, tagged from its card with the keyboard.
      await page.goto('/saved-verses');
      const field = page.getByRole('textbox', { name: 'Add a topic to Ephesians 2:8' });
      await field.fill('grace');
      const verseTagged = stored(page, /^\/api\/saved-verses\//);
      await field.press('Enter');
      // The card shows the topic at once; leaving the page waits until the server has it.
      await verseTagged;
      const card = page.locator('[data-verse-id]', { hasText: 'Ephesians 2:8' });
      await card.getByRole('link', { name: 'grace' }).waitFor();

      // A highlight, tagged in the reader's verse dialog (a member's tap highlights the verse).
      await page.goto('/read-bible?book=Romans&chapter=5');
      await page.locator('#verse-20').click();
      const dialog = page.getByRole('dialog', { name: 'Save Verse' });
      const topicField = dialog.getByRole('textbox', {
        name: 'Add a topic to your highlight of Romans 5:20',
      });
      await topicField.fill('grace');
      const highlightTagged = stored(page, /^\/api\/highlights\//);
      await topicField.press('Enter');
      await highlightTagged;
      await dialog.getByRole('link', { name: 'grace' }).waitFor();
      await page.keyboard.press('Escape');

      // The user menu leads to the topics; the topic to its study page.
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Topics' }).click();
      await page.waitForURL((url) => url.pathname === '/topics');
      const topic = page.getByRole('list', { name: 'Your topics' }).getByRole('link');
      await topic.first().waitFor();
      expect(await topic.allTextContents()).toEqual(['grace2 items']);
      await expectAccessible(page);
      await topic.click();
      await page.waitForURL((url) => url.search === '?tag=grace');

      const list = page.getByRole('list', { name: 'Under grace, in Bible order' });
      await list.waitFor();
      expect(await list.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
        'Romans 5:20 (KJV), open in the reader',
        'Ephesians 2:8 (KJV), open in the reader',
      ]);
      await expectAccessible(page);

      // Keyboard: the first item's link is reached with Tab and opens the reader at its chapter.
      await tabTo(page, /^Romans 5:20/);
      await page.keyboard.press('Enter');
      await page.waitForURL(
        (url) => url.pathname === '/read-bible' && url.search.includes('book=Romans'),
      );
      await page.locator('#verse-20').waitFor();
      await page.context().close();
    });
  }

  it('sends a visitor to /auth', async () => {
    const page = await openPage(browser);
    await page.goto('/topics?tag=grace');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.context().close();
  });
});
