import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from './support/a11y-page.ts';
import { expectToast, signUpInPage } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, desktop, launchBrowser, openPage, phone } from './support/browser.ts';

// Streaks and the daily reading reminder (decision 016), with the home page's Today card: a
// chapter read counts the day, on the home page and on /plans;
// the rest day and the reminder are kept; the screens pass axe in both themes and widths.

let browser: Browser;
/** The new member's cookie, for the accessibility checks. */
let memberState: NonNullable<BrowserContextOptions['storageState']>;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The row of the streak's table (for screen readers) of the month holding today. */
function thisMonthRow(page: Page) {
  return page
    .getByRole('table', { name: 'Days that counted in the last 12 months' })
    .getByRole('row')
    .last();
}

describe('a streak day', () => {
  it('counts a chapter read, on the home page and on /plans', async () => {
    const page = await openPage(browser);
    await signUpInPage(page, 'Tabitha');

    // Before reading: nothing counts, and the Today card invites a plan.
    await page.goto('/');
    const today = page.getByRole('region', { name: 'Today' });
    await today.getByRole('link', { name: 'Pick a plan' }).waitFor();
    await today.getByRole('link', { name: 'Streak: 0 days' }).waitFor();

    // A plan followed from today: its first readings are on the home page, links to the reader.
    const follow = await page.request.post('/api/my-plans', {
      data: { plan_id: 'gospels-30' },
      headers: { origin: baseURL() },
    });
    expect(follow.status(), await follow.text()).toBe(201);
    await page.reload();
    await today.getByRole('heading', { name: 'The Gospels in 30 Days' }).waitFor();
    await today.getByRole('link', { name: 'Matthew 1', exact: true }).click();

    // The reader saves the chapter as read once it is open (docs/product.md §4, Reader position).
    await page.waitForURL((url) => url.pathname === '/read-bible');
    await page.getByRole('heading', { level: 2, name: 'Matthew 1', exact: true }).waitFor();
    await page
      .getByRole('button', { name: /Chapters Read/ })
      .filter({ hasText: /^1\s*Chapters Read/ })
      .waitFor();

    // Back home, the reading is ticked and the day counts.
    await page.goto('/');
    await today.getByRole('link', { name: 'Matthew 1 (read)' }).waitFor();
    await today.getByRole('link', { name: 'Streak: 1 day, today counted' }).click();
    await page.waitForURL((url) => url.pathname === '/plans');

    const streak = page.getByRole('region', { name: 'Your streak' });
    await streak.getByText('Today counts.').waitFor();
    expect(await streak.getByText('Current streak').locator('xpath=..').textContent()).toContain(
      '1 day',
    );
    expect(await streak.getByText('Longest streak').locator('xpath=..').textContent()).toContain(
      '1 day',
    );
    const row = thisMonthRow(page);
    expect(await row.getByRole('cell').first().textContent()).toBe('1 day');
    expect(await row.getByRole('cell').last().textContent()).toMatch(/^\d+ \(today\)$/);
    // The table for screen readers is out of sight, and never wider than the smallest screen.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);

    memberState = await page.context().storageState();
    await page.context().close();
  });
});

describe('the rest day and the daily reading reminder', () => {
  it('are saved in Settings and kept after a reload', async () => {
    const page = await openPage(browser);
    await signUpInPage(page, 'Dorcas');
    await page.goto('/settings#streak-rest-day');

    const restDay = page.getByRole('combobox', { name: 'Rest day' });
    expect(await restDay.inputValue()).toBe('none');
    await restDay.selectOption({ label: 'Sunday' });
    await page.getByRole('button', { name: 'Save rest day' }).click();
    await expectToast(page, 'Settings Saved');
    await page.getByText('Your streak rest day has been updated.').waitFor();

    const reminder = page.getByRole('region', { name: 'Daily reading reminder' });
    const time = reminder.getByLabel('Reading reminder time');
    expect(await time.isDisabled()).toBe(true);
    await reminder.getByRole('switch', { name: 'Reading reminders' }).check();
    await time.fill('06:30');
    await reminder.getByRole('button', { name: 'Saturday' }).click();
    await reminder.getByRole('button', { name: 'Sunday' }).click();
    await reminder.getByRole('button', { name: 'Save reading reminder' }).click();
    await page.getByText('Your daily reading reminder has been updated.').waitFor();

    await page.reload();
    // The cards' insides come with their own code and data, after the screen.
    await restDay.waitFor();
    await time.waitFor();
    expect(await restDay.inputValue()).toBe('sunday');
    expect(await time.inputValue()).toBe('06:30');
    expect(await reminder.getByRole('switch', { name: 'Reading reminders' }).isChecked()).toBe(
      true,
    );
    const pressed = async (day: string) =>
      reminder.getByRole('button', { name: day }).getAttribute('aria-pressed');
    expect(await pressed('Monday')).toBe('true');
    expect(await pressed('Saturday')).toBe('false');
    expect(await pressed('Sunday')).toBe('false');

    // The streak names it.
    await page.goto('/plans');
    await page.getByText('Rest day: Sunday. It never breaks your streak.').waitFor();
    await page.context().close();
  });
});

describe.each([
  { theme: 'light', width: 'phone' },
  { theme: 'light', width: 'desktop' },
  { theme: 'dark', width: 'phone' },
  { theme: 'dark', width: 'desktop' },
] as const)('accessibility, $theme, $width', ({ theme, width }) => {
  it('the home page with the Today card, /plans with the streak, and Settings', async () => {
    const page = await openPage(browser, {
      viewport: width === 'phone' ? phone : desktop,
      colorScheme: theme,
      storageState: memberState,
    });
    await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);

    await page.goto('/');
    await page
      .getByRole('region', { name: 'Today' })
      .getByRole('link', { name: /^Streak: 1 day/ })
      .waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });

    await page.goto('/plans');
    await page.getByRole('region', { name: 'Your streak' }).getByText('Current streak').waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });

    await page.goto('/settings');
    await page.getByRole('combobox', { name: 'Rest day' }).waitFor();
    await page.getByRole('switch', { name: 'Reading reminders' }).waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await page.context().close();
  });
});
