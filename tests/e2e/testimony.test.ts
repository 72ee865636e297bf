import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, expectToast, submitSignIn } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import {
  baseURL,
  appHasStarted,
  collectErrors,
  desktop,
  launchBrowser,
  openPage,
  phone,
} from './support/browser.ts';
import {
  moderatorEmail,
  moderatorPassword,
  seedApprovedTestimonies,
} from './support/testimonies.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const feeling = '<b>bold</b> and weary after a long week';
const reminded = `Come unto me, all ye that labour (${Date.now()})`;

/** Signs up through the API; the page's context keeps the session cookie. */
async function signUp(page: Page, email: string, displayName: string): Promise<void> {
  const response = await page.request.post('/api/auth/signup', {
    data: { email, password: moderatorPassword, display_name: displayName },
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
    expect(await anonymous.isChecked()).toBe(true);
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
    expect(await anonymous.isChecked()).toBe(true);

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

type OwnRow = { id: string; god_reminded: string; status: string; author_name: string | null };

/** Signs the page's context in through the API. */
async function signInByApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/signin', {
    data: { email, password },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function submitByApi(page: Page, godReminded: string): Promise<string> {
  const response = await page.request.post('/api/testimonies', {
    data: { feeling: 'Uneasy about tomorrow', god_reminded: godReminded },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function ownRows(page: Page): Promise<OwnRow[]> {
  const response = await page.request.get('/api/testimonies/mine');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: OwnRow[] }).items;
}

async function idsAt(page: Page, url: string): Promise<string[]> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
}

// docs/product.md §2 and §4: a visitor's draft survives signing in, an author can withdraw a
// testimony, and a moderator's Decline asks first.
describe('after sharing', () => {
  let moderatorPage: Page;
  let authorPage: Page;

  beforeAll(async () => {
    moderatorPage = await openPage(browser, { colorScheme: 'light' });
    await signInByApi(moderatorPage, moderatorEmail, moderatorPassword);
  });
  afterAll(async () => {
    await moderatorPage.context().close();
    await authorPage.context().close();
  });

  it('submits a visitor’s draft once they sign in from the prompt', async () => {
    const account = await createAccount('Naomi Visitor');
    authorPage = await openPage(browser, { colorScheme: 'light' });
    const page = authorPage;
    const draft = `The Lord is my shepherd (${Date.now()})`;
    await openTestimonyPage(page);
    await feelingField(page).fill('Far from home and unsure');
    await remindedField(page).fill(draft);
    await page.getByRole('switch', { name: 'Share anonymously' }).click();
    await page.getByRole('textbox', { name: 'Include My Name' }).fill('Naomi of Bethlehem');
    await submitButton(page).click();
    await expectToast(page, 'Sign in required');
    await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Sign Up Free' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await submitSignIn(page, account.email, account.password);

    // Back on the testimony screen, and the draft has been shared as it was written.
    await page.waitForURL((url) => url.pathname === '/testimony');
    await expectToast(page, 'Testimony submitted!');
    const own = page
      .getByRole('list', { name: 'Your testimonies' })
      .getByRole('listitem')
      .filter({ hasText: draft });
    await own.getByText('Pending review').waitFor();
    await own.getByText('Naomi of Bethlehem').waitFor();
    await own.getByText('Far from home and unsure', { exact: true }).waitFor();
    expect(await ownRows(page)).toEqual([
      expect.objectContaining({
        god_reminded: draft,
        author_name: 'Naomi of Bethlehem',
        status: 'pending',
      }),
    ]);
    // Only once: a reload does not share it again.
    await page.reload();
    await own.waitFor();
    expect(await ownRows(page)).toHaveLength(1);
    await expectAccessible(page);
  });

  it('lets the author delete a testimony after confirming: it leaves every list at once', async () => {
    const page = authorPage;
    const sharedText = `Be still, and know (${Date.now()})`;
    const sharedId = await submitByApi(page, sharedText);
    const approved = await moderatorPage.request.post(
      `/api/moderation/testimonies/${sharedId}/approve`,
      { headers: { origin: baseURL() } },
    );
    expect(approved.status(), await approved.text()).toBe(200);
    // The draft shared in the test before is still waiting for review.
    const pendingRow = (await ownRows(page)).find((row) => row.status === 'pending');
    expect(pendingRow).toBeDefined();
    const pendingText = pendingRow?.god_reminded ?? '';

    await openTestimonyPage(page);
    const mine = page.getByRole('list', { name: 'Your testimonies' });
    const sharedOwn = mine.getByRole('listitem').filter({ hasText: sharedText });
    await sharedOwn.getByText('Approved').waitFor();
    await publicList(page).getByRole('listitem').filter({ hasText: sharedText }).waitFor();

    // One click only asks; Cancel keeps it.
    const deleteShared = sharedOwn.getByRole('button', { name: /^Delete/ });
    await deleteShared.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this testimony?' });
    await dialog.waitFor();
    await dialog.getByText('This cannot be undone.').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => deleteShared.evaluate((node) => node === document.activeElement))
      .toBe(true);
    expect(await idsAt(page, '/api/testimonies')).toContain(sharedId);

    // Confirming deletes it: gone from the author's list and the public one, here and for all.
    await deleteShared.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Testimony deleted');
    await sharedOwn.waitFor({ state: 'detached' });
    await publicList(page)
      .getByRole('listitem')
      .filter({ hasText: sharedText })
      .waitFor({ state: 'detached' });
    // The focus moves on to the testimony that is left, rather than to the page.
    const pendingOwn = mine.getByRole('listitem').filter({ hasText: pendingText });
    const deletePending = pendingOwn.getByRole('button', { name: /^Delete/ });
    await expect
      .poll(() => deletePending.evaluate((node) => node === document.activeElement))
      .toBe(true);
    expect(await idsAt(page, '/api/testimonies')).not.toContain(sharedId);
    expect(await idsAt(moderatorPage, '/api/testimonies')).not.toContain(sharedId);

    // The pending one leaves the moderation queue too.
    expect(await idsAt(moderatorPage, '/api/moderation/testimonies')).toContain(pendingRow?.id);
    await deletePending.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Testimony deleted');
    // With none left the list goes, and the focus goes to the form, ready for a new one.
    await page.getByRole('heading', { name: 'Your testimonies' }).waitFor({ state: 'detached' });
    await expect
      .poll(() => feelingField(page).evaluate((node) => node === document.activeElement))
      .toBe(true);
    expect(await ownRows(page)).toEqual([]);
    expect(await idsAt(moderatorPage, '/api/moderation/testimonies')).not.toContain(pendingRow?.id);
    await moderatorPage.goto('/moderation');
    await moderatorPage.getByRole('heading', { name: 'Nothing waiting for review' }).waitFor();
    await expectAccessible(page);
  });

  it('declines a testimony only once the moderator confirms', async () => {
    const text = `Cast all your care (${Date.now()})`;
    const id = await submitByApi(authorPage, text);
    const page = moderatorPage;
    await page.goto('/moderation');
    const item = page
      .getByRole('list', { name: 'Testimonies waiting for review' })
      .getByRole('listitem')
      .filter({ hasText: text });
    const decline = item.getByRole('button', { name: 'Decline' });
    await decline.click();
    const dialog = page.getByRole('dialog', { name: 'Decline this testimony?' });
    await dialog.waitFor();
    await expectAccessible(page);

    // Escape (or Cancel) leaves it waiting.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => decline.evaluate((node) => node === document.activeElement)).toBe(true);
    expect((await ownRows(authorPage)).find((row) => row.id === id)?.status).toBe('pending');
    expect(await idsAt(page, '/api/moderation/testimonies')).toContain(id);

    await decline.click();
    await dialog.getByRole('button', { name: 'Decline testimony' }).click();
    await expectToast(page, 'Testimony declined');
    await item.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Nothing waiting for review' }).waitFor();
    // The focus moves on to what the empty queue offers, rather than to the page.
    const viewLink = page.getByRole('main').getByRole('link', { name: 'View testimonies' });
    await expect
      .poll(() => viewLink.evaluate((node) => node === document.activeElement))
      .toBe(true);
    expect((await ownRows(authorPage)).find((row) => row.id === id)?.status).toBe('declined');
  });
});

/** The loaded count the list's heading line gives ('Showing 40 stories so far', '506 stories'). */
async function storiesLoaded(page: Page): Promise<number> {
  const line = await page
    .getByText(/^(Showing )?\d+ stor(y|ies)( so far)?$/)
    .first()
    .textContent();
  return Number(/\d+/.exec(line ?? '')?.[0] ?? 0);
}

// Decision 012: the public list at real scale, still in its 600 px box (product §2). Last in this
// file: the earlier specs need an empty public list, and every seeded testimony is approved, so
// the moderation queue is left empty for the specs that follow.
describe('the public list at scale', () => {
  const total = 506;
  let label: string;

  beforeAll(async () => {
    label = `Scaled testimony ${Date.now()}`;
    await seedApprovedTestimonies(total, label);
  }, 180_000);

  it('comes with the newest testimonies drawn, before any script runs, and the app takes them over', async () => {
    // No JavaScript at all: what the server sent is what a phone draws first (decision 011).
    const bare = await openPage(
      browser,
      { viewport: phone, colorScheme: 'dark', javaScriptEnabled: false },
      { waitForApp: false },
    );
    await bare.goto('/testimony');
    const drawnCards = bare
      .getByRole('region', { name: 'Shared testimonies' })
      .getByRole('listitem');
    expect(await drawnCards.count()).toBeGreaterThan(0);
    await expect.poll(() => drawnCards.first().textContent()).toContain(label);
    await bare.context().close();

    // With the app: it starts from that drawing without a mismatch, and the list is its own.
    const page = await openPage(
      browser,
      { viewport: phone, colorScheme: 'light' },
      { waitForApp: false },
    );
    const errors = collectErrors(page);
    // The app's script held back a moment, as on a slow phone: the person scrolls down to the
    // wall meanwhile, and the app starting does not take them back to the top.
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    });
    await page.goto('/testimony');
    await publicList(page).scrollIntoViewIfNeeded();
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scrolledTo).toBeGreaterThan(0);
    expect(await page.evaluate(appHasStarted)).toBe(false);
    await page.waitForFunction(appHasStarted);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
    const box = publicList(page);
    await expect
      .poll(() =>
        box.locator('li[data-index="0"]').evaluate((row) => getComputedStyle(row).position),
      )
      .toBe('absolute');
    expect(await box.getByRole('listitem').first().textContent()).toContain(label);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows the first items at 390 px, keeps the DOM bounded through 500 items, and loads more by keyboard', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'light' });
    await openTestimonyPage(page);
    const box = publicList(page);
    const list = box.getByRole('list', { name: 'Testimonies from the community' });
    await list.getByRole('listitem').first().getByText(label).waitFor();
    expect(await box.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('600px');
    expect(await storiesLoaded(page)).toBe(20);
    await expectAccessible(page);

    // 'Load more' by keyboard. The next page is asked for on its own as the end of the list
    // comes near; that try (and its one retry) fails here, so that the button is what brings it.
    let isServerBack = false;
    let olderPageTries = 0;
    await page.route(
      (url) => url.pathname === '/api/testimonies' && url.searchParams.has('cursor'),
      (route) => {
        olderPageTries += 1;
        return isServerBack
          ? route.fallback()
          : route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({ error: 'UNAVAILABLE', message: 'Please try again.' }),
            });
      },
    );
    await box.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    // Told once it has failed for good (after its retry).
    await expectToast(page, 'Error');
    const loadMore = box.getByRole('button', { name: 'Load more testimonies' });
    await loadMore.waitFor();
    expect(olderPageTries).toBeGreaterThan(0);
    isServerBack = true;
    const triesBefore = olderPageTries;
    // From the box, Tab reaches the button: the cards hold no controls. With the focus on it,
    // nothing loads on its own.
    await box.focus();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => loadMore.evaluate((button) => button === document.activeElement))
      .toBe(true);
    await page.waitForTimeout(300);
    expect(olderPageTries).toBe(triesBefore);
    expect(await storiesLoaded(page)).toBe(20);
    await page.keyboard.press('Enter');
    await expect.poll(() => storiesLoaded(page), { timeout: 10_000 }).toBe(40);
    // The focus stays in the list (on the first of the new cards), not dropped on the page.
    expect(await box.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.unrouteAll();

    // Scrolling the box to its end again and again loads every page.
    let loaded = await storiesLoaded(page);
    while (loaded < total) {
      await box.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      const before = loaded;
      await expect.poll(() => storiesLoaded(page), { timeout: 15_000 }).toBeGreaterThan(before);
      loaded = await storiesLoaded(page);
    }
    await page.getByText(/^\d+ stories$/).waitFor();
    expect(loaded).toBeGreaterThanOrEqual(total);
    await expect
      .poll(() => box.getByRole('button', { name: /Load more/ }).count(), { timeout: 10_000 })
      .toBe(0);

    // Far fewer cards in the DOM than loaded, and the page as a whole stays small.
    const drawn = await list.getByRole('listitem').count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(40);
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    expect(elements).toBeLessThanOrEqual(5000);
    // At the end of the box, the last (oldest) cards are the ones drawn.
    await box.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect
      .poll(async () => {
        const positions = await list
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => Number(item.getAttribute('aria-posinset'))));
        return Math.max(...positions);
      })
      .toBe(loaded);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.context().close();
  });
});
