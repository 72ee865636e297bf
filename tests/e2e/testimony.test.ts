import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, desktop, launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

// The e2e server runs with MODERATOR_EMAILS=moderator@e2e.test (support/global-setup.ts).
const moderatorEmail = 'moderator@e2e.test';
const feeling = '<b>bold</b> and weary after a long week';
const reminded = `Come unto me, all ye that labour (${Date.now()})`;

/** Signs up through the API; the page's context keeps the session cookie. */
async function signUp(page: Page, email: string, displayName: string): Promise<void> {
  const response = await page.request.post('/api/auth/signup', {
    data: { email, password: 'a-lamp-unto-my-feet-119', display_name: displayName },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(201);
}

function feelingField(page: Page): Locator {
  return page.getByRole('textbox', { name: 'How were you feeling?' });
}

function remindedField(page: Page): Locator {
  return page.getByRole('textbox', { name: 'What did God remind you of?' });
}

function submitButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Submit Testimony' });
}

function publicList(page: Page): Locator {
  return page.getByRole('region', { name: 'Shared testimonies' });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function openTestimonyPage(page: Page): Promise<void> {
  await page.goto('/testimony');
  await page.getByRole('heading', { level: 1, name: 'Share Your Testimony' }).waitFor();
}

describe('testimonies', () => {
  let authorPage: Page;

  afterAll(async () => {
    await authorPage.context().close();
  });

  it('asks a visitor to sign in before sharing, and shows an empty public list', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    await openTestimonyPage(page);
    await page.getByRole('heading', { name: 'No testimonies yet' }).waitFor();
    await page.getByText('reviewed before it is shared publicly').waitFor();
    await feelingField(page).fill('Lost');
    await remindedField(page).fill('He is near');
    await submitButton(page).click();
    await expectToast(page, 'Sign in required');
    await page
      .locator('[data-sonner-toast]')
      .getByText('Please sign in to share your testimony.')
      .waitFor();
    await page
      .locator('[data-sonner-toast]')
      .getByRole('button', { name: 'Sign Up Free' })
      .waitFor();
    await expectAccessible(page);
    await page.context().close();
  });

  it('lets an author submit a testimony that waits for review', async () => {
    authorPage = await openPage(browser, { colorScheme: 'light' });
    const page = authorPage;
    await signUp(page, `testimony-${Date.now()}@example.com`, 'Hannah Author');
    await openTestimonyPage(page);

    // Both answers are required.
    await submitButton(page).click();
    await expectToast(page, 'Missing information');
    await page
      .getByText('Please fill in both how you felt and what God reminded you of.')
      .waitFor();

    // Anonymous by default; 'Include My Name' shows the name field, prefilled.
    const anonymous = page.getByRole('switch', { name: 'Share anonymously' });
    expect(await anonymous.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByLabel('Include My Name').count()).toBe(0);
    await anonymous.click();
    const name = page.getByRole('textbox', { name: 'Include My Name' });
    await name.waitFor();
    expect(await name.inputValue()).toBe('Hannah Author');

    await feelingField(page).fill(feeling);
    await remindedField(page).fill(reminded);
    await page.getByText(`${reminded.length} / 2,000`).waitFor();
    expect(await feelingField(page).getAttribute('maxlength')).toBe('2000');
    await submitButton(page).click();
    await expectToast(page, 'Testimony submitted!');
    await page.getByText('Thank you. It will be reviewed before it is shared.').waitFor();
    // The form starts over.
    expect(await feelingField(page).inputValue()).toBe('');
    expect(await anonymous.getAttribute('aria-checked')).toBe('true');

    // Listed under 'Your testimonies' as pending, not in the public list.
    const mine = page.getByRole('list', { name: 'Your testimonies' });
    const own = mine.getByRole('listitem').filter({ hasText: reminded });
    await own.waitFor();
    await own.getByText('Pending review').waitFor();
    await own.getByText('Hannah Author').waitFor();
    // Plain text, never HTML.
    await own.getByText(feeling, { exact: true }).waitFor();
    expect(await page.locator('main b', { hasText: 'bold' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'No testimonies yet' }).waitFor();
    expect(await publicList(page).count()).toBe(0);
    await expectAccessible(page);

    // A non-moderator is kept out of the review queue.
    await page.goto('/moderation');
    await page.getByRole('heading', { name: 'Moderators only' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).first().waitFor();
    expect((await page.request.get('/api/moderation/testimonies')).status()).toBe(403);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Account menu/ })
      .click();
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Moderation' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expectAccessible(page);
  });

  it('lets a moderator approve it, after which everyone can read it', async () => {
    const page = await openPage(browser, { colorScheme: 'dark' });
    await signUp(page, moderatorEmail, 'Grace Moderator');
    await page.goto('/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Account menu/ })
      .click();
    await page.getByRole('menuitem', { name: 'Moderation' }).click();
    await page.waitForURL((url) => url.pathname === '/moderation');
    await page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();

    const queue = page.getByRole('list', { name: 'Testimonies waiting for review' });
    const item = queue.getByRole('listitem').filter({ hasText: reminded });
    await item.waitFor();
    await item.getByText(feeling, { exact: true }).waitFor();
    await expectAccessible(page);
    await page.setViewportSize(phone);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize(desktop);

    await item.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Testimony approved');
    await page.getByRole('heading', { name: 'Nothing waiting for review' }).waitFor();
    await expectAccessible(page);

    // Now public: with the author's name and a relative time, still as plain text.
    await openTestimonyPage(page);
    const shared = publicList(page).getByRole('listitem').filter({ hasText: reminded });
    await shared.waitFor();
    await shared.getByText('Hannah Author').waitFor();
    await shared.getByText('Today').waitFor();
    await shared.getByText(feeling, { exact: true }).waitFor();
    expect(await page.locator('main b', { hasText: 'bold' }).count()).toBe(0);
    const height = await publicList(page).evaluate(
      (element) => getComputedStyle(element).maxHeight,
    );
    expect(height).toBe('600px');
    await expectAccessible(page);
    await page.setViewportSize(phone);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.context().close();

    // The author sees it approved.
    await authorPage.emulateMedia({ colorScheme: 'dark' });
    await openTestimonyPage(authorPage);
    const own = authorPage
      .getByRole('list', { name: 'Your testimonies' })
      .getByRole('listitem')
      .filter({ hasText: reminded });
    await own.getByText('Approved').waitFor();
    await publicList(authorPage).getByRole('listitem').filter({ hasText: reminded }).waitFor();
    await authorPage.setViewportSize(phone);
    expect(await horizontalOverflow(authorPage)).toBeLessThanOrEqual(0);
    await expectAccessible(authorPage);
  });
});
