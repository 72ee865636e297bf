import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyVerseResponse } from '#shared/schemas/verses.ts';
import {
  appHasStarted,
  baseURL,
  collectErrors,
  desktop,
  launchBrowser,
  openPage,
  phone,
} from './support/browser.ts';

/** Records every layout shift of the page, as Lighthouse and the browser's own CLS count them. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as Window & { layoutShifts?: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the layout shifts recorded so far (recordLayoutShifts). */
function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() =>
    ((window as Window & { layoutShifts?: number[] }).layoutShifts ?? []).reduce(
      (a, b) => a + b,
      0,
    ),
  );
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const isDark = () => document.documentElement.classList.contains('dark');

/** Console messages about the Content-Security-Policy (a refused inline script, say). */
function cspViolations(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  return messages;
}

type DrawnWindow = Window & { drawnElement?: Element | null };

/** Notes the element at `selector` as the HTML drew it, before any script of the app has run. */
async function rememberDrawn(page: Page, selector: string): Promise<void> {
  await page.addInitScript((wanted) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as DrawnWindow).drawnElement = document.querySelector(wanted);
    });
  }, selector);
}

/** Whether the app adopted that element (hydration) rather than drawing a new one. */
function isStillDrawn(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(
    (wanted) => (window as DrawnWindow).drawnElement === document.querySelector(wanted),
    selector,
  );
}

/** The static frame of index.html: painted before the app runs, replaced when it renders. */
const shell = '#root > [aria-hidden="true"]';

