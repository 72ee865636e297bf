import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyDataVersion } from '#shared/rules/study.ts';
import { expectToast } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, launchBrowser, openPage } from './support/browser.ts';

// One browser context for the whole file, with the service worker allowed (openPage blocks it
// by default): each spec builds on what the earlier ones left in its caches. One sign-up only
// (sign-ups are limited per address, and the suite makes most of them).
let browser: Browser;
let page: Page;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, { serviceWorkers: 'allow', colorScheme: 'light' });
  context = page.context();
  const signUp = await page.request.post('/api/auth/signup', {
    data: {
      email: `offline-${Date.now()}@example.com`,
      password: 'lamp-unto-my-feet-105',
      display_name: 'Ruth',
    },
    headers: { origin: baseURL() },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
});
afterAll(async () => {
  await browser.close();
});

function article(name: string): Locator {
  return page.getByRole('article', { name });
}

function offlineBanner(): Locator {
  return page.getByRole('status').filter({ hasText: 'You are offline.' });
}

function downloadRegion(): Locator {
  return page.getByRole('region', { name: 'Read offline' });
}

async function goOffline(): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

async function goOnline(): Promise<void> {
  await context.setOffline(false);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
}

/** Colours change with a 0.01 ms transition under reduced motion; axe must read the end state. */
async function waitForTransitions(): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
}

