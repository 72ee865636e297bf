import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prayerCategories } from '#shared/content/prayers.ts';
import type { PrayerRequest } from '#shared/schemas/prayers.ts';
import { createAccount, expectToast, submitSignIn } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function openPrayer(page: Page): Promise<void> {
  await page.goto('/prayer');
  await page.getByRole('heading', { level: 1, name: 'Prayer & Meditation' }).waitFor();
}

async function setDark(page: Page, isDark: boolean): Promise<void> {
  await page.emulateMedia({ colorScheme: isDark ? 'dark' : 'light' });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(isDark);
}

async function expectToastText(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

/** The person's saved prayers as the API lists them: their prayer list (decision 025). */
async function savedPrayers(page: Page): Promise<PrayerRequest[]> {
  const response = await page.request.get('/api/prayers');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: PrayerRequest[] }).items;
}

function button(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true });
}

function timerText(page: Page): Promise<string | null> {
  return page.getByRole('timer').textContent();
}

/** The shown prayer cards: their titles and categories. */
async function shownPrayers(page: Page): Promise<{ title: string; category: string }[]> {
  const region = page.getByRole('region', { name: 'Guided Prayers' });
  const cards = region.getByRole('article');
  const result: { title: string; category: string }[] = [];
  for (const card of await cards.all()) {
    result.push({
      title: (await card.getByRole('heading').textContent()) ?? '',
      category: (await card.locator('p').first().textContent()) ?? '',
    });
  }
  return result;
}

async function shownMeditations(page: Page): Promise<string[]> {
  return page.getByRole('region', { name: 'Meditations' }).getByRole('listitem').allTextContents();
}

