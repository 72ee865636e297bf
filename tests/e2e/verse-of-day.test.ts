import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayReference } from '#shared/bible/references.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import type { DailyVerseResponse, SavedVerse } from '#shared/schemas/verses.ts';
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

/** UTC+14: for most of the day its date is not the server's (UTC) date. */
const timezoneId = 'Pacific/Kiritimati';

/** Today in the zone, written as the page writes it, and its day of the year (1–366). */
function todayIn(timeZone: string): { longDate: string; day: number; isoDate: string } {
  const now = new Date();
  const longDate = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(now);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      timeZone,
    })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  );
  const year = parts.year ?? 0;
  const day =
    (Date.UTC(year, (parts.month ?? 1) - 1, parts.day ?? 1) - Date.UTC(year, 0, 1)) / 86_400_000 +
    1;
  const isoDate = [year, parts.month ?? 1, parts.day ?? 1]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return { longDate, day, isoDate };
}

/** The day of the year (1–366) of a calendar day written '2026-03-01'. */
function dayOfYearOf(isoDate: string): number {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return (Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000 + 1;
}

async function expectToastText(page: Page, description: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: description }).first().waitFor();
}

async function setDark(page: Page, isDark: boolean): Promise<void> {
  await page.emulateMedia({ colorScheme: isDark ? 'dark' : 'light' });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(isDark);
}

function scripture(page: Page) {
  return page.getByRole('region', { name: "Today's Scripture" });
}

/**
 * Opens the page and waits for the verse of the visitor's own day (`isoDate`, today in the
 * tests' zone unless told): the server draws its own day's, which the app replaces when the
 * visitor's differs. Returns that day of the year.
 */
async function openVerseOfDay(page: Page, isoDate = todayIn(timezoneId).isoDate): Promise<number> {
  await page.goto('/verse-of-day');
  await page.getByRole('heading', { level: 1, name: 'Verse of the Day' }).waitFor();
  await scripture(page).locator(`time[datetime="${isoDate}"]`).waitFor();
  await scripture(page).locator('blockquote').waitFor();
  return dayOfYearOf(isoDate);
}

function button(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true });
}

