// Translations (decision 015) outside the reader: a member's translation chosen in Settings is the one the verse of
// the day shows, and a verse saved in one translation is shown in it on /saved-verses and can
// be read in another there.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayReference } from '#shared/bible/references.ts';
import type { PassageResponse } from '#shared/schemas/bible.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import type { DailyVerseResponse, SavedVerse } from '#shared/schemas/verses.ts';
import { expectToast, signUpInPage } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import {
  baseURL,
  collectErrors,
  desktop,
  launchBrowser,
  openPage,
  phone,
} from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Set to a folder to keep screenshots of the new parts at both widths and in both themes. */
const screenshotDir = process.env.TRANSLATION_SCREENSHOTS;

async function screenshot(target: Locator, name: string): Promise<void> {
  if (!screenshotDir) return;
  fs.mkdirSync(screenshotDir, { recursive: true });
  await target.screenshot({
    path: path.join(screenshotDir, `${name}.png`),
    animations: 'disabled',
  });
}

async function setDark(page: Page, isDark: boolean): Promise<void> {
  await page.emulateMedia({ colorScheme: isDark ? 'dark' : 'light' });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(isDark);
}

async function passageText(page: Page, reference: string, translation: string): Promise<string> {
  const response = await page.request.get(
    `/api/bible/passage?${new URLSearchParams({ reference, translation }).toString()}`,
  );
  expect(response.status()).toBe(200);
  const passage = (await response.json()) as PassageResponse;
  return passage.verses.map((verse) => verse.text).join(' ');
}

function translationCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Bible translation' });
}

