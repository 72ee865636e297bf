import fs from 'node:fs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayReference } from '#shared/bible/references.ts';
import { verseCatalogue } from '#shared/mood/catalogue.ts';
import { defaultVerse } from '#shared/mood/default-verse.ts';
import { moodSuggestions } from '#shared/mood/mood-suggestions.ts';
import type { Mood } from '#shared/mood/moods.ts';
import type { CatalogueResponse, SavedVerse } from '#shared/schemas/verses.ts';
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

const feeling = "I can't stop worrying about tomorrow";

function moodText(page: Page) {
  return page.getByRole('textbox', { name: "What's on your heart today?" });
}

function findButton(page: Page) {
  return page.getByRole('button', { name: 'Find My Verse' });
}

function resultHeading(page: Page, mood: string) {
  return page.getByRole('heading', { name: `For when you feel ${mood}` });
}

/** The reference the result card shows, without its ' (KJV)'. */
async function shownReference(page: Page, mood: string): Promise<string> {
  const card = page.getByRole('region', { name: `For when you feel ${mood}` });
  return ((await card.locator('figcaption').textContent()) ?? '').replace(' (KJV)', '').trim();
}

/** Every verse chosen for a mood, as the page writes it: its catalogue verses and the hand-picked ones. */
function chosenFor(mood: Mood): Set<string> {
  return new Set(
    [
      ...verseCatalogue.filter((entry) => entry.mood === mood).map((entry) => entry.reference),
      ...moodSuggestions[mood],
    ].map(displayReference),
  );
}