describe('/verse-of-day', () => {
  it("shows the visitor's own day and prompts for an account to keep it", async () => {
    const page = await openPage(browser, { colorScheme: 'light', timezoneId });
    const today = todayIn(timezoneId);
    const day = await openVerseOfDay(page);
    expect(day).toBe(today.day);
    const verse = (await (
      await page.request.get(`/api/verses/daily/${today.day}`)
    ).json()) as DailyVerseResponse;

    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await page.getByText(today.longDate, { exact: true }).waitFor();
    await page.getByRole('heading', { name: "Today's Scripture" }).waitFor();
    expect(await scripture(page).locator('blockquote').textContent()).toBe(`“${verse.text}”`);
    await page.getByText(`${displayReference(verse.reference)} (KJV)`).waitFor();
    await page.getByText("Today's theme").waitFor();
    await page.getByText(verse.theme, { exact: true }).waitFor();
    const notifications = page.getByRole('region', { name: 'Daily Notifications' });
    await notifications
      .getByText("Receive a daily verse notification to start your morning with God's Word")
      .waitFor();

    await expectAccessible(page);
    await setDark(page, true);
    await expectAccessible(page);
    await setDark(page, false);

    await button(page, 'Save Verse').click();
    await expectToast(page, 'Sign in required');
    await expectToastText(page, 'Please sign in to save verses.');
    await button(page, 'Download Image').click();
    await expectToastText(page, 'Please sign in to download verse images.');
    await notifications.getByRole('button', { name: 'Enable' }).click();
    await expectToastText(page, 'Please sign in to enable daily verse notifications.');

    await button(page, 'Reflect & Journal').click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await expectToast(page, 'Sign in required');
    await expectToastText(page, 'Please sign in to access your journal.');
    await page.context().close();
  });

  it('lets a signed-in user save, download, reflect and turn on the daily notification', async () => {
    const page = await openPage(browser, { colorScheme: 'light', timezoneId });
    const signUp = await page.request.post('/api/auth/signup', {
      data: {
        email: `verse-of-day-${Date.now()}@example.com`,
        password: 'be-strong-and-courageous-1-9',
        display_name: 'Joshua',
      },
      headers: { origin: baseURL() },
    });
    expect(signUp.status()).toBe(201);
    const today = todayIn(timezoneId);
    await openVerseOfDay(page);
    const verse = (await (
      await page.request.get(`/api/verses/daily/${today.day}`)
    ).json()) as DailyVerseResponse;

    await button(page, 'Save Verse').click();
    await expectToast(page, 'Verse Saved');
    await expectToastText(page, "Today's verse has been saved to your collection.");
    await button(page, 'Saved').waitFor();
    const saved = (
      (await (await page.request.get('/api/saved-verses')).json()) as { items: SavedVerse[] }
    ).items;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      text: verse.text,
      reference: verse.reference,
      theme: verse.theme,
      emotion_tag: 'daily verse',
      custom_note: `Verse of the day for ${today.longDate}`,
    });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      button(page, 'Download Image').click(),
    ]);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([800, 800]);
    await expectToast(page, 'Image Downloaded');

    // A new account starts with the daily notification on (product §9); off, then on again, and
    // each state survives a reload.
    const notifications = () => page.getByRole('region', { name: 'Daily Notifications' });
    await notifications().getByText('Enabled', { exact: true }).waitFor();
    await notifications().getByRole('button', { name: 'Turn off' }).click();
    await expectToast(page, 'Settings Saved');
    await notifications().getByRole('button', { name: 'Enable' }).waitFor();
    await openVerseOfDay(page);
    await notifications().getByRole('button', { name: 'Enable' }).waitFor();
    expect(await notifications().getByText('Enabled', { exact: true }).count()).toBe(0);
    await notifications().getByRole('button', { name: 'Enable' }).click();
    await expectToast(page, 'Settings Saved');
    await notifications().getByText('Enabled', { exact: true }).waitFor();
    await openVerseOfDay(page);
    await notifications().getByText('Enabled', { exact: true }).waitFor();
    const settings = (await (await page.request.get('/api/settings')).json()) as UserSettings;
    expect(settings.daily_verse_notifications).toBe(true);

    await expectAccessible(page);

    await button(page, 'Reflect & Journal').click();
    await page.waitForURL(
      (url) => url.pathname === '/journal' && url.searchParams.get('verse') === verse.reference,
    );
    expect(page.url()).toContain(`/journal?verse=${encodeURIComponent(verse.reference)}`);
    await page.context().close();
  });

  it('keeps the verse saved once: after a reload the button says Saved', async () => {
    const page = await openPage(browser, { colorScheme: 'light', timezoneId });
    const signUp = await page.request.post('/api/auth/signup', {
      data: {
        email: `verse-of-day-once-${Date.now()}@example.com`,
        password: 'be-strong-and-courageous-1-9',
        display_name: 'Caleb',
      },
      headers: { origin: baseURL() },
    });
    expect(signUp.status()).toBe(201);
    await openVerseOfDay(page);
    await button(page, 'Save Verse').click();
    await expectToast(page, 'Verse Saved');
    await button(page, 'Saved').waitFor();

    await openVerseOfDay(page);
    await button(page, 'Saved').waitFor();
    expect(await button(page, 'Save Verse').count()).toBe(0);
    const saved = (
      (await (await page.request.get('/api/saved-verses')).json()) as { items: SavedVerse[] }
    ).items;
    expect(saved).toHaveLength(1);

    await page.goto('/saved-verses');
    const cards = page.getByRole('list', { name: 'Saved verses' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    await page.context().close();
  });

  it('saves the verse after a visitor signs in from the prompt', async () => {
    const account = await createAccount('Deborah');
    const page = await openPage(browser, { colorScheme: 'light', timezoneId });
    const today = todayIn(timezoneId);
    await openVerseOfDay(page);
    const verse = (await (
      await page.request.get(`/api/verses/daily/${today.day}`)
    ).json()) as DailyVerseResponse;

    await button(page, 'Save Verse').click();
    await expectToastText(page, 'Please sign in to save verses.');
    await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await submitSignIn(page, account.email, account.password);

    // Back on today's verse, and it is saved.
    await page.waitForURL((url) => url.pathname === '/verse-of-day');
    await page.getByText(`${displayReference(verse.reference)} (KJV)`).waitFor();
    await expectToast(page, 'Verse Saved');
    await button(page, 'Saved').waitFor();
    const saved = (
      (await (await page.request.get('/api/saved-verses')).json()) as { items: SavedVerse[] }
    ).items;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      reference: verse.reference,
      theme: verse.theme,
      emotion_tag: 'daily verse',
      custom_note: `Verse of the day for ${today.longDate}`,
    });

    // Only once: coming back later does not save or announce it again.
    await openVerseOfDay(page);
    await button(page, 'Saved').waitFor();
    expect(
      ((await (await page.request.get('/api/saved-verses')).json()) as { items: SavedVerse[] })
        .items,
    ).toHaveLength(1);
    await page.context().close();
  });

  it('downloads, or turns the daily notification on, after a visitor signs in from the prompt', async () => {
    const account = await createAccount('Caleb');
    const page = await openPage(browser, { colorScheme: 'light', timezoneId });
    const signInFromToast = async (description: string) => {
      await expectToastText(page, description);
      await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await submitSignIn(page, account.email, account.password);
    };

    // Download Image: back on the verse, the image is made and saved.
    await openVerseOfDay(page);
    await button(page, 'Download Image').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      signInFromToast('Please sign in to download verse images.'),
    ]);
    expect(page.url()).toContain('/verse-of-day');
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    await expectToast(page, 'Image Downloaded');

    // Enable: with the notification off on the account, a visitor's Enable turns it on.
    const off = await page.request.patch('/api/settings', {
      data: { daily_verse_notifications: false },
      headers: { origin: baseURL() },
    });
    expect(off.status()).toBe(200);
    await page.request.post('/api/auth/signout', { headers: { origin: baseURL() } });
    await openVerseOfDay(page);
    const notifications = page.getByRole('region', { name: 'Daily Notifications' });
    await notifications.getByRole('button', { name: 'Enable' }).click();
    await signInFromToast('Please sign in to enable daily verse notifications.');
    await page.waitForURL((url) => url.pathname === '/verse-of-day');
    await expectToast(page, 'Settings Saved');
    await notifications.getByText('Enabled', { exact: true }).waitFor();
    const settings = (await (await page.request.get('/api/settings')).json()) as UserSettings;
    expect(settings.daily_verse_notifications).toBe(true);
    await page.context().close();
  });

  it('moves on to the next verse at local midnight while the page stays open', async () => {
    const page = await openPage(browser, { timezoneId });
    // Half a minute before midnight on Sunday, March 1, 2026 (day 60) in Kiritimati (UTC+14).
    await page.clock.install({ time: new Date('2026-03-01T23:59:30+14:00') });
    expect(await openVerseOfDay(page, '2026-03-01')).toBe(60);
    await page.getByText('Sunday, March 1, 2026', { exact: true }).waitFor();
    const next = (await (
      await page.request.get('/api/verses/daily/61')
    ).json()) as DailyVerseResponse;
    const [response] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/verses/daily/61')),
      page.clock.fastForward('01:00'),
    ]);
    expect(response.status()).toBe(200);
    await page.getByText('Monday, March 2, 2026', { exact: true }).waitFor();
    await page.getByText(`${displayReference(next.reference)} (KJV)`).waitFor();

    // A device asleep overnight fires no timer: coming back to the tab checks the date again.
    await page.clock.setSystemTime(new Date('2026-03-03T10:00:00+14:00'));
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/verses/daily/62')),
      page.evaluate(() => document.dispatchEvent(new Event('visibilitychange'))),
    ]);
    await page.getByText('Tuesday, March 3, 2026', { exact: true }).waitFor();
    await page.context().close();
  });

  it('fits a phone in dark mode', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark', timezoneId });
    await openVerseOfDay(page);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await expectAccessible(page);
    await page.context().close();
  });
});