describe('/prayer', () => {
  it('runs the prayer timer on a fake clock, opens prayers and reshuffles them', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    await page.clock.install({ time: new Date('2025-03-01T08:00:00Z') });
    await openPrayer(page);
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');

    // product §9: 5 minutes by default.
    expect(await timerText(page)).toBe('5:00');
    expect(await page.getByRole('radio', { name: '5 min', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('timer').getAttribute('aria-label')).toBe(
      'Time remaining: 5 minutes',
    );
    await expectAccessible(page);
    await setDark(page, true);
    await expectAccessible(page);
    await setDark(page, false);

    await button(page, 'Start').click();
    await page.clock.runFor(3000);
    await expect.poll(() => timerText(page)).toBe('4:57');
    await button(page, 'Pause').click();
    await page.clock.runFor(5000);
    expect(await timerText(page)).toBe('4:57');
    await button(page, 'Start').click();
    await page.clock.runFor(2000);
    await expect.poll(() => timerText(page)).toBe('4:55');
    await button(page, 'Reset').click();
    expect(await timerText(page)).toBe('5:00');

    // Changing the duration resets and stops.
    await button(page, 'Start').click();
    await page.clock.runFor(4000);
    await expect.poll(() => timerText(page)).toBe('4:56');
    await page.getByText('3 min', { exact: true }).click();
    expect(await page.getByRole('radio', { name: '3 min', exact: true }).isChecked()).toBe(true);
    await expect.poll(() => timerText(page)).toBe('3:00');
    await button(page, 'Start').waitFor();
    await page.clock.runFor(3000);
    expect(await timerText(page)).toBe('3:00');

    // Red at 60 s or less while running; at 0 it stops with a toast.
    const timer = page.getByRole('timer');
    await button(page, 'Start').click();
    await page.clock.runFor(119_000);
    await expect.poll(() => timerText(page)).toBe('1:01');
    expect(await timer.getAttribute('class')).not.toContain('text-destructive');
    await page.clock.runFor(1000);
    await expect.poll(() => timerText(page)).toBe('1:00');
    expect(await timer.getAttribute('class')).toContain('text-destructive');
    await page.clock.runFor(60_000);
    await expect.poll(() => timerText(page)).toBe('0:00');
    await expectToast(page, 'Prayer time complete');
    await expectToastText(page, 'Amen. Take a moment before you go on.');
    await button(page, 'Start').waitFor();
    expect(await timer.getAttribute('class')).not.toContain('text-destructive');
    await page.clock.runFor(5000);
    expect(await timerText(page)).toBe('0:00');

    // Pray opens the prayer text, Hide closes it.
    const card = page.getByRole('region', { name: 'Guided Prayers' }).getByRole('article').first();
    const pray = card.getByRole('button', { name: 'Pray', exact: true });
    expect(await pray.getAttribute('aria-expanded')).toBe('false');
    const panelId = await pray.getAttribute('aria-controls');
    const panel = page.locator(`[id="${panelId}"]`);
    expect(await panel.isVisible()).toBe(false);
    await pray.click();
    const hide = card.getByRole('button', { name: 'Hide', exact: true });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.isVisible()).toBe(true);
    expect((await panel.textContent())?.length ?? 0).toBeGreaterThan(300);
    await expectAccessible(page);
    await hide.click();
    expect(await panel.isVisible()).toBe(false);

    // New Prayers: four prayers of four distinct categories and four meditations, changed.
    const before = await shownPrayers(page);
    expect(before).toHaveLength(4);
    expect((await shownMeditations(page)).length).toBe(4);
    for (let round = 0; round < 3; round += 1) {
      const previous = (await shownPrayers(page)).map((prayer) => prayer.title).sort();
      await button(page, 'New Prayers').click();
      await expect
        .poll(async () => (await shownPrayers(page)).map((prayer) => prayer.title).sort())
        .not.toEqual(previous);
      const after = await shownPrayers(page);
      expect(after).toHaveLength(4);
      expect(new Set(after.map((prayer) => prayer.category)).size).toBe(4);
      for (const prayer of after) {
        expect(prayerCategories as readonly string[]).toContain(prayer.category);
      }
      const lines = await shownMeditations(page);
      expect(lines).toHaveLength(4);
      expect(new Set(lines).size).toBe(4);
    }

    // A visitor may write but not save.
    const save = button(page, 'Save Prayer');
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Write your own prayer').fill('Lord, guide my steps today.');
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await expectToast(page, 'Sign in required');
    await expectToastText(page, 'Please sign in to save your prayers.');
    await page.context().close();
  });

  it('lets a signed-in user save a prayer, listed newest first, on a phone in dark mode', async () => {
    const page = await openPage(browser, { colorScheme: 'dark', viewport: phone });
    const signUp = await page.request.post('/api/auth/signup', {
      data: {
        email: `prayer-${Date.now()}@example.com`,
        password: 'pray-without-ceasing-5-17',
        display_name: 'Hannah',
      },
      headers: { origin: baseURL() },
    });
    expect(signUp.status()).toBe(201);
    await openPrayer(page);
    await page.getByText('Prayers you save will appear here, newest first.').waitFor();

    const save = button(page, 'Save Prayer');
    const textarea = page.getByLabel('Write your own prayer');
    expect(await save.isDisabled()).toBe(true);
    await textarea.fill('   \n  ');
    expect(await save.isDisabled()).toBe(true);

    const first = 'Father, thank You for this morning.';
    const second = 'Lord, give me patience today.\nAnd a gentle <b>heart</b>.';
    await textarea.fill(first);
    await save.click();
    await expectToast(page, 'Prayer Saved');
    await expect.poll(() => textarea.inputValue()).toBe('');
    await textarea.fill(second);
    await save.click();
    await expect
      .poll(() => page.getByRole('list', { name: 'My prayer list' }).getByRole('listitem').count())
      .toBe(2);
    const items = page.getByRole('list', { name: 'My prayer list' }).getByRole('listitem');
    // Newest first, its first line the title and the whole text shown plain with its line breaks.
    expect(await items.nth(0).locator('h4').textContent()).toBe('Lord, give me patience today.');
    expect(await items.nth(0).locator('p.whitespace-pre-wrap').textContent()).toBe(second);
    expect(await items.nth(0).locator('b').count()).toBe(0);
    expect(await items.nth(1).locator('h4').textContent()).toBe(first);
    expect(await items.nth(0).locator('time').getAttribute('datetime')).toMatch(/^\d{4}-/);

    const prayers = await savedPrayers(page);
    expect(prayers.map((prayer) => prayer.details)).toEqual([second, first]);
    for (const prayer of prayers) expect(prayer).toMatchObject({ verse_reference: null });

    // Still listed after a reload.
    await openPrayer(page);
    await expect
      .poll(() => page.getByRole('list', { name: 'My prayer list' }).getByRole('listitem').count())
      .toBe(2);
    await expectAccessible(page);
    await setDark(page, false);
    await expectAccessible(page);
    await page.context().close();
  });

  // docs/product.md §4: the visitor's prayer waited for them and is saved once they have signed in.
  it("saves a visitor's prayer after they sign in from 'Sign in required'", async () => {
    const account = await createAccount('Hannah');
    const page = await openPage(browser);
    const prayer = 'Lord, hold my mother close through the surgery tomorrow.';
    await openPrayer(page);
    await page.getByLabel('Write your own prayer').fill(prayer);
    await button(page, 'Save Prayer').click();
    await expectToast(page, 'Sign in required');
    await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/auth');
    await submitSignIn(page, account.email, account.password);

    await page.waitForURL((url) => url.pathname === '/prayer');
    await expectToast(page, 'Prayer Saved');
    const saved = page.getByRole('list', { name: 'My prayer list' }).getByRole('listitem');
    await saved.filter({ hasText: prayer }).waitFor();
    const entries = await savedPrayers(page);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ title: prayer, details: prayer });
    await expect.poll(() => page.getByLabel('Write your own prayer').inputValue()).toBe('');

    // Once only: a reload does not save it again.
    await openPrayer(page);
    await saved.first().waitFor();
    expect(await saved.count()).toBe(1);
    await page.context().close();
  });
});