/** The toast with this description (sonner shows one at a time). */
async function expectToastText(page: Page, description: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: description }).first().waitFor();
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function downloadedBytes(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

async function setDark(page: Page, isDark: boolean): Promise<void> {
  await page.emulateMedia({ colorScheme: isDark ? 'dark' : 'light' });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(isDark);
}

describe('/feeling', () => {
  it('finds a verse for a feeling, downloads its image and saves it once signed in', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    const catalogue = (await (
      await page.request.get('/api/verses/catalogue')
    ).json()) as CatalogueResponse;
    await page.goto('/feeling');
    await page.getByRole('heading', { level: 1, name: 'How Are You Feeling?' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');

    // The button needs text once trimmed; the counter follows every character.
    const text = moodText(page);
    expect(await findButton(page).isDisabled()).toBe(true);
    await page.getByText('0/300 characters').waitFor();
    await text.fill('   ');
    await page.getByText('3/300 characters').waitFor();
    expect(await findButton(page).isDisabled()).toBe(true);

    // Shift+Enter is a line break, not a submit.
    await text.fill('');
    await text.pressSequentially('line one');
    await text.press('Shift+Enter');
    await text.pressSequentially('line two');
    expect(await text.inputValue()).toBe('line one\nline two');
    expect(await resultHeading(page, 'anxious').count()).toBe(0);

    // 300 characters at most, whether pasted or typed.
    await text.fill('a'.repeat(320));
    expect(await text.inputValue()).toHaveLength(300);
    await text.press('b');
    expect(await text.inputValue()).toHaveLength(300);
    await page.getByText('300/300 characters').waitFor();
    // Screen readers hear the counter only near the limit.
    await page
      .getByRole('status')
      .filter({ hasText: 'Character limit reached: 300 characters.' })
      .waitFor();
    expect(await text.getAttribute('maxlength')).toBe('300');

    await text.fill(feeling);
    await page.getByText(`${feeling.length}/300 characters`).waitFor();
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /character/ })
        .count(),
    ).toBe(0);
    expect(await findButton(page).isDisabled()).toBe(false);
    await expectAccessible(page);

    // Enter submits: the result card, announced by taking focus.
    await text.press('Enter');
    const heading = resultHeading(page, 'anxious');
    await heading.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('For when you feel anxious');
    const card = page.getByRole('region', { name: 'For when you feel anxious' });
    const reference = (await card.locator('figcaption').textContent())?.replace(' (KJV)', '');
    const shown = catalogue.verses.find((verse) => displayReference(verse.reference) === reference);
    expect(shown, `${reference} is a catalogue verse`).toBeDefined();
    await card.getByText(shown?.text ?? '', { exact: false }).waitFor();
    const themes = await card.getByRole('list', { name: 'Themes' }).getByRole('listitem').count();
    expect(themes).toBe(shown?.themes.length);

    // The preview: drawn once, shown scaled down.
    const preview = page.getByRole('img', { name: /^The verse image for / });
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(800);
    expect((await preview.boundingBox())?.width).toBeLessThan(400);

    // More verses for this feeling: three chosen for the mood, each linking to its chapter.
    const more = page.getByRole('region', { name: 'More verses for this feeling' });
    await more.getByRole('link').nth(2).waitFor();
    expect(await more.getByRole('link').count()).toBe(3);
    for (const href of await more
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toMatch(/^\/read-bible\?book=[^&]+&chapter=\d+$/);
    }

    await expectAccessible(page);
    await setDark(page, true);
    await expectAccessible(page);
    await setDark(page, false);

    // Download needs no account: an 800×800 PNG at a desktop width.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^grounded-verse-[\w-]+\.png$/);
    expect(pngSize(await downloadedBytes(download))).toEqual({ width: 800, height: 800 });
    await expectToast(page, 'Image Downloaded');
    await expectToastText(page, 'Your verse image has been saved to your device.');

    // Saving needs an account.
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Sign in required');
    await expectToastText(page, 'Please sign in to save verses to your collection.');
    await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Sign In' }).waitFor();

    // Share Another Feeling: the empty form again, with the cursor in it.
    await card.getByRole('button', { name: 'Share Another Feeling' }).click();
    await moodText(page).waitFor();
    expect(await moodText(page).inputValue()).toBe('');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');

    // Signed in (through the API; this context keeps the cookie), Save stores the verse.
    const signUp = await page.request.post('/api/auth/signup', {
      data: {
        email: `feeling-${Date.now()}@example.com`,
        password: 'cast-all-your-care-5-7',
        display_name: 'Hannah',
      },
      headers: { origin: baseURL() },
    });
    expect(signUp.status()).toBe(201);
    await page.reload();
    await moodText(page).fill(feeling);
    await moodText(page).press('Enter');
    await resultHeading(page, 'anxious').waitFor();
    const savedCard = page.getByRole('region', { name: 'For when you feel anxious' });
    const savedReference = (await savedCard.locator('figcaption').textContent())?.replace(
      ' (KJV)',
      '',
    );
    const [saveResponse] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/saved-verses') && response.request().method() === 'POST',
      ),
      savedCard.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(saveResponse.status()).toBe(201);
    await expectToast(page, 'Verse Saved');
    await expectToastText(page, 'This verse has been added to your saved collection.');
    await savedCard.getByRole('button', { name: 'Saved' }).waitFor();

    const saved = (
      (await (await page.request.get('/api/saved-verses')).json()) as { items: SavedVerse[] }
    ).items;
    expect(saved).toHaveLength(1);
    // Stored as the catalogue spells it ('Psalms 4:8'), shown as people write it ('Psalm 4:8').
    expect(displayReference(saved[0]?.reference ?? '')).toBe(savedReference);
    expect(saved[0]).toMatchObject({
      theme: 'anxious',
      emotion_tag: 'anxious',
      custom_note: null,
    });

    // A second, hopeful verse; then /saved-verses finds each by the search box and the theme chip.
    await page.getByRole('button', { name: 'Share Another Feeling' }).click();
    await moodText(page).fill('I am so hopeful about what God has planned for me');
    await moodText(page).press('Enter');
    await resultHeading(page, 'hopeful').waitFor();
    const hopefulCard = page.getByRole('region', { name: 'For when you feel hopeful' });
    const hopefulReference = (await hopefulCard.locator('figcaption').textContent())?.replace(
      ' (KJV)',
      '',
    );
    await hopefulCard.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Verse Saved');

    await page.goto('/saved-verses');
    const list = page.getByRole('list', { name: 'Saved verses' });
    // Each card names its translation after the reference (decision 015): these were saved in the KJV.
    const headings = async () =>
      (await list.getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents()).map(
        (heading) => heading.replace(/ \(KJV\)$/, ''),
      );
    await list.getByRole('listitem').nth(1).waitFor();
    await page
      .getByRole('searchbox', { name: 'Search saved verses' })
      .fill(saved[0]?.reference ?? '');
    await expect.poll(async () => new Set(await headings())).toEqual(new Set([savedReference]));
    await page.getByRole('searchbox', { name: 'Search saved verses' }).fill('');
    await page
      .getByRole('group', { name: 'Filter by theme' })
      .getByRole('button', { name: 'Hope' })
      .click();
    await expect.poll(() => headings()).toEqual([hopefulReference]);
    await page.context().close();
  });

  it('shows the default verse, Proverbs 3:5, when no verse can be looked up (product §4)', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    await page.route('**/api/verses/catalogue', (route) =>
      route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'Down' } }),
    );
    let suggestionRequests = 0;
    await page.route('**/api/verses/suggestions?*', (route) => {
      suggestionRequests += 1;
      return route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'Down' } });
    });
    await page.goto('/feeling');
    await moodText(page).fill('I feel so alone tonight');
    await moodText(page).press('Enter');

    // The result card, not the form: the default verse, for the mood that was found.
    await resultHeading(page, 'lonely').waitFor();
    expect(await moodText(page).count()).toBe(0);
    expect(await shownReference(page, 'lonely')).toBe('Proverbs 3:5');
    const card = page.getByRole('region', { name: 'For when you feel lonely' });
    await card
      .getByText(
        'Trust in the LORD with all thine heart; and lean not unto thine own understanding.',
      )
      .waitFor();
    expect(defaultVerse.reference).toBe('Proverbs 3:5');
    expect(await page.locator('[data-sonner-toast]').filter({ hasText: 'Error' }).count()).toBe(0);

    // A phone gets the smaller image (product §9).
    const preview = page.getByRole('img', { name: /^The verse image for Proverbs 3:5 / });
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(600);
    // Related verses it cannot get are left out quietly.
    await expect.poll(() => suggestionRequests).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'More verses for this feeling' }).count()).toBe(
      0,
    );
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await expectAccessible(page);
    await page.context().close();
  });

  it('suggests more verses only from those chosen for the mood, never a word search', async () => {
    const page = await openPage(browser);
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/bible/search') searches.push(url.search);
    });
    await page.goto('/feeling');
    await moodText(page).fill('I am anxious and worried');
    await moodText(page).press('Enter');
    await resultHeading(page, 'anxious').waitFor();
    const shown = await shownReference(page, 'anxious');

    const region = page.getByRole('region', { name: 'More verses for this feeling' });
    await region.getByRole('link').nth(2).waitFor();
    const links = region.getByRole('link');
    expect(await links.count()).toBe(3);
    const references = (await links.allTextContents()).map((text) => text.trim());
    const anxious = chosenFor('anxious');
    for (const reference of references) {
      expect(anxious.has(reference), `${reference} is chosen for anxiety`).toBe(true);
      expect(reference).not.toMatch(/^(Leviticus|Exodus) /);
    }
    expect(new Set(references).size).toBe(3);
    expect(references).not.toContain(shown);
    expect(searches).toEqual([]);

    // Each opens its chapter in the reader (whose address names the book, 'Psalms').
    const [, shownBook, chapter] = /^(.+) (\d+):\d+/.exec(references[0] ?? '') ?? [];
    const book = shownBook === 'Psalm' ? 'Psalms' : shownBook;
    expect(book).toBeDefined();
    await links.first().click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/read-bible' &&
        url.searchParams.get('book') === book &&
        url.searchParams.get('chapter') === chapter,
    );
    await page.context().close();
  });

  it('brings a visitor back to the same verse after signing in, and saves it', async () => {
    const account = await createAccount('Hannah');
    const page = await openPage(browser);
    await page.goto('/feeling');
    await moodText(page).fill('I feel so grateful for my family');
    await moodText(page).press('Enter');
    await resultHeading(page, 'grateful').waitFor();
    const reference = await shownReference(page, 'grateful');
    const card = page.getByRole('region', { name: 'For when you feel grateful' });
    const text = (await card.locator('blockquote').textContent())?.trim() ?? '';
    expect(text.length).toBeGreaterThan(10);

    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToastText(page, 'Please sign in to save verses to your collection.');
    await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await submitSignIn(page, account.email, account.password);

    // Back on /feeling with the same verse, not an empty form; and it is saved.
    await page.waitForURL((url) => url.pathname === '/feeling');
    await resultHeading(page, 'grateful').waitFor();
    expect(await shownReference(page, 'grateful')).toBe(reference);
    expect(await moodText(page).count()).toBe(0);
    await expectToast(page, 'Verse Saved');
    const savedCard = page.getByRole('region', { name: 'For when you feel grateful' });
    await savedCard.getByRole('button', { name: 'Saved' }).waitFor();
    const saved = (
      (await (await page.request.get('/api/saved-verses')).json()) as { items: SavedVerse[] }
    ).items;
    expect(saved).toHaveLength(1);
    // Stored as the catalogue spells it ('Psalms 9:1'), shown as people write it ('Psalm 9:1').
    expect(displayReference(saved[0]?.reference ?? '')).toBe(reference);
    expect(saved[0]).toMatchObject({
      theme: 'grateful',
      emotion_tag: 'grateful',
      custom_note: null,
    });
    await page.context().close();
  });

  it("shows 'Saved' from the server for a verse already in the collection", async () => {
    const page = await openPage(browser);
    const signUp = await page.request.post('/api/auth/signup', {
      data: {
        email: `feeling-saved-${Date.now()}@example.com`,
        password: 'cast-all-your-care-5-7',
        display_name: 'Ruth',
      },
      headers: { origin: baseURL() },
    });
    expect(signUp.status()).toBe(201);
    // One verse in the catalogue, so the verse shown is known; saved on "another device".
    const catalogue = (await (
      await page.request.get('/api/verses/catalogue')
    ).json()) as CatalogueResponse;
    const only = catalogue.verses.find((verse) => verse.reference === '1 Peter 5:7');
    expect(only).toBeDefined();
    await page.route('**/api/verses/catalogue', (route) =>
      route.fulfill({ json: { verses: [only] } }),
    );
    const save = await page.request.post('/api/saved-verses', {
      data: {
        text: only?.text,
        reference: '1 Peter 5:7',
        theme: 'anxious',
        emotion_tag: 'anxious',
        custom_note: null,
      },
      headers: { origin: baseURL() },
    });
    expect(save.status()).toBeLessThan(300);

    await page.goto('/feeling');
    await moodText(page).fill('I am so worried about tomorrow');
    await moodText(page).press('Enter');
    await resultHeading(page, 'anxious').waitFor();
    expect(await shownReference(page, 'anxious')).toBe('1 Peter 5:7');
    const card = page.getByRole('region', { name: 'For when you feel anxious' });
    await card.getByRole('button', { name: 'Saved' }).waitFor();
    expect(await card.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await page.context().close();
  });
});