describe('offline (PWA)', () => {
  it('after one online visit, the app shell, the public screens and a chapter read before open offline', async () => {
    await page.goto('/');
    // Installed (the precache is complete once it is active) and in control of the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    await page
      .getByRole('region', { name: 'Closing scripture' })
      .getByText('Blessed is the man that trusteth in the LORD', { exact: false })
      .waitFor();
    // The page comes drawn with its verse; once idle, the app asks for it through the worker,
    // which keeps it for use offline.
    const verseKept = page.waitForResponse((response) =>
      /^\/api\/verses\/daily\/\d+$/.test(new URL(response.url()).pathname),
    );
    await page.goto('/verse-of-day');
    await page.getByText("Today's theme").waitFor();
    await verseKept;
    await page.goto('/read-bible?book=John&chapter=3');
    await article('John 3').getByText('For God so loved the world', { exact: false }).waitFor();

    await goOffline();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Read the Bible' }).waitFor();
    await article('John 3').getByText('For God so loved the world', { exact: false }).waitFor();
    await offlineBanner().waitFor();
    expect(await offlineBanner().textContent()).toContain('saving needs a connection');

    // Screens never opened before come from the precache too; the data they saw, from theirs.
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Closing scripture' })
      .getByText('Blessed is the man that trusteth in the LORD', { exact: false })
      .waitFor();
    await page.goto('/prayer');
    await page.getByRole('heading', { level: 1, name: 'Prayer & Meditation' }).waitFor();
    await page.goto('/feeling');
    await page.getByRole('heading', { level: 1, name: 'How Are You Feeling?' }).waitFor();
    await page.goto('/verse-of-day');
    await page.getByText("Today's theme").waitFor();
    await waitForTransitions();
    await expectAccessible(page);
  });

  it('says plainly that a chapter never read is not on the device while offline', async () => {
    await page.goto('/read-bible?book=Esther&chapter=4');
    await article('Esther 4').getByText('Unable to load chapter content.').waitFor();
    await article('Esther 4')
      .getByText('You are offline, and this chapter is not saved on this device yet.', {
        exact: false,
      })
      .waitFor();
    await offlineBanner().waitFor();
    // Offline, the download cannot start, and the reader says why.
    const download = downloadRegion().getByRole('button', {
      name: 'Download the Bible for offline use',
    });
    expect(await download.isDisabled()).toBe(true);
    await downloadRegion().getByText('Connect to the internet to download.').waitFor();
  });

  it('the download shows its progress and can be cancelled', async () => {
    await goOnline();
    await page.goto('/read-bible?book=John&chapter=3');
    await article('John 3').getByText('For God so loved the world', { exact: false }).waitFor();
    expect(await offlineBanner().count()).toBe(0);
    await expectAccessible(page);

    // The server compresses the whole Bible once, on its first request: done here, so that
    // the timing below is the download's own.
    const warm = await page.request.get('/api/bible/download/verses', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(warm.status()).toBe(200);

    // A slow line (100 KB/s), so that the download is still running when Cancel is pressed.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 100 * 1024,
      uploadThroughput: -1,
    });
    try {
      await downloadRegion()
        .getByRole('button', { name: 'Download the Bible for offline use' })
        .click();
      const bar = downloadRegion().getByRole('progressbar', { name: 'Downloading the Bible' });
      await expect
        .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
        .toBeGreaterThan(0);
      expect(await bar.getAttribute('aria-valuetext')).toMatch(/^\d+%: [\d,]+ of 1,189 chapters$/);
      await downloadRegion()
        .getByText(/[\d,]+ of 1,189 chapters \(\d+%\)/)
        .waitFor();
      await expectAccessible(page);

      await downloadRegion().getByRole('button', { name: 'Cancel download' }).click();
      const download = downloadRegion().getByRole('button', {
        name: 'Download the Bible for offline use',
      });
      await download.waitFor();
      expect(await bar.count()).toBe(0);
      // Focus moves to the button that came back, not to the page.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toBe('Download the Bible for offline use');
    } finally {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
    }
  });

  it("'Download the Bible for offline use' saves every chapter, reaching 100%, remembered after a reload", async () => {
    // Every value the download's progress bar shows, as it shows it.
    await page.evaluate(() => {
      const seen: number[] = [];
      Object.assign(window, { downloadProgress: seen });
      const record = () => {
        const bar = document.querySelector('[role="progressbar"][aria-valuetext*="chapters"]');
        const value = Number(bar?.getAttribute('aria-valuenow') ?? Number.NaN);
        if (!Number.isNaN(value) && seen.at(-1) !== value) seen.push(value);
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    });
    const progressSeen = () =>
      page.evaluate(() => (window as unknown as { downloadProgress: number[] }).downloadProgress);

    await downloadRegion()
      .getByRole('button', { name: 'Download the Bible for offline use' })
      .click();
    await downloadRegion()
      .getByText('The whole Bible is available offline on this device', { exact: false })
      .waitFor({ timeout: 45_000 });
    const seen = await progressSeen();
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(
      await downloadRegion()
        .getByRole('button', { name: /Bible|Cancel download/ })
        .count(),
    ).toBe(0);
    await waitForTransitions();
    await expectAccessible(page);

    await page.reload();
    await downloadRegion()
      .getByText('The whole Bible is available offline on this device', { exact: false })
      .waitFor();
    expect(
      await page.getByRole('button', { name: 'Download the Bible for offline use' }).count(),
    ).toBe(0);
  });

  it('after the download, any chapter opens offline', async () => {
    await goOffline();
    await page.goto('/read-bible?book=Obadiah&chapter=1');
    await article('Obadiah 1').getByText('The vision of Obadiah', { exact: false }).waitFor();
    await page.goto('/read-bible?book=Song+of+Solomon&chapter=2');
    await article('Song of Solomon 2')
      .getByText('I am the rose of Sharon', { exact: false })
      .waitFor();
    await offlineBanner().waitFor();
  });

  it('each translation downloads on its own, and a downloaded WEB reads offline', async () => {
    await goOnline();
    await page.goto('/read-bible?book=John&chapter=3');
    const region = downloadRegion();
    await region.getByText('The whole Bible is available offline', { exact: false }).waitFor();
    await region.getByRole('combobox', { name: 'Translation' }).selectOption('web');
    await region.getByRole('button', { name: 'Download the Bible for offline use' }).click();
    await region
      .getByText('available offline on this device in the World English Bible', { exact: false })
      .waitFor({ timeout: 45_000 });
    await region.getByText('On this device: KJV, WEB').waitFor();

    await goOffline();
    // Never opened before: it comes from the download.
    await page.goto('/read-bible?book=Psalms&chapter=23&translation=web');
    await article('Psalm 23').getByText('Yahweh is my shepherd', { exact: false }).waitFor();
    await page.goto('/read-bible?book=Obadiah&chapter=1&translation=web');
    await article('Obadiah 1').getByText('The vision of Obadiah', { exact: false }).waitFor();
    // The ASV was not downloaded: a chapter of it never read is not on the device.
    await page.goto('/read-bible?book=Nahum&chapter=2&translation=asv');
    await article('Nahum 2').getByText('Unable to load chapter content.').waitFor();
  });

  it('the study notes, their size shown first, download once for every translation and answer offline', async () => {
    await goOnline();
    await page.goto('/read-bible?book=John&chapter=3');
    const region = downloadRegion();
    await region
      .getByRole('button', { name: /^Study notes for offline use · \d+\.\d MB$/ })
      .click();
    await region
      .getByText('The study notes are available offline on this device, for every translation.')
      .waitFor({ timeout: 45_000 });

    await goOffline();
    const answers = await page.evaluate(
      async (urls) =>
        Promise.all(
          urls.map(async (url) => {
            const response = await fetch(url);
            return { status: response.status, body: (await response.json()) as unknown };
          }),
        ),
      [`/api/study/Obadiah/1?v=${studyDataVersion}`, `/api/study/dictionary?v=${studyDataVersion}`],
    );
    expect(answers[0]).toMatchObject({ status: 200, body: { book: 'Obadiah', chapter: 1 } });
    expect(answers[1]).toMatchObject({
      status: 200,
      body: { entries: { G25: { lemma: 'ἀγαπάω' } } },
    });
  });

  it('a signed-in write made offline fails with "You are offline" and keeps what was typed', async () => {
    await goOnline();
    await page.goto('/journal');
    await page.getByRole('heading', { name: 'Recent entries' }).waitFor();
    await goOffline();
    await offlineBanner().waitFor();

    const form = page.getByRole('form', { name: 'Write a new entry' });
    const content = form.getByLabel('Your thoughts');
    const text = 'Written on a train with no signal.';
    await content.fill(text);
    await form.getByRole('button', { name: 'Save Entry' }).click();
    await expectToast(page, 'Save Failed');
    await page
      .locator('[data-sonner-toast]')
      .getByText('You are offline. Nothing was saved', { exact: false })
      .waitFor();
    expect(await content.inputValue()).toBe(text);

    // Back online, the same entry is saved.
    await goOnline();
    expect(await offlineBanner().count()).toBe(0);
    await form.getByRole('button', { name: 'Save Entry' }).click();
    await expectToast(page, 'Entry Saved');
    await page
      .getByRole('list', { name: 'Recent entries' })
      .getByText(text, { exact: false })
      .waitFor();
  });

  // Last: it signs out.
  it('a reload while offline still knows who is signed in, and forgets them at sign-out', async () => {
    const accountMenu = page.getByRole('banner').getByRole('button', {
      name: 'Account menu for Ruth',
    });
    await goOnline();
    await page.goto('/journal');
    await page.getByRole('heading', { name: 'Recent entries' }).waitFor();
    await goOffline();
    await page.reload();
    // Still Ruth's own journal (not the sign-in page), with the offline state shown.
    await accountMenu.waitFor();
    await page.getByRole('form', { name: 'Write a new entry' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/journal');
    await offlineBanner().waitFor();

    await goOnline();
    await accountMenu.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expectToast(page, 'Signed out');
    // Offline again, the device no longer knows her: a visitor's home page.
    await goOffline();
    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await accountMenu.count()).toBe(0);
    expect(await page.evaluate(() => caches.has('grounded-session'))).toBe(false);
  });
});
