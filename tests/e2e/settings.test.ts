import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '#tests/api-support/unzip.ts';
import { expectToast } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const password = 'quiet-waters-23';

/** Signs a fresh user up through the API; the page's context keeps the session cookie. */
async function signUp(page: Page, name: string): Promise<string> {
  const email = `settings-${name.toLowerCase()}-${Date.now()}@example.com`;
  const response = await page.request.post('/api/auth/signup', {
    data: { email, password, display_name: name },
    headers: { origin: baseURL() },
  });
  expect(response.status()).toBe(201);
  return email;
}

const isDark = () => document.documentElement.classList.contains('dark');

/**
 * Waits for the colour change to finish before axe reads colours: under reduced motion every
 * element still gets a 0.01 ms transition (styles.css), which runs for a frame or more.
 */
async function waitForTransitions(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
}

describe('settings', () => {
  it('edits the profile and reminders, keeps them, exports them and signs out everywhere', async () => {
    // A browser in Chicago: the stored zone is the default UTC, so the page offers Chicago.
    const page = await openPage(browser, { colorScheme: 'light', timezoneId: 'America/Chicago' });
    const email = await signUp(page, 'Lydia');
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();

    // Profile: the e-mail is shown and cannot be edited.
    const emailField = page.getByLabel('Email', { exact: true });
    await expect.poll(() => emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();

    // Checked before any toast appears, so axe looks at this page only, in light and dark.
    await expectAccessible(page);

    // Appearance: the theme applies at once and is kept on this device.
    // Each choice is a card (the radio's label) that a tap anywhere on chooses.
    const theme = page.getByRole('group', { name: 'Theme' });
    expect(await page.evaluate(isDark)).toBe(false);
    await theme.locator('label', { hasText: 'Dark' }).click();
    expect(await theme.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await page.evaluate(isDark)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await waitForTransitions(page);
    await expectAccessible(page);
    await theme.locator('label', { hasText: 'Light' }).click();
    expect(await page.evaluate(isDark)).toBe(false);

    const saveProfile = page.getByRole('button', { name: 'Save changes' });
    expect(await saveProfile.isDisabled()).toBe(true);
    await page.getByLabel('Display name').fill('Lydia of Thyatira');
    await saveProfile.click();
    await expectToast(page, 'Settings Saved');
    await page.getByText('Your profile has been updated.').waitFor();
    // The header shows the new name at once.
    await page.getByRole('banner').getByText('Lydia of Thyatira').waitFor();
    expect(await saveProfile.isDisabled()).toBe(true);

    // Notifications: days, time and zone are editable while journal reminders are on.
    const reminders = page.getByRole('switch', { name: 'Journal reminders' });
    expect(await reminders.isChecked()).toBe(true);
    // The journal reminder's days; the daily reading reminder has days of its own (decision 016).
    const journalDay = (name: string) =>
      page.getByRole('group', { name: 'Reminder days' }).getByRole('button', { name });
    const wednesday = journalDay('Wednesday');
    expect(await wednesday.getAttribute('aria-pressed')).toBe('true');
    const time = page.getByLabel('Reminder time', { exact: true });
    expect(await time.inputValue()).toBe('09:00');
    const zone = page.getByLabel('Time zone');
    expect(await zone.inputValue()).toBe('UTC');
    // Current IANA names, though the browser's own list still has the legacy ones.
    const zoneNames = await zone
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(zoneNames).toContain('Europe/Kyiv');
    expect(zoneNames).toContain('Asia/Kolkata');
    expect(zoneNames).not.toContain('Europe/Kiev');
    expect(zoneNames).not.toContain('Asia/Calcutta');

    // With no day chosen the form explains instead of saving.
    const days = page.getByRole('group', { name: 'Reminder days' }).getByRole('button');
    expect(await days.count()).toBe(7);
    for (const day of await days.all()) await day.click();
    const saveNotifications = page.getByRole('button', { name: 'Save notification settings' });
    await saveNotifications.click();
    await page.getByText('Choose at least one day.').waitFor();
    for (const day of await days.all()) {
      if ((await day.textContent()) !== 'Wednesday') await day.click();
    }
    expect(await page.getByText('Choose at least one day.').count()).toBe(0);

    await time.fill('07:30');
    await page.getByRole('button', { name: 'Use my time zone (America/Chicago)' }).click();
    expect(await zone.inputValue()).toBe('America/Chicago');

    // Turning reminders off keeps the fields visible but disabled.
    await reminders.click();
    expect(await time.isDisabled()).toBe(true);
    expect(await zone.isDisabled()).toBe(true);
    expect(await wednesday.isDisabled()).toBe(true);
    await reminders.click();
    expect(await time.isDisabled()).toBe(false);

    await saveNotifications.click();
    await expectToast(page, 'Settings Saved');
    await page.getByText('Your notification settings have been updated.').waitFor();

    await page.reload();
    await page.getByRole('switch', { name: 'Journal reminders' }).waitFor();
    expect(await journalDay('Wednesday').getAttribute('aria-pressed')).toBe('false');
    expect(await journalDay('Thursday').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel('Reminder time', { exact: true }).inputValue()).toBe('07:30');
    expect(await page.getByLabel('Time zone').inputValue()).toBe('America/Chicago');
    expect(await page.getByLabel('Display name').inputValue()).toBe('Lydia of Thyatira');
    // The zone is no longer the default, so the suggestion is gone.
    expect(await page.getByRole('button', { name: /^Use my time zone/ }).count()).toBe(0);

    // Download my data: a JSON file with the e-mail and the saved settings.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^grounded-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const exported = JSON.parse(await fs.readFile(file, 'utf8')) as {
      profiles: { email: string; display_name: string }[];
      user_settings: {
        reminder_days: string[];
        reminder_time: string;
        reminder_timezone: string;
      }[];
    };
    expect(exported.profiles[0]?.email).toBe(email);
    expect(exported.profiles[0]?.display_name).toBe('Lydia of Thyatira');
    expect(exported.user_settings[0]).toMatchObject({
      reminder_days: ['monday', 'tuesday', 'thursday', 'friday', 'saturday', 'sunday'],
      reminder_time: '07:30:00',
      reminder_timezone: 'America/Chicago',
    });
    await expectToast(page, 'Download started');
    await page.getByText('Your data is being saved as a JSON file.').waitFor();

    await expect
      .poll(() => page.getByRole('link', { name: 'Privacy Policy' }).first().getAttribute('href'))
      .toBe('/privacy-policy');

    // Security: signing out everywhere ends this session too and goes home.
    await page.getByRole('button', { name: 'Sign out of all devices' }).click();
    await page
      .getByRole('dialog', { name: 'Sign out of all devices?' })
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(page, 'Signed out');
    await page.getByText("You've been signed out on every device.").waitFor();
    const session = await page.request.get('/api/auth/session');
    expect(((await session.json()) as { user: unknown }).user).toBeNull();
    await page.context().close();
  });

  it('downloads notes and the rest as a zip of Markdown and of CSV files that open', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    await signUp(page, 'Priscilla');
    const note = await page.request.post('/api/notes', {
      data: {
        book_name: 'John',
        chapter_number: 3,
        verse_number: 16,
        text: 'Loved, and sent',
        tags: ['grace'],
      },
      headers: { origin: baseURL() },
    });
    expect(note.status()).toBe(201);
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();

    const files = async (label: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Download as ${label}` }).click(),
      ]);
      return {
        name: download.suggestedFilename(),
        files: unzip(await fs.readFile(await download.path())),
      };
    };
    const markdown = await files('Markdown');
    expect(markdown.name).toMatch(/^grounded-markdown-\d{4}-\d{2}-\d{2}\.zip$/);
    expect([...markdown.files.keys()]).toEqual([
      'notes.md',
      'highlights.md',
      'journal.md',
      'saved-verses.md',
      'prayers.md',
    ]);
    expect(markdown.files.get('notes.md')?.toString('utf8')).toContain(
      '### John 3:16\n\n> For God so loved the world',
    );
    await expectToast(page, 'Download started');

    const csv = await files('CSV');
    expect(csv.name).toMatch(/^grounded-csv-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(csv.files.get('notes.csv')?.toString('utf8')).toMatch(
      /^\uFEFFreference,book,chapter,verse,end_verse,verse_text,note,tags,created_at,updated_at\r\nJohn 3:16,John,3,16,16,"For God so loved the world,/,
    );
    await page.context().close();
  });

  it('deletes the account only with the right password', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    const email = await signUp(page, 'Dorcas');
    await page.goto('/settings');
    await page.getByLabel('Display name').waitFor();
    expect(await page.evaluate(isDark)).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectAccessible(page);

    const trigger = page.getByRole('button', { name: 'Delete account' });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByText('memory card, testimony, notification, setting').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await expectAccessible(page);

    // Escape closes the dialog and gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe('Delete account');

    await trigger.click();
    await dialog.getByLabel('Password').fill('not-my-password');
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await dialog.getByText('That password is not correct.').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    const session = await page.request.get('/api/auth/session');
    expect(((await session.json()) as { user: unknown }).user).not.toBeNull();

    await dialog.getByLabel('Password').fill(password);
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(page, 'Account deleted');
    await page.getByText('Your account and all of your data have been erased.').waitFor();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();

    const signIn = await page.request.post('/api/auth/signin', {
      data: { email, password },
      headers: { origin: baseURL() },
    });
    expect(signIn.status()).toBe(401);
    await page.context().close();
  });
});
