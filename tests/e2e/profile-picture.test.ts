import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileErrorTitles, fileMessages } from '#shared/rules/files.ts';
import { expectToast } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, collectErrors, launchBrowser, openPage, phone } from './support/browser.ts';

// Decision 017: choose a picture in Settings → Profile, crop it, see it in the header, keep it
// across a reload, remove it; what is refused, in the browser and by the server.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const purple = { r: 110, g: 40, b: 140 };
const gold = { r: 230, g: 180, b: 20 };

/** 800×600: the left half purple, the right half gold, so where the crop sits shows. */
function twoColourJpeg(): Promise<Buffer> {
  const half = { width: 400, height: 600, channels: 3 as const };
  return sharp({ create: { ...half, width: 800, background: gold } })
    .composite([{ input: { create: { ...half, background: purple } }, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function signUp(page: Page, name: string): Promise<void> {
  const email = `picture-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const response = await page.request.post('/api/auth/signup', {
    data: { email, password: 'quiet-waters-23', display_name: name },
    headers: { origin: baseURL() },
  });
  expect(response.status()).toBe(201);
}

/** Chooses a file through 'Choose a picture', as a person does (the system's file picker). */
async function choosePicture(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a picture' }).click();
  await (await chooser).setFiles(file);
}

function headerAvatar(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Account menu for/ });
}

/** The header's picture once loaded: its address and its pixels' width. */
async function headerPicture(page: Page): Promise<{ src: string; naturalWidth: number }> {
  const image = headerAvatar(page).locator('img');
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth), {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
  return image.evaluate((element: HTMLImageElement) => ({
    src: new URL(element.src).pathname,
    naturalWidth: element.naturalWidth,
  }));
}

/** Waits until nothing moves, so axe reads settled colours (styles.css's tiny transitions). */
async function settle(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.querySelectorAll('.animate-pulse, .animate-spin, [aria-busy="true"]').length +
          document.getAnimations().length,
      ),
    )
    .toBe(0);
}

/** axe in light, then dark (the theme follows the system's until one is chosen), then light. */
async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(colorScheme === 'dark');
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The mean colour of a stored picture, read back through its public address. */
async function meanColour(page: Page, address: string) {
  const response = await page.request.get(address);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/webp');
  const { channels } = await sharp(await response.body()).stats();
  const [r, g, b] = channels.map((channel) => channel.mean);
  return { r: r ?? 0, g: g ?? 0, b: b ?? 0 };
}

function isNear(colour: { r: number; g: number; b: number }, target: typeof purple): boolean {
  return (
    Math.abs(colour.r - target.r) < 25 &&
    Math.abs(colour.g - target.g) < 25 &&
    Math.abs(colour.b - target.b) < 25
  );
}

describe('the profile picture', () => {
  it('is chosen, cropped, shown in the header, kept across a reload, and removed', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    const errors = collectErrors(page);
    await signUp(page, 'Lydia Purpuraria');
    await page.goto('/settings');
    const section = page.getByRole('group', { name: 'Profile picture' });
    await section.waitFor();
    // No picture yet: the initials, here and in the header.
    expect(await section.locator('img').count()).toBe(0);
    expect(await section.locator('[data-initials]').getAttribute('data-initials')).toBe('LP');
    expect(await headerAvatar(page).locator('img').count()).toBe(0);

    await choosePicture(page, {
      name: 'two-colours.jpg',
      mimeType: 'image/jpeg',
      buffer: await twoColourJpeg(),
    });
    const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
    const cropArea = dialog.getByRole('group', { name: 'Crop area' });
    await cropArea.waitFor();
    await settle(page);
    await expectAccessibleInBothThemes(page);

    // Zoom to twice (a square half the picture's height), drag the picture right as far as
    // it goes (the square over its purple left half), then a step back with the keyboard.
    await dialog.getByLabel('Zoom').fill('2');
    const box = await cropArea.boundingBox();
    if (!box) throw new Error('The crop area has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 400, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await cropArea.focus();
    await page.keyboard.press('ArrowLeft');

    const upload = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().includes('/api/profile/picture'),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const query = new URL((await upload).url()).searchParams;
    const crop = Object.fromEntries(
      ['left', 'top', 'width', 'height'].map((name) => [name, Number(query.get(name))]),
    );
    // Half the height and as wide (3/8 of the 4:3 picture's width), near its left edge.
    expect(crop.height).toBeCloseTo(0.5, 2);
    expect(crop.width).toBeCloseTo(0.375, 2);
    expect(crop.top).toBeCloseTo(0.25, 2);
    expect(crop.left).toBeGreaterThan(0);
    expect(crop.left).toBeLessThan(0.05);
    await expectToast(page, 'Profile picture updated');
    await dialog.waitFor({ state: 'detached' });

    // The header shows it at once, from the 64 px file; Settings from the 512 px one.
    const header = await headerPicture(page);
    // Under a random name that says nothing of whose it is.
    expect(header.src).toMatch(/^\/files\/pictures\/[A-Za-z0-9_-]{22}-64\.webp$/);
    expect(header.naturalWidth).toBe(64);
    const large = await section.locator('img').getAttribute('src');
    expect(large).toBe(header.src.replace(/-64\.webp$/, '-512.webp'));
    // The crop was kept: all purple, none of the gold half.
    expect(isNear(await meanColour(page, large ?? ''), purple)).toBe(true);
    // The user menu shows the person with their picture.
    await headerAvatar(page).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.locator(`img[src="${header.src}"]`).count()).toBe(1);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await page.reload();
    await section.waitFor();
    expect((await headerPicture(page)).src).toBe(header.src);
    expect(await section.locator('img').getAttribute('src')).toBe(large);
    await settle(page);
    await expectAccessibleInBothThemes(page);

    await section.getByRole('button', { name: 'Remove picture' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove your picture?' });
    await confirm.getByRole('button', { name: 'Remove picture' }).click();
    await expectToast(page, 'Profile picture removed');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => headerAvatar(page).locator('img').count()).toBe(0);
    expect(await headerAvatar(page).locator('[data-initials]').getAttribute('data-initials')).toBe(
      'LP',
    );
    expect(await section.locator('img').count()).toBe(0);
    expect(await section.getByRole('button', { name: 'Remove picture' }).count()).toBe(0);
    // Its files are gone from the public address.
    expect((await page.request.get(large ?? '')).status()).toBe(404);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('refuses an SVG in the browser, one posing as a PNG too, before the crop dialog opens', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'light' });
    await signUp(page, 'Phoebe');
    await page.goto('/settings');
    await page.getByRole('group', { name: 'Profile picture' }).waitFor();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/profile/picture')) uploads.push(request.method());
    });

    await choosePicture(page, { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svg });
    await expectToast(page, fileErrorTitles.upload);
    await page.getByText(fileMessages.unsupported).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(uploads).toEqual([]);

    // Named and typed as a PNG: its first bytes are not a PNG's, so it is refused at once,
    // before the crop dialog opens, and nothing is sent.
    await choosePicture(page, { name: 'logo.png', mimeType: 'image/png', buffer: svg });
    const refusals = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: fileErrorTitles.upload })
      .filter({ hasText: fileMessages.unsupported });
    await expect.poll(() => refusals.count()).toBe(2);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(uploads).toEqual([]);
    await page.context().close();
  });

  it("saves a HEIC picture Chromium can't show: the server keeps its centre square", async () => {
    const page = await openPage(browser, { colorScheme: 'dark' });
    await signUp(page, 'Dorcas');
    await page.goto('/settings');
    await page.getByRole('group', { name: 'Profile picture' }).waitFor();
    const heic = fs.readFileSync(
      path.resolve(import.meta.dirname, '../api-support/fixtures/picture.heic'),
    );
    await choosePicture(page, { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic });
    const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
    await dialog.getByText("This picture can't be previewed here").waitFor();
    expect(await dialog.getByLabel('Zoom').count()).toBe(0);
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    const upload = page.waitForRequest((request) => request.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(new URL((await upload).url()).search).toBe('');
    await expectToast(page, 'Profile picture updated');
    expect((await headerPicture(page)).naturalWidth).toBe(64);
    await page.context().close();
  });
});
