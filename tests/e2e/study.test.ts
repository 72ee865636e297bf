import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { appHasStarted, desktop, launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function openJohn3(page: Page, translation = 'kjv'): Promise<void> {
  await page.goto(`/read-bible?book=John&chapter=3&translation=${translation}`);
  await page.locator('#verse-16').waitFor();
  await page.waitForFunction(appHasStarted);
}

/**
 * Taps a word where it stands in the verse's text, as a finger would: once the page has stopped
 * moving (paragraphs drawn as they scroll near change the layout) and nothing covers the word.
 */
async function tapWord(page: Page, verse: number, word: string): Promise<void> {
  const point = await page.locator(`#verse-${verse}`).evaluate(async (element, wanted) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    element.scrollIntoView({ block: 'center' });
    let last = '';
    for (let attempt = 0; attempt < 40; attempt += 1) {
      await frame();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.search(new RegExp(`\\b${wanted}\\b`)) ?? -1;
        if (at < 0 || node.parentElement?.closest('sup')) continue;
        const range = document.createRange();
        range.setStart(node, at + 1);
        range.setEnd(node, at + 2);
        const box = range.getBoundingClientRect();
        const point = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
        const where = `${point.x},${point.y}`;
        const isOnTop = element.contains(document.elementFromPoint(point.x, point.y));
        if (where === last && isOnTop) return point;
        last = where;
        break;
      }
    }
    return null;
  }, word);
  if (!point) throw new Error(`No word ${word} in sight in verse ${verse}`);
  await page.mouse.click(point.x, point.y);
}

describe('the original words', () => {
  for (const [viewport, colorScheme] of [
    [desktop, 'light'],
    [phone, 'dark'],
  ] as const) {
    it(`opens the Greek behind a word tapped in the KJV, with every use, at ${viewport.width} px ${colorScheme}`, async () => {
      const page = await openPage(browser, { viewport, colorScheme });
      await openJohn3(page);
      await tapWord(page, 16, 'loved');

      const dialog = page.getByRole('dialog', { name: 'Save Verse' });
      const words = dialog.getByRole('region', { name: 'Original words' });
      await expect
        .poll(() =>
          words.getByRole('button', { name: 'loved', exact: true }).getAttribute('aria-pressed'),
        )
        .toBe('true');
      const entry = words.locator('[data-strongs="G25"]');
      await entry.getByText('ἀγαπάω').waitFor();
      await entry.getByText('agapáō').waitFor();
      await entry.getByText('to love (in a social or moral sense)', { exact: false }).waitFor();
      await entry.getByText(/^Every use: \d+ verses$/).waitFor();
      await entry.getByRole('link', { name: 'Matthew 5:43' }).waitFor();
      expect(await entry.getByRole('link').count()).toBe(10);
      await expectAccessible(page);

      await entry.getByRole('button', { name: /^More uses of agapáō/ }).click();
      await expect.poll(() => entry.getByRole('link').count()).toBe(20);

      // Another word: "world" is G2889.
      await words.getByRole('button', { name: 'world', exact: true }).click();
      await words.locator('[data-strongs="G2889"]').getByText('κόσμος').waitFor();
      await page.context().close();
    });
  }

  it('works from the keyboard alone: a verse, then a word, then back', async () => {
    const page = await openPage(browser, { viewport: desktop });
    await openJohn3(page);
    await page.locator('#verse-16').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save Verse' });
    await dialog.locator('[data-strongs-word]').first().waitFor();
    let focused = '';
    // Tab through the dialog to the word (For, God, so, loved: the fourth tagged word).
    for (let step = 0; step < 40 && focused !== 'loved'; step += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() =>
        document.activeElement?.hasAttribute('data-strongs-word')
          ? (document.activeElement.textContent ?? '')
          : '',
      );
    }
    expect(focused).toBe('loved');
    await page.keyboard.press('Enter');
    await dialog.locator('[data-strongs="G25"]').getByText('ἀγαπάω').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('verse-16');
    await page.context().close();
  });

  it("offers the KJV's tagging of the same place in the WEB", async () => {
    const page = await openPage(browser, { viewport: phone });
    await openJohn3(page, 'web');
    await page.locator('#verse-16').click();
    const words = page
      .getByRole('dialog', { name: 'Save Verse' })
      .getByRole('region', { name: 'Original words (KJV tagging)' });
    await words.getByText('For God so', { exact: false }).waitFor();
    await words.getByRole('button', { name: 'loved', exact: true }).click();
    await words.locator('[data-strongs="G25"]').getByText('ἀγαπάω').waitFor();
    await page.context().close();
  });
});

describe('the Study panel', () => {
  it("sits beside the text on a wide screen, with Matthew Henry's notes and the two settings", async () => {
    const page = await openPage(browser, { viewport: desktop });
    await openJohn3(page);
    expect(await page.locator('[data-christ]').count()).toBe(0);
    expect(await page.locator('[data-reference-mark]').count()).toBe(0);

    await page.getByRole('button', { name: 'Study', exact: true }).click();
    const panel = page.getByRole('complementary', { name: 'Study' });
    await panel.getByRole('heading', { name: 'Matthew Henry on John 3' }).waitFor();
    await panel.getByText('Nicodemus was afraid', { exact: false }).waitFor();
    await panel.getByText("Matthew Henry's Concise Commentary (public domain)").waitFor();
    // Side by side: the panel is to the right of the chapter's text.
    const text = await page.locator('#verse-1').boundingBox();
    const box = await panel.boundingBox();
    expect(box && text && box.x > text.x + text.width - 1).toBe(true);
    await expectAccessible(page);

    await panel.getByRole('switch', { name: 'Words of Christ in red' }).check();
    await page.locator('#verse-3 [data-christ]').first().waitFor();
    // Nicodemus's words (verse 2) are not Christ's.
    expect(await page.locator('#verse-2 [data-christ]').count()).toBe(0);
    await panel.getByRole('switch', { name: 'Mark cross-referenced verses' }).check();
    await page.locator('#verse-16 [data-reference-mark]').waitFor();
    expect(await page.locator('#verse-1 [data-reference-mark]').count()).toBe(0);
    await expectAccessible(page);

    // A note's verses are one tap away.
    await panel.getByRole('button', { name: 'Verses 1–21' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('verse-1');

    // Kept on this device.
    await page.reload();
    await page.locator('#verse-3 [data-christ]').first().waitFor();
    await page.locator('#verse-16 [data-reference-mark]').waitFor();
    await page.context().close();
  });

  it('is a sheet on a phone, in the dark, and gives the focus back when closed', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    await openJohn3(page);
    const study = page.getByRole('button', { name: 'Study', exact: true });
    await study.click();
    const sheet = page.getByRole('dialog', { name: 'Study' });
    await sheet.getByRole('heading', { name: 'Matthew Henry on John 3' }).waitFor();
    await sheet.getByText('Nicodemus was afraid', { exact: false }).waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect
      .poll(() => study.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await page.context().close();
  });
});
