import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { baseURL, launchBrowser, openPage } from './support/browser.ts';

/**
 * Stored XSS (docs/reliability.md): markup a user saves is shown as the text they typed, never run
 * or turned into elements. The API side (stored byte for byte) is tests/hostile/.
 * One account for the whole file: the suite is close to the sign-up limit per address.
 */

/** Each probe would leave a trace if it ran: an img[src="x"], an onload/onerror, a global. */
const probes = {
  displayName: '<img src=x onerror=alert(1)>',
  title: '<script>alert("title")</script>',
  content: '"><img src=x onerror="window.__xss=1">',
  tag: '<svg onload=alert(2)>',
  verseText: '<img src=x onerror=alert(3)> Jesus wept.',
  reference: '<b>John</b> 11:35',
  theme: '<i>Comfort</i>',
  note: "<a href='javascript:alert(4)'>read me</a>",
  feeling: '<iframe srcdoc="<script>alert(5)</script>"></iframe>',
  reminded: '</textarea><script>alert(6)</script>',
  author: '{{constructor.constructor("alert(7)")()}}',
};

let browser: Browser;
let page: Page;
const dialogs: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, { colorScheme: 'light', timezoneId: 'UTC' });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const headers = { origin: baseURL() };
  const writes: [string, Record<string, unknown>][] = [
    [
      '/api/auth/signup',
      {
        email: `hostile-${Date.now()}@example.com`,
        password: 'no-script-here-31',
        display_name: probes.displayName,
      },
    ],
    ['/api/journal', { title: probes.title, content: probes.content, emotion_tags: [probes.tag] }],
    [
      '/api/saved-verses',
      {
        text: probes.verseText,
        reference: probes.reference,
        theme: probes.theme,
        custom_note: probes.note,
      },
    ],
    // Left pending: approving it would show it to every other spec's visitors.
    [
      '/api/testimonies',
      {
        feeling: probes.feeling,
        god_reminded: probes.reminded,
        is_anonymous: false,
        author_name: probes.author,
      },
    ],
  ];
  for (const [url, data] of writes) {
    const response = await page.request.post(url, { data, headers });
    expect(response.status(), await response.text()).toBe(201);
  }
});

afterAll(async () => {
  await browser.close();
});

/** Waits for each text to be shown exactly as written. */
async function expectLiteral(texts: string[]): Promise<void> {
  for (const text of texts) await page.getByText(text, { exact: true }).first().waitFor();
}

/** Nothing from the probes became an element, a handler or a script that ran. */
async function expectInert(): Promise<void> {
  const traces = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"]').length,
    handlers: document.querySelectorAll('[onerror], [onload]').length,
    frames: document.querySelectorAll('iframe').length,
    // The page's own inline scripts are in <head>: the theme script and the loader that starts
    // the app after the first paint. None may appear anywhere else; a page drawn by the server
    // (the testimony wall) also carries the data it was drawn with, as JSON that never runs.
    inlineScripts: document.querySelectorAll(
      'body script:not([src]):not([type="application/json"][id="handed-over-state"])',
    ).length,
    headInlineScripts: document.querySelectorAll('head script:not([src])').length,
    scriptLinks: document.querySelectorAll('a[href^="javascript:"]').length,
    global: 'xss' in window || '__xss' in window,
  }));
  expect(traces).toEqual({
    images: 0,
    handlers: 0,
    frames: 0,
    inlineScripts: 0,
    headInlineScripts: 2,
    scriptLinks: 0,
    global: false,
  });
  expect(dialogs).toEqual([]);
}

describe('markup saved by a user', () => {
  it('shows as plain text in the journal', async () => {
    await page.goto('/journal');
    await page.getByRole('heading', { name: 'Recent entries' }).waitFor();
    await expectLiteral([probes.title, probes.content, probes.tag]);
    await expectInert();
    await expectAccessible(page);

    await page.goto('/journal-entries');
    await page.getByRole('heading', { level: 1, name: 'My Journal Entries' }).waitFor();
    await expectLiteral([probes.title, probes.content]);
    await expectInert();
  });

  it('shows as plain text among the saved verses', async () => {
    await page.goto('/saved-verses');
    await page.getByRole('heading', { level: 2, name: probes.reference }).waitFor();
    // The card quotes the verse's words, and says the note is the user's to screen readers.
    await expectLiteral([
      `\u201c${probes.verseText}\u201d`,
      `Your note: ${probes.note}`,
      `Theme: ${probes.theme}`,
    ]);
    await expectInert();
    await expectAccessible(page);
  });

  it('shows as plain text in the header menu and in the settings', async () => {
    await page.goto('/');
    const trigger = page
      .getByRole('banner')
      .getByRole('button', { name: `Account menu for ${probes.displayName}` });
    await trigger.click();
    await page.getByRole('menu').getByText(probes.displayName, { exact: true }).waitFor();
    await expectInert();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.goto('/settings');
    const displayName = page.getByRole('textbox', { name: 'Display name' });
    await displayName.waitFor();
    expect(await displayName.inputValue()).toBe(probes.displayName);
    await expectInert();
  });

  it("shows as plain text in the author's own testimonies", async () => {
    await page.goto('/testimony');
    const mine = page.getByRole('list', { name: 'Your testimonies' });
    await mine.getByText(probes.feeling, { exact: true }).waitFor();
    await mine.getByText(probes.reminded, { exact: true }).waitFor();
    await mine.getByText(probes.author, { exact: true }).waitFor();
    await expectInert();
    await expectAccessible(page);
  });
});
