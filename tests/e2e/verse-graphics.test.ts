import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayReference } from '#shared/bible/references.ts';
import type { CatalogueResponse } from '#shared/schemas/verses.ts';
import { expectToast } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

function moods(page: Page): Locator {
  return page.getByRole('radiogroup', { name: 'How are you feeling?' });
}

function mood(page: Page, name: string): Locator {
  return moods(page).getByRole('radio', { name, exact: true });
}

/** The verse card's text and reference, once a verse is shown. */
async function shownVerse(page: Page): Promise<{ text: string; reference: string }> {
  const card = page.getByRole('region', { name: 'Your verse' }).locator('blockquote');
  await card.waitFor();
  const text = (await card.locator('p').textContent()) ?? '';
  const reference = (await card.locator('cite').textContent()) ?? '';
  return { text: text.replace(/^\u201C|\u201D$/g, ''), reference };
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function setDark(page: Page, isDark: boolean): Promise<void> {
  await page.emulateMedia({ colorScheme: isDark ? 'dark' : 'light' });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(isDark);
}

describe('/verse-graphics', () => {
  it('chooses a mood, previews the verse image and downloads it at 1080×1080', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    const { verses } = (await (
      await page.request.get('/api/verses/catalogue')
    ).json()) as CatalogueResponse;
    await page.goto('/verse-graphics');
    await page.getByRole('heading', { level: 1, name: 'Verse Graphics' }).waitFor();
    expect(await page.title()).toBe('Verse Graphics · Grounded');
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(await moods(page).getByRole('radio').count()).toBe(13);
    await expectAccessible(page);

    await mood(page, 'Anxious').click();
    expect(await mood(page, 'Anxious').getAttribute('aria-checked')).toBe('true');
    const first = await shownVerse(page);
    await expectToast(page, 'Verse Selected');
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: first.reference })
      .first()
      .waitFor();
    // A verse from the catalogue, given as the catalogue gives it (one psalm as 'Psalm 23:1').
    expect(
      verses.map((entry) => ({ ...entry, reference: displayReference(entry.reference) })),
    ).toContainEqual(expect.objectContaining(first));

    // Choosing the same mood again picks another verse.
    await mood(page, 'Anxious').click();
    await expect.poll(async () => (await shownVerse(page)).reference).not.toBe(first.reference);
    const verse = await shownVerse(page);

    await page.getByRole('button', { name: 'Preview' }).click();
    const image = page.getByRole('img', { name: `\u201C${verse.text}\u201D ${verse.reference}` });
    await image.waitFor();
    await expectToast(page, 'Preview Generated');
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
    const box = await image.boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(box?.width).toBeLessThanOrEqual(1280);
    expect(Math.round(box?.width ?? 0)).toBe(Math.round(box?.height ?? -1));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    const slug = verse.reference.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '');
    expect(download.suggestedFilename()).toBe(`grounded-verse-${slug}.png`);
    expect(download.suggestedFilename()).toMatch(/^grounded-verse-[A-Za-z0-9-]+\.png$/);
    const bytes = fs.readFileSync(await download.path());
    expect(pngSize(bytes)).toEqual({ width: 1080, height: 1080 });
    await expectToast(page, 'Image Downloaded');
    await page.getByText('Your verse image has been saved to your device.').waitFor();
    await expectAccessible(page);

    await setDark(page, true);
    await expectAccessible(page);
    await page.context().close();
  });

  it('asks for a verse before Preview or Download', async () => {
    const page = await openPage(browser, { colorScheme: 'dark', viewport: phone });
    await page.goto('/verse-graphics');
    await page.getByRole('heading', { level: 1, name: 'Verse Graphics' }).waitFor();
    let downloads = 0;
    page.on('download', () => (downloads += 1));

    await page.getByRole('button', { name: 'Download' }).click();
    await expectToast(page, 'Select a verse');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expectToast(page, 'Select a verse');
    expect(await page.getByRole('main').getByRole('img').count()).toBe(0);
    expect(downloads).toBe(0);

    // The chips work from the keyboard: arrows move and choose, as in any radio group.
    await mood(page, 'Anxious').focus();
    // Held briefly, as a person does: Radix checks the radio that arrow focus lands on only
    // while the key is down, and moves focus a task after the keydown.
    await page.keyboard.down('ArrowRight');
    await page.waitForTimeout(50);
    await page.keyboard.up('ArrowRight');
    await expect.poll(() => mood(page, 'Sad').getAttribute('aria-checked')).toBe('true');
    await shownVerse(page);
    await expectAccessible(page);
    await setDark(page, false);
    await expectAccessible(page);
    await page.context().close();
  });

  it("says so when the catalogue can't be reached, and tries again", async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    let isDown = true;
    await page.route('**/api/verses/catalogue', (route) =>
      isDown
        ? route.fulfill({ status: 503, json: { error: 'INTERNAL', message: 'Down' } })
        : route.continue(),
    );
    await page.goto('/verse-graphics');
    await mood(page, 'Hopeful').click();
    await expectToast(page, 'Error');
    await page.getByText('Could not get a verse for this mood. Please try again.').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Could not get a verse' }).waitFor();
    await expectAccessible(page);

    isDown = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await shownVerse(page);
    expect(await mood(page, 'Hopeful').getAttribute('aria-checked')).toBe('true');
    await page.context().close();
  });
});
