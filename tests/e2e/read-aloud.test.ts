import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFocused, tabTo } from './support/a11y-keyboard.ts';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, openPage, phone } from './support/browser.ts';

// Read-aloud that follows along (docs/product.md, the reader). Headless Chromium has no voices,
// so a stand-in speech synthesiser ends each verse after a moment, and records what it spoke.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const fakeSpeech = () => {
  const spoken: { text: string; rate: number }[] = [];
  let timer: number | undefined;
  class Utterance {
    text: string;
    rate = 1;
    lang = '';
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(text: string) {
      this.text = text;
    }
  }
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance });
  Object.defineProperty(window, 'speechSynthesis', {
    value: {
      speak(utterance: Utterance) {
        spoken.push({ text: utterance.text, rate: utterance.rate });
        timer = window.setTimeout(() => utterance.onend?.(), 60);
      },
      cancel() {
        window.clearTimeout(timer);
      },
    },
  });
  Object.defineProperty(window, 'spokenAloud', { value: spoken });
};

async function openReader(page: Page, book: string, chapter: number) {
  await page.addInitScript(fakeSpeech);
  await page.goto(`/read-bible?book=${book}&chapter=${chapter}`);
  await page.getByRole('heading', { level: 2, name: `${book} ${chapter}` }).waitFor();
}

const readingVerse = (page: Page) => page.locator('[data-verse][aria-current="true"]');

describe('read-aloud', () => {
  it('marks the verse being read and goes on into the next chapter, at 1280 px light', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    await openReader(page, 'Obadiah', 1);
    await page.getByRole('button', { name: 'Read aloud' }).click();
    await readingVerse(page).first().waitFor();
    const bar = page.getByRole('group', { name: 'Read aloud' });
    await bar.getByLabel('Speed').waitFor();
    await expectAccessible(page);
    // Obadiah has one chapter of 21 verses; then Jonah 1 is opened and read from its first verse.
    await page.waitForURL((url) => url.searchParams.get('book') === 'Jonah', { timeout: 20_000 });
    await page.getByRole('heading', { level: 2, name: 'Jonah 1' }).waitFor();
    await expect.poll(() => readingVerse(page).getAttribute('data-verse')).not.toBeNull();
    const spoken = await page.evaluate(
      () => (window as unknown as { spokenAloud: { text: string }[] }).spokenAloud,
    );
    expect(spoken[0]?.text).toMatch(/^The vision of Obadiah/);
    expect(spoken.some((item) => /^Now the word of the LORD came unto Jonah/.test(item.text))).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Read aloud' }).waitFor();
    await page.context().close();
  });

  it('is worked by keyboard, with speed and a sleep timer at the end of the chapter, at 390 px dark', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    await openReader(page, 'Jude', 1);
    const play = page.getByRole('button', { name: 'Read aloud' });
    await tabTo(page, play);
    await page.keyboard.press('Enter');
    await readingVerse(page).first().waitFor();
    const speed = page.getByLabel('Speed');
    await tabTo(page, speed);
    await speed.selectOption('1.5');
    const timer = page.getByLabel('Sleep timer');
    await tabTo(page, timer);
    await timer.selectOption('chapter');
    await expectAccessible(page);
    // The speed is heard from then on, and kept on the device.
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { spokenAloud: { rate: number }[] }).spokenAloud.at(-1)?.rate,
        ),
      )
      .toBeCloseTo(0.95 * 1.5);
    // Jude's 25 verses end the reading: the timer stops it there, and the reader stays.
    await page.getByRole('button', { name: 'Read aloud' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('book')).toBe('Jude');
    expect(await readingVerse(page).count()).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Read aloud' }).click();
    await expect.poll(() => page.getByLabel('Speed').inputValue()).toBe('1.5');
    await page.getByRole('button', { name: 'Pause' }).click();
    await expectFocused(page.getByRole('button', { name: 'Read aloud' }));
    await page.context().close();
  });
});