describe('the translation a member chooses', () => {
  it('is saved from Settings, and the verse of the day is shown in it', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    const errors = collectErrors(page);
    await signUpInPage(page, 'Priscilla');
    await page.goto('/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const card = translationCard(page);
    const kjv = card.getByRole('radio', { name: /King James Version/ });
    await expect.poll(() => kjv.isChecked()).toBe(true);

    // The keyboard chooses, as with any radios: the arrow moves to the World English Bible.
    await kjv.focus();
    await page.keyboard.press('ArrowRight');
    await expectToast(page, 'Settings Saved');
    await page.getByText('Verses will be shown in the World English Bible.').waitFor();
    expect(await card.getByRole('radio', { name: /World English Bible/ }).isChecked()).toBe(true);
    const settings = (await (await page.request.get('/api/settings')).json()) as UserSettings;
    expect(settings.translation).toBe('web');
    await expectAccessible(page);

    // The verse of the day is in the WEB and says so (the server draws it in the translation
    // the device's cookie names; the app asks for it if not).
    await page.goto('/verse-of-day');
    const scripture = page.getByRole('region', { name: "Today's Scripture" });
    await scripture.getByText(/\(WEB\)$/).waitFor();
    const shownDate = await scripture.locator('time').getAttribute('datetime');
    const [year = 0, month = 1, date = 1] = (shownDate ?? '').split('-').map(Number);
    const day = (Date.UTC(year, month - 1, date) - Date.UTC(year, 0, 1)) / 86_400_000 + 1;
    const verse = (await (
      await page.request.get(`/api/verses/daily/${day}?translation=web`)
    ).json()) as DailyVerseResponse;
    expect(verse.translation).toBe('web');
    await scripture.getByText(`${displayReference(verse.reference)} (WEB)`).waitFor();
    expect(await scripture.locator('blockquote').textContent()).toBe(`“${verse.text}”`);
    const kjvVerse = (await (
      await page.request.get(`/api/verses/daily/${verse.day}`)
    ).json()) as DailyVerseResponse;
    expect(kjvVerse.reference).toBe(verse.reference);

    // Another device of the same member (no copy of the choice on it yet) follows the settings.
    const other = await browser.newContext({ baseURL: baseURL(), viewport: phone });
    await other.addCookies(await page.context().cookies());
    const phonePage = await other.newPage();
    await phonePage.goto('/verse-of-day');
    await phonePage
      .getByRole('region', { name: "Today's Scripture" })
      .getByText(`${displayReference(verse.reference)} (WEB)`)
      .waitFor();
    await other.close();

    // Back to the KJV from Settings.
    await page.goto('/settings');
    // The radio is the label's (drawn as a card): a press on the card chooses it.
    await translationCard(page).getByText('King James Version').click();
    await page.getByText('Verses will be shown in the King James Version.').waitFor();
    await page.goto('/verse-of-day');
    await scripture.getByText(`${displayReference(verse.reference)} (KJV)`).waitFor();
    expect(await scripture.locator('blockquote').textContent()).toBe(`“${kjvVerse.text}”`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('a verse saved in the WEB', () => {
  it('is shown in the WEB on /saved-verses, and can be read in the KJV and back', async () => {
    const page = await openPage(browser, { colorScheme: 'light', viewport: desktop });
    const errors = collectErrors(page);
    await signUpInPage(page, 'Aquila');
    const webText = await passageText(page, 'John 3:16', 'web');
    const kjvText = await passageText(page, 'John 3:16', 'kjv');
    expect(webText).not.toBe(kjvText);
    const saved = await page.request.post('/api/saved-verses', {
      data: { text: webText, reference: 'John 3:16', theme: 'Love', translation: 'web' },
      headers: { origin: baseURL() },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    expect(((await saved.json()) as SavedVerse).translation).toBe('web');

    await page.goto('/saved-verses');
    await page.getByRole('article', { name: 'John 3:16 (WEB)' }).waitFor();
    // The card's name follows the translation shown: found by its reference from here on.
    const card = page.getByRole('article', { name: /^John 3:16 / });
    const quote = card.locator('blockquote');
    expect(await quote.textContent()).toBe(`“${webText}”`);
    const choice = card.getByRole('group', { name: 'Read John 3:16 in' });
    expect(await choice.getByRole('button', { name: 'WEB' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expectAccessible(page);

    // With the keyboard: Tab reaches the switch, Enter reads the verse in the KJV.
    await choice.getByRole('button', { name: 'KJV' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => quote.textContent()).toBe(`“${kjvText}”`);
    await card.getByRole('heading', { level: 2, name: 'John 3:16 (KJV)' }).waitFor();
    expect(await choice.getByRole('button', { name: 'KJV' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await card.getByText('You saved this verse in the World English Bible.').waitFor();

    // The ASV, then back to the words that were saved.
    await choice.getByRole('button', { name: 'ASV' }).click();
    const asvText = await passageText(page, 'John 3:16', 'asv');
    await expect.poll(() => quote.textContent()).toBe(`“${asvText}”`);
    await choice.getByRole('button', { name: 'WEB' }).press(' ');
    await expect.poll(() => quote.textContent()).toBe(`“${webText}”`);
    await card.getByRole('heading', { level: 2, name: 'John 3:16 (WEB)' }).waitFor();

    // The saved copy is untouched: still the WEB's words.
    const list = (await (await page.request.get('/api/saved-verses')).json()) as {
      items: SavedVerse[];
    };
    expect(list.items.map((item) => [item.reference, item.translation, item.text])).toEqual([
      ['John 3:16', 'web', webText],
    ]);
    expect(errors).toEqual([]);

    if (screenshotDir) {
      // The card and the Settings choice at both widths, in both themes, to look at.
      await page.goto('/settings');
      const settingsCard = translationCard(page);
      await settingsCard.getByText('World English Bible').click();
      await page.getByText('Verses will be shown in the World English Bible.').waitFor();
      for (const [width, viewport] of [
        ['390', phone],
        ['1280', desktop],
      ] as const) {
        await page.setViewportSize(viewport);
        for (const isDark of [false, true]) {
          await setDark(page, isDark);
          const theme = isDark ? 'dark' : 'light';
          await page.goto('/saved-verses');
          await card.waitFor();
          await screenshot(card, `saved-verse-${width}-${theme}`);
          await choice.getByRole('button', { name: 'KJV' }).click();
          await card.getByRole('heading', { level: 2, name: 'John 3:16 (KJV)' }).waitFor();
          await screenshot(card, `saved-verse-kjv-${width}-${theme}`);
          await page.goto('/settings');
          await translationCard(page).scrollIntoViewIfNeeded();
          await screenshot(translationCard(page), `settings-translation-${width}-${theme}`);
        }
      }
    }
    await page.context().close();
  });
});
