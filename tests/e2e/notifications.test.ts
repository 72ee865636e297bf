import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, RunRemindersResponse } from '#shared/schemas/notifications.ts';
import { uniqueEmail } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, desktop, launchBrowser, openPage, phone } from './support/browser.ts';

const timezoneId = 'Asia/Kolkata';
const allDays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

// One account for the whole file: sign-ups are limited per address (20 an hour) and the suite
// already makes most of them. The specs run in order and each builds on the account's state.
let browser: Browser;
const account = {
  email: uniqueEmail(),
  password: 'morning-by-morning-3',
  displayName: 'Hannah',
};
beforeAll(async () => {
  browser = await launchBrowser();
  const page = await openPage(browser);
  const signUp = await page.request.post('/api/auth/signup', {
    data: { email: account.email, password: account.password, display_name: account.displayName },
    headers: { origin: baseURL() },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  // At once, so that the server's own minute-by-minute scheduler (defaults: 09:00 UTC, daily
  // verse on) has no time to add a notification the first spec does not expect.
  const settings = await page.request.patch('/api/settings', {
    data: {
      reminder_timezone: timezoneId,
      reminder_time: '07:30',
      reminder_days: allDays,
      daily_verse_notifications: false,
    },
    headers: { origin: baseURL() },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  await page.context().close();
});
afterAll(async () => {
  await browser.close();
});

/** Signs the page's context in through the API; the context keeps the session cookie. */
async function signIn(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/signin', {
    data: { email: account.email, password: account.password },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function post(page: Page, path: string, data: unknown = {}) {
  const response = await page.request.post(path, { data, headers: { origin: baseURL() } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return response;
}

/** Tomorrow at 07:30 in Kolkata (UTC+05:30, no DST), as an instant. */
function tomorrowAtReminderTime(): Date {
  const offset = (5 * 60 + 30) * 60_000;
  const local = new Date(Date.now() + offset);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1, 7, 30) - offset,
  );
}

const badgeFor = (count: number) => (count > 99 ? '99+' : String(count));

async function unreadCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/notifications/unread-count');
  return ((await response.json()) as { unread_count: number }).unread_count;
}

function header(page: Page): Locator {
  return page.getByRole('banner');
}

function bell(page: Page): Locator {
  return header(page).getByRole('button', { name: /^Notifications/ });
}

function badge(page: Page): Locator {
  return header(page).getByTestId('notification-badge');
}

function menu(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Notifications' });
}

function items(page: Page): Locator {
  return menu(page).getByRole('listitem').getByRole('button');
}

async function expectBell(page: Page, unread: number, badgeText: string | null): Promise<void> {
  const name = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  await header(page).getByRole('button', { name, exact: true }).waitFor();
  if (badgeText === null) expect(await badge(page).count()).toBe(0);
  else expect((await badge(page).textContent())?.trim()).toBe(badgeText);
}

type Box = { x: number; y: number; width: number; height: number };

function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, width) * Math.max(0, height);
}

async function expectBadgeBesideBell(page: Page): Promise<void> {
  const icon = await bell(page).locator('svg').boundingBox();
  const badgeBox = await badge(page).boundingBox();
  const account = await header(page)
    .getByRole('button', { name: /^Account menu/ })
    .boundingBox();
  if (!icon || !badgeBox || !account)
    throw new Error('The bell, its badge or the account menu has no box');
  expect(overlapArea(icon, badgeBox) / (icon.width * icon.height)).toBeLessThan(0.25);
  expect(overlapArea(account, badgeBox)).toBe(0);
}

async function setDark(page: Page, isDark: boolean): Promise<void> {
  await page.emulateMedia({ colorScheme: isDark ? 'dark' : 'light' });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(isDark);
  // Under reduced motion every element still gets a 0.01 ms transition (styles.css).
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
}

describe('notification bell', () => {
  it("shows the reminder due at the user's time without a reload, and 'Mark all read' clears it", async () => {
    const page = await openPage(browser, { timezoneId, colorScheme: 'light' });
    await signIn(page);

    // The browser believes it is tomorrow, two minutes after the reminder time.
    const at = tomorrowAtReminderTime();
    await page.clock.install({ time: new Date(at.getTime() + 2 * 60_000) });
    await page.goto('/');

    // product §4: signing up created the initial journal reminder.
    await expectBell(page, 1, '1');
    await bell(page).click();
    await menu(page).waitFor();
    expect(await items(page).count()).toBe(1);
    const initial = items(page).first();
    expect(await initial.textContent()).toContain('Time to journal');
    expect(await initial.locator('[data-icon="heart"]').count()).toBe(1);
    await initial.getByText('Unread', { exact: true }).waitFor();
    await menu(page).getByRole('button', { name: 'Mark all read' }).click();
    await menu(page).waitFor({ state: 'hidden' });
    await expectBell(page, 0, null);

    // The server's scheduler runs as of 07:30 tomorrow in Kolkata: today's reminder is due.
    const run = await post(page, '/api/dev/reminders/run', { at: at.toISOString() });
    const { created } = (await run.json()) as RunRemindersResponse;
    expect(created.map(({ type, title }) => ({ type, title }))).toEqual([
      { type: 'journal_reminder', title: 'Time to journal' },
    ]);

    // The minute's poll finds it: no reload.
    await page.clock.runFor(60_000);
    await expectBell(page, 1, '1');
    await bell(page).click();
    await menu(page).waitFor();
    await expect.poll(() => items(page).count()).toBe(2);
    const reminder = items(page).first();
    expect(await reminder.textContent()).toContain('Time to journal');
    expect(await reminder.locator('[data-icon="heart"]').count()).toBe(1);
    expect(await reminder.locator('time').textContent()).toBe('7:30 AM');
    await reminder.getByText('Unread', { exact: true }).waitFor();
    // The one read before is dimmed and has no dot.
    expect(await items(page).nth(1).getByText('Unread', { exact: true }).count()).toBe(0);
    await expectAccessible(page);

    await menu(page).getByRole('button', { name: 'Mark all read' }).click();
    await menu(page).waitFor({ state: 'hidden' });
    await expectBell(page, 0, null);
    // Focus goes back to the bell (a frame after the panel is hidden, at most).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Notifications');

    const counted = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/notifications/unread-count',
    );
    await page.reload();
    await counted;
    await expectBell(page, 0, null);

    // Clicking a notification follows its link and closes the menu.
    await bell(page).click();
    await items(page).first().click();
    await page.waitForURL((url) => url.pathname === '/journal');
    expect(await menu(page).count()).toBe(0);
    await page.context().close();
  });

  it("shows '99+', pages with 'Load more', works by keyboard, at 390 and 1280 px in both themes", async () => {
    const page = await openPage(browser, { timezoneId, viewport: phone, colorScheme: 'light' });
    await signIn(page);
    for (let index = 0; index < 100; index += 1) {
      await post(page, '/api/notifications/test');
    }
    await page.goto('/');
    await expectBell(page, 100, '99+');
    // At 390 px the '99+' badge leaves the bell visible and stays clear of the next control.
    await expectBadgeBesideBell(page);

    for (const viewport of [phone, desktop]) {
      await page.setViewportSize(viewport);
      for (const isDark of [false, true]) {
        await setDark(page, isDark);
        await bell(page).click();
        await menu(page).waitFor();
        await expect.poll(() => items(page).count()).toBe(20);
        // Newest first: the reminder made for tomorrow's 07:30, then the test notifications.
        expect(await items(page).first().textContent()).toContain('Time to journal');
        const test = items(page).nth(1);
        expect(await test.textContent()).toContain('Test notification');
        expect(await test.locator('[data-icon="bell"]').count()).toBe(1);
        await test.getByText('Unread', { exact: true }).waitFor();
        // The menu fits on the screen.
        const box = await menu(page).boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewport.width).toBe(
          true,
        );
        await expectAccessible(page);
        await page.keyboard.press('Escape');
        await menu(page).waitFor({ state: 'hidden' });
      }
    }

    // Keyboard: Enter opens on the newest, arrows move, Escape returns to the bell.
    await bell(page).focus();
    await page.keyboard.press('Enter');
    await menu(page).waitFor();
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focusedText).toContain('Time to journal');
    await page.keyboard.press('ArrowDown');
    expect(
      await items(page)
        .nth(1)
        .evaluate((item) => item === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(
      await items(page)
        .first()
        .evaluate((item) => item === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('End');
    expect(await focusedText()).toBe('Load more');
    await page.keyboard.press('Enter');
    await expect.poll(() => items(page).count()).toBe(40);
    // Focus carries on from the first of the older ones.
    await expect
      .poll(() =>
        items(page)
          .nth(20)
          .evaluate((item) => item === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await menu(page).waitFor({ state: 'hidden' });
    // Focus goes back to the bell as the panel closes, which may be a frame after it is hidden.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Notifications, 100 unread');

    // Clicking one marks it read at once; it has no link, so the page stays.
    await bell(page).click();
    await items(page).nth(1).click();
    await menu(page).waitFor({ state: 'hidden' });
    await expectBell(page, 99, '99');
    expect(new URL(page.url()).pathname).toBe('/');

    await bell(page).click();
    await menu(page).getByRole('button', { name: 'Mark all read' }).click();
    await expectBell(page, 0, null);
    await bell(page).click();
    await menu(page).getByText('Test notification').first().waitFor();
    expect(await menu(page).getByRole('button', { name: 'Mark all read' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('notifications on this device', () => {
  it('shows a newly arrived notification with the Notification API, never the backlog', async () => {
    const page = await openPage(browser, {
      timezoneId,
      permissions: ['notifications'],
      serviceWorkers: 'allow',
    });
    // Records what the app asks the browser to show, by either route it may take.
    await page.addInitScript(() => {
      const shown: string[] = [];
      Object.assign(window, { shownNotifications: shown });
      const Original = window.Notification;
      const Recording = function (title: string, options?: NotificationOptions) {
        shown.push(title);
        return new Original(title, options);
      } as unknown as typeof Notification;
      Object.defineProperty(Recording, 'permission', { get: () => Original.permission });
      Object.defineProperty(Recording, 'requestPermission', {
        value: Original.requestPermission.bind(Original),
      });
      window.Notification = Recording;
      const showNotification = ServiceWorkerRegistration.prototype.showNotification;
      ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
        shown.push(title);
        return showNotification.call(this, title, options);
      };
    });
    const shown = () =>
      page.evaluate(
        () => (window as unknown as { shownNotifications: string[] }).shownNotifications,
      );

    await signIn(page);
    await page.clock.install({ time: new Date() });
    const listed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/notifications',
    );
    await page.goto('/settings');
    await listed;
    const optIn = page.getByRole('switch', { name: 'Show notifications on this device' });
    expect(await optIn.isChecked()).toBe(false);
    await optIn.click();
    await expect.poll(() => optIn.isChecked()).toBe(true);
    await page
      .getByText(
        'Push notifications are not configured on this server, so notifications appear only while Grounded is open.',
      )
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('grounded.device-notifications'))).toBe(
      'on',
    );
    await expectAccessible(page);

    const unreadBefore = await unreadCount(page);
    const created = (await (await post(page, '/api/notifications/test')).json()) as Notification;
    await page.clock.runFor(60_000);
    await expect.poll(shown).toEqual([created.title]);

    // Off: nothing more is shown.
    await optIn.click();
    await expect.poll(() => optIn.isChecked()).toBe(false);
    await post(page, '/api/notifications/test');
    await page.clock.runFor(60_000);
    await expectBell(page, unreadBefore + 2, badgeFor(unreadBefore + 2));
    expect(await shown()).toEqual([created.title]);
    await page.context().close();
  });

  it('registers the service worker and the manifest; unknown pages still get a 404', async () => {
    const page = await openPage(browser, { serviceWorkers: 'allow' });
    await page.goto('/');
    const scriptURL = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null,
    );
    expect(scriptURL).toBe(`${baseURL()}/sw.js`);

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Grounded', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }

    // The worker controls the page now; navigations still reach the server.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await page.getByText('Oops! Page not found').waitFor();
    await page.context().close();
  });
});