describe('the first paint', () => {
  it('runs the inline theme script under the Content-Security-Policy, in either theme', async () => {
    for (const colorScheme of ['dark', 'light'] as const) {
      const page = await openPage(browser, { colorScheme });
      const violations = cspViolations(page);
      await page.goto('/read-bible?book=John&chapter=3');
      await page.getByRole('heading', { level: 1, name: 'Read the Bible' }).waitFor();
      expect(await page.evaluate(isDark)).toBe(colorScheme === 'dark');
      expect(violations).toEqual([]);
      await page.context().close();
    }
  });

  it('draws the site header’s frame, in the stored theme, before the app script has run', async () => {
    const page = await openPage(
      browser,
      { colorScheme: 'light', viewport: phone },
      { waitForApp: false },
    );
    // Choosing a new password is drawn by the app: its page has the frame.
    await page.goto('/auth/reset-password');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    // With the app bundle blocked, only index.html and the CSS draw the page.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(isDark)).toBe(true);
    const frame = page.locator(shell);
    expect(await frame.innerText()).toContain('Grounded');
    // Hidden from assistive technology: the app's header is the real one.
    expect(await page.getByRole('banner').count()).toBe(0);
    await page.context().close();
  });

  it('leaves one header, in the same place, once the app has rendered', async () => {
    const page = await openPage(browser, { viewport: phone }, { waitForApp: false });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/auth/reset-password');
    const frameBar = await page.locator(`${shell} > div`).boundingBox();
    await page.unrouteAll();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator(shell).count()).toBe(0);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('banner').boundingBox()).toEqual(frameBar);
    await page.context().close();
  });

  it('draws a prerendered screen whole before the app script has run, and fetches no script first', async () => {
    for (const [path, heading] of [
      ['/', 'Stay Grounded in God’s Word'],
      ['/feeling', 'How Are You Feeling?'],
      ['/prayer', 'Prayer & Meditation'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/verse-graphics', 'Verse Graphics'],
    ] as const) {
      const page = await openPage(
        browser,
        { colorScheme: 'dark', viewport: phone },
        { waitForApp: false },
      );
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(path);
      // The screen itself, with its landmarks, not the header frame: readable without the app.
      await page.getByRole('heading', { level: 1, name: heading.replace('’', "'") }).waitFor();
      expect(await page.getByRole('banner').count()).toBe(1);
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await page.locator('[data-before-app]').count()).toBe(0);
      expect(await page.evaluate(isDark)).toBe(true);
      // The theme button shows the moon in the dark theme before React knows the stored theme.
      const icons = page.getByRole('button', { name: 'Theme' }).locator('svg');
      expect(
        await icons.evaluateAll((svgs) => svgs.map((svg) => getComputedStyle(svg).display)),
      ).toEqual(['none', 'block']);
      // Nothing but the app's own script, which starts after the first frame has been painted.
      expect(
        new Set(scripts.map((url) => new URL(url).pathname.replace(/-[\w-]+\.js$/, ''))),
      ).toEqual(new Set(['/assets/index']));
      await page.context().close();
    }
  });

  it('hydrates a prerendered screen: the drawn elements stay, no error, and the screen works', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openPage(browser, { colorScheme, viewport: phone }, { waitForApp: false });
      const errors = collectErrors(page);
      await rememberDrawn(page, 'h1');
      await page.goto('/feeling');
      await page.waitForFunction(appHasStarted);
      expect(await isStillDrawn(page, 'h1')).toBe(true);
      expect(errors).toEqual([]);
      // React owns the markup now: typing updates the counter.
      await page.getByRole('textbox').fill('Anxious about tomorrow');
      await page.getByText('22/300 characters').waitFor();
      await page.context().close();
    }
  });

  it("draws the reader's chapter before the app script has run, titled for the chapter", async () => {
    const page = await openPage(
      browser,
      { colorScheme: 'dark', viewport: phone },
      { waitForApp: false },
    );
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/read-bible?book=John&chapter=3');
    const chapter = page.getByRole('article', { name: 'John 3' });
    await chapter.getByText('For God so loved the world', { exact: false }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'John 3' }).count()).toBe(1);
    expect(await page.title()).toBe('John 3 · Read the Bible · Grounded');
    expect(await page.evaluate(isDark)).toBe(true);
    // No chapter, or one that does not exist: the app picks or says, as before.
    await page.goto('/read-bible?book=John&chapter=99');
    expect(await page.locator('[data-before-app]').count()).toBe(1);
    await page.context().close();
  });

  it("fetches the reader's fonts with the page, once each, so its text does not move when they arrive", async () => {
    const page = await openPage(browser, { viewport: phone }, { waitForApp: false });
    const fontRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontRequests.push(new URL(request.url()).pathname);
    });
    await recordLayoutShifts(page);
    await page.goto('/read-bible?book=John&chapter=3');
    await page.waitForFunction(appHasStarted);
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    expect(
      await page.evaluate(
        () =>
          document.fonts.check('1rem "Lora Variable"') &&
          document.fonts.check('1rem "Inter Variable"'),
      ),
    ).toBe(true);
    const shifted = await layoutShiftTotal(page);
    expect(shifted).toBeLessThan(0.01);
    // Preloaded and then used: a preload the stylesheet's font cannot use is fetched twice.
    const latin = fontRequests.filter((path) => /-latin-wght-normal-/.test(path));
    expect(latin.length).toBe(2);
    expect(new Set(latin).size).toBe(2);
    await page.context().close();
  });

  it("draws a visitor's invitation with the chapter, before the app has run, and keeps it", async () => {
    const page = await openPage(browser, { viewport: phone }, { waitForApp: false });
    const errors = collectErrors(page);
    const invitation = "Keep your place in God's Word";
    // The invitation as the HTML drew it: shown, not a placeholder keeping its room (inert).
    await page.addInitScript((title) => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as DrawnWindow).drawnElement =
          [...document.querySelectorAll('h2, h3')].find(
            (heading) => heading.textContent === title && !heading.closest('[inert]'),
          ) ?? null;
      });
    }, invitation);
    await page.goto('/read-bible?book=Ruth&chapter=1');
    expect(await page.evaluate(() => Boolean((window as DrawnWindow).drawnElement))).toBe(true);
    await page.waitForFunction(appHasStarted);
    const heading = page.getByRole('heading', { name: invitation });
    await heading.waitFor();
    // The app adopted it: the same element, never taken away while the app asked who is there.
    expect(
      await heading.evaluate((element) => element === (window as DrawnWindow).drawnElement),
    ).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('hydrates the reader with the chapter it was sent: no fetch, no error, verses work', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await openPage(browser, { colorScheme, viewport: phone }, { waitForApp: false });
      const errors = collectErrors(page);
      const chapterFetches: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/bible/John/3') {
          chapterFetches.push(request.url());
        }
      });
      // The largest text size chosen before: the server cannot know it, the app applies it.
      await page.addInitScript(() => localStorage.setItem('grounded.reader.textSize', '4'));
      await rememberDrawn(page, '#verse-16');
      // Spelled as a person might type it.
      await page.goto('/read-bible?book=john&chapter=3');
      await page.waitForFunction(appHasStarted);
      expect(await isStillDrawn(page, '#verse-16')).toBe(true);
      const text = page.locator('[style*="--reader-size"]');
      await expect
        .poll(() =>
          text.evaluate((element) => getComputedStyle(element).getPropertyValue('--reader-size')),
        )
        .toBe('1.6rem');
      expect(await page.getByRole('button', { name: 'Increase text size' }).isDisabled()).toBe(
        true,
      );
      expect(chapterFetches).toEqual([]);
      // React owns the verses: a tap opens the verse's dialog.
      await page.locator('#verse-16').click();
      const dialog = page.getByRole('dialog', { name: 'Save Verse' });
      await dialog.getByText('John 3:16').waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('sends /auth, /journal and the verse of the day drawn, in the HTML, before any script runs', async () => {
    const page = await openPage(browser, { viewport: phone }, { waitForApp: false });
    // Today's verse as the API answers it for the server's day (this machine's date).
    const now = new Date();
    const day = (now.getTime() - new Date(now.getFullYear(), 0, 1).getTime()) / 86_400_000;
    const verse = (await (
      await page.request.get(`/api/verses/daily/${Math.floor(day) + 1}`)
    ).json()) as DailyVerseResponse;
    // In the HTML itself, whatever runs or not in the browser.
    const html = async (path: string) => (await page.request.get(path)).text();
    // As React writes text into HTML.
    const escaped = verse.text
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#x27;');
    expect(await html('/verse-of-day')).toContain(escaped);
    expect(await html('/auth')).toContain('Welcome to Grounded');
    expect(await html('/journal')).toContain('Write a new entry');

    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/verse-of-day');
    const scripture = page.getByRole('region', { name: "Today's Scripture" });
    expect(await scripture.locator('blockquote').textContent()).toBe(`“${verse.text}”`);
    await scripture.getByText(verse.theme, { exact: true }).waitFor();
    expect(await page.locator('[data-before-app]').count()).toBe(0);

    await page.goto('/auth');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Grounded' }).waitFor();
    const main = page.getByRole('main');
    await main.getByLabel('Email').waitFor();
    await main.getByLabel('Password', { exact: true }).waitFor();
    await main.getByRole('tab', { name: 'Sign Up' }).waitFor();
    await main.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

    await page.goto('/journal?verse=John%203%3A16');
    await page.getByRole('heading', { level: 1, name: 'Journal' }).waitFor();
    const writer = page.getByRole('form', { name: 'Write a new entry' });
    await writer.getByLabel('Title (optional)').waitFor();
    await writer.getByLabel('Your thoughts').waitFor();
    await writer.getByText('Reflecting on').waitFor();
    await writer.getByRole('link', { name: 'John 3:16' }).waitFor();
    // A visitor's invitation is drawn in place, under the writer.
    await page.getByRole('region', { name: 'Sign in to keep your journal' }).waitFor();
    expect(await page.locator('[data-before-app]').count()).toBe(0);
    await page.context().close();
  });

  it('draws the verse of the day in the translation the device reads in', async () => {
    const page = await openPage(browser, { viewport: phone }, { waitForApp: false });
    await page
      .context()
      .addCookies([{ name: 'grounded-translation', value: 'web', url: baseURL() }]);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/verse-of-day');
    const scripture = page.getByRole('region', { name: "Today's Scripture" });
    await scripture.getByText(/\(WEB\)$/).waitFor();
    await page.context().close();
  });

  // The screens only for someone signed in send a visitor to the sign-in card; a plan's page
  // and /plans invite them to follow a plan. Each is drawn by the server, so nothing moves
  // while the app loads, hydrates and asks who is there.
  const signInCard = (page: Page) =>
    page.getByRole('heading', { level: 1, name: 'Welcome to Grounded' });
  const followCard = (page: Page) => page.getByRole('link', { name: 'Sign Up Free' });
  it.each([
    ['/memorize', '/auth', signInCard],
    ['/topics', '/auth', signInCard],
    ['/groups', '/auth', signInCard],
    ['/settings', '/auth', signInCard],
    ['/plans?plan=bible-in-a-year', '/plans', followCard],
    ['/plans', '/plans', followCard],
  ] as const)(
    'opens %s for a visitor, with its sign-in card, without moving it, on a slow phone or a desktop',
    async (path, landsOn, card) => {
      for (const [viewport, colorScheme] of [
        [phone, 'dark'],
        [desktop, 'light'],
      ] as const) {
        const where = `${path} at ${viewport.width} px, ${colorScheme}`;
        const page = await openPage(browser, { viewport, colorScheme }, { waitForApp: false });
        const errors = collectErrors(page);
        // As Lighthouse measures a phone: the CPU four times slower.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await recordLayoutShifts(page);
        await page.goto(path);
        await page.waitForFunction(appHasStarted);
        await page.waitForURL((url) => url.pathname === landsOn);
        await card(page).waitFor();
        await page.waitForLoadState('networkidle');
        const shifted = await layoutShiftTotal(page);
        expect(shifted, where).toBeLessThan(0.05);
        expect(errors, where).toEqual([]);
        await page.context().close();
      }
    },
  );

  it('hydrates the screens drawn on the server: the drawn elements stay, no error, nothing moves', async () => {
    for (const [path, selector] of [
      ['/verse-of-day', 'blockquote p'],
      ['/auth', 'input[type="email"]'],
      ['/journal', 'textarea'],
      ['/verse-graphics', 'h1'],
    ] as const) {
      const page = await openPage(browser, { viewport: phone }, { waitForApp: false });
      const errors = collectErrors(page);
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));
      await recordLayoutShifts(page);
      await rememberDrawn(page, selector);
      await page.goto(path);
      await page.waitForFunction(appHasStarted);
      await page.waitForLoadState('networkidle');
      expect(await isStillDrawn(page, selector), path).toBe(true);
      expect(errors, path).toEqual([]);
      const shifted = await layoutShiftTotal(page);
      expect(shifted, path).toBe(0);
      // The verse came with the page: the app does not ask for it again.
      if (path === '/verse-of-day') {
        expect(requests.filter((request) => request.startsWith('/api/verses/daily'))).toEqual([]);
      }
      await page.context().close();
    }
  });
});
