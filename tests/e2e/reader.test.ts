import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, signUpInPage } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import {
  collectErrors,
  launchBrowser,
  openPage,
  phone,
  waitForQuietNetwork,
} from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Console errors and uncaught exceptions on the page; a clean reader logs none. */
function chapterHeading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 2, name, exact: true });
}

function verse(page: Page, number: number): Locator {
  return page.locator(`#verse-${number}`);
}

/** The reader's own previous/next buttons at the top (the bottom ones name their target). */
function topButton(page: Page, name: 'Previous chapter' | 'Next chapter'): Locator {
  return page.getByRole('button', { name, exact: true });
}

function searchBox(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Search the Bible' });
}

async function expectUrl(page: Page, book: string, chapter: number): Promise<void> {
  await page.waitForURL(
    (url) =>
      url.pathname === '/read-bible' &&
      url.searchParams.get('book') === book &&
      url.searchParams.get('chapter') === String(chapter),
  );
}

async function isInViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

/** Colours change with a 0.01 ms transition under reduced motion; axe must read the end state. */
async function waitForTransitions(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
}

describe('reader (visitor)', () => {
  it('reads John 3 in clean text, with italics and the reference in the title', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    const errors = collectErrors(page);
    await page.goto('/read-bible?book=John&chapter=3');
    await chapterHeading(page, 'John 3').waitFor();
    await verse(page, 16).getByText('For God so loved the world').waitFor();

    const article = page.getByRole('article', { name: 'John 3' });
    expect(await article.locator('em').count()).toBeGreaterThan(0);
    expect(await article.locator('sup').first().textContent()).toContain('1');
    const text = (await article.textContent()) ?? '';
    expect(text).not.toContain('[');
    expect(text).not.toContain('#');
    expect(await page.title()).toMatch(/John 3.*Read the Bible/);

    // The progress bar: (42 + 3/21) / 66 of the Bible.
    const progress = page.getByRole('progressbar', { name: 'Progress through the Bible' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('64');

    // Visitors get the sign-up prompt instead of stats.
    await page.getByRole('heading', { name: "Keep your place in God's Word" }).waitFor();
    expect(await page.getByRole('button', { name: /Chapters Read/ }).count()).toBe(0);
    await expectAccessible(page);

    // The text size is remembered on this device.
    const sizeBefore = await article
      .locator('p')
      .nth(1)
      .evaluate((p) => getComputedStyle(p).fontSize);
    await page.getByRole('button', { name: 'Increase text size' }).click();
    const sizeAfter = await article
      .locator('p')
      .nth(1)
      .evaluate((p) => getComputedStyle(p).fontSize);
    expect(parseFloat(sizeAfter)).toBeGreaterThan(parseFloat(sizeBefore));
    expect(await page.evaluate(() => localStorage.getItem('grounded.reader.textSize'))).toBe('3');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is accessible and fits a phone in dark mode', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    await page.goto('/read-bible?book=Psalms&chapter=23');
    await verse(page, 1).getByText('The LORD is my shepherd').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await waitForTransitions(page);
    await expectAccessible(page);

    // The bar with previous, book, chapter and next stays in view while reading.
    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    expect(await isInViewport(topButton(page, 'Next chapter'))).toBe(true);
    await page.context().close();
  });

  it('finds words, opens a result at its verse, and pages through every result', async () => {
    const page = await openPage(browser);
    await page.goto('/read-bible?book=Genesis&chapter=1');
    await chapterHeading(page, 'Genesis 1').waitFor();

    await searchBox(page).fill('love one another');
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    const option = listbox.getByRole('option', { name: /^John 13:34/ });
    await option.waitFor();
    expect(await searchBox(page).getAttribute('aria-expanded')).toBe('true');
    expect(await option.locator('mark').first().textContent()).toBe('love one another');
    expect(await listbox.getByRole('option').count()).toBeLessThanOrEqual(6);
    await expectAccessible(page);
    await option.click();

    await expectUrl(page, 'John', 13);
    await chapterHeading(page, 'John 13').waitFor();
    const target = verse(page, 34);
    await expect.poll(() => target.getAttribute('data-target')).toBe('true');
    await expect.poll(() => isInViewport(target)).toBe(true);
    await expect
      .poll(() => target.evaluate((element) => element === document.activeElement))
      .toBe(true);

    // Every result, a page at a time.
    await searchBox(page).focus();
    await page.getByRole('option', { name: /^See all \d+ results/ }).click();
    const panel = page.getByRole('region', { name: 'Results for “love one another”' });
    await panel.getByText(/^Showing 1–20 of \d+ verses$/).waitFor();
    await panel.getByRole('button', { name: 'Next page' }).click();
    await panel.getByText(/^Showing 21–40 of \d+ verses$/).waitFor();
    await panel.getByRole('button', { name: 'Close search results' }).click();
    await panel.waitFor({ state: 'detached' });

    // Escape closes the suggestions, then clears the box.
    await searchBox(page).fill('shepherd');
    await listbox.waitFor();
    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'detached' });
    expect(await searchBox(page).inputValue()).toBe('shepherd');
    await page.keyboard.press('Escape');
    expect(await searchBox(page).inputValue()).toBe('');
    await page.context().close();
  });

  it('goes straight to a passage the search names, by keyboard', async () => {
    const page = await openPage(browser);
    await page.goto('/read-bible?book=John&chapter=1');
    await chapterHeading(page, 'John 1').waitFor();
    await searchBox(page).fill('ps 23');
    const goTo = page.getByRole('option', { name: 'Go to Psalm 23' });
    await goTo.waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await searchBox(page).getAttribute('aria-activedescendant')).toBe(
      await goTo.getAttribute('id'),
    );
    await page.keyboard.press('Enter');
    await expectUrl(page, 'Psalms', 23);
    await verse(page, 1).getByText('The LORD is my shepherd').waitFor();

    // Enter without choosing goes to the passage as well.
    await searchBox(page).fill('John 3:16');
    await page.keyboard.press('Enter');
    await expectUrl(page, 'John', 3);
    await expect.poll(() => verse(page, 16).getAttribute('data-target')).toBe('true');
    await page.context().close();
  });

  it("names one psalm 'Psalm 23', in the server's page and the app alike, the address 'Psalms'", async () => {
    const page = await openPage(browser);
    const errors = collectErrors(page);
    // The page as the server draws it, before any script runs.
    const html = await (await page.request.get('/read-bible?book=Psalms&chapter=23')).text();
    expect(html).toContain('<title>Psalm 23 · Read the Bible · Grounded</title>');
    expect(html).toMatch(/<h2[^>]*id="chapter-heading"[^>]*>Psalm 23<\/h2>/);
    await page.goto('/read-bible?book=Psalms&chapter=23');
    await chapterHeading(page, 'Psalm 23').waitFor();
    await verse(page, 1).getByText('The LORD is my shepherd').waitFor();
    expect(await page.title()).toMatch(/^Psalm 23 · Read the Bible/);
    await expectUrl(page, 'Psalms', 23);
    // A verse of it too, in the dialog.
    await verse(page, 1).click();
    await page
      .getByRole('dialog')
      .getByText(/^Psalm 23:1 \(KJV\)$/)
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('draws a fetched chapter in the tap itself, and Back still follows the address', async () => {
    const page = await openPage(browser, { viewport: phone });
    // The reader fetches the next chapter ahead while this one is read.
    const nextFetched = page.waitForResponse((response) =>
      response.url().endsWith('/api/bible/John/4'),
    );
    await page.goto('/read-bible?book=John&chapter=3');
    await chapterHeading(page, 'John 3').waitFor();
    await nextFetched;
    // The answer has arrived; the page reads it into its cache a moment later, when its body
    // has come in whole.
    await waitForQuietNetwork(page);
    await page.waitForFunction(() => !document.querySelector('#root[data-prerendered]'));
    // A slow phone: the router's own render of the new address then takes a while.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    // The new chapter, heading and text, is in the document when the tap's own microtasks have
    // run, before any later task (where a router transition would render it, in slices).
    const drawn = await page.evaluate(async () => {
      document.querySelector<HTMLElement>('button[aria-label="Next chapter"]')?.click();
      for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => queueMicrotask(resolve));
      return {
        heading: document.getElementById('chapter-heading')?.textContent,
        firstVerse: document.getElementById('verse-1')?.textContent,
      };
    });
    expect(drawn.heading).toBe('John 4');
    expect(drawn.firstVerse).toMatch(/When therefore the Lord knew how the Pharisees had heard/);
    // Back at once, before the router has applied John 4's address: the router returns to the
    // entry it still shows, and the turn must end with it.
    await page.goBack();
    await expectUrl(page, 'John', 3);
    await chapterHeading(page, 'John 3').waitFor();
    await verse(page, 16).getByText('For God so loved the world').waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.goForward();
    await chapterHeading(page, 'John 4').waitFor();
    await page.context().close();
  });

  it('steps across book boundaries, by button and by keyboard, and stops at both ends', async () => {
    const page = await openPage(browser);
    await page.goto('/read-bible?book=Malachi&chapter=4');
    await chapterHeading(page, 'Malachi 4').waitFor();

    await topButton(page, 'Next chapter').click();
    await expectUrl(page, 'Matthew', 1);
    await chapterHeading(page, 'Matthew 1').waitFor();
    await topButton(page, 'Previous chapter').click();
    await expectUrl(page, 'Malachi', 4);

    // Each chapter is its own history entry, so Back and Forward step through them.
    await page.goBack();
    await expectUrl(page, 'Matthew', 1);
    await page.goForward();
    await expectUrl(page, 'Malachi', 4);

    // → and ← change chapters when nothing else wants the keys.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('ArrowRight');
    await expectUrl(page, 'Matthew', 1);
    await page.keyboard.press('ArrowLeft');
    await expectUrl(page, 'Malachi', 4);
    // …but not while typing.
    await searchBox(page).fill('grace');
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(200);
    expect(new URL(page.url()).searchParams.get('book')).toBe('Malachi');

    // The bottom pager names where it goes.
    await page.getByRole('button', { name: 'Next chapter Matthew 1' }).click();
    await expectUrl(page, 'Matthew', 1);

    await page.goto('/read-bible?book=Genesis&chapter=1');
    await chapterHeading(page, 'Genesis 1').waitFor();
    expect(await topButton(page, 'Previous chapter').isDisabled()).toBe(true);
    expect(await topButton(page, 'Next chapter').isDisabled()).toBe(false);

    await page.goto('/read-bible?book=Revelation&chapter=22');
    await chapterHeading(page, 'Revelation 22').waitFor();
    expect(await topButton(page, 'Next chapter').isDisabled()).toBe(true);
    expect(
      await page
        .getByRole('button', { name: /^Next chapter/ })
        .last()
        .isDisabled(),
    ).toBe(true);
    expect(await topButton(page, 'Previous chapter').isDisabled()).toBe(false);

    // Choosing a book opens its first chapter.
    await page.getByRole('combobox', { name: 'Book' }).selectOption({ label: 'Ruth' });
    await expectUrl(page, 'Ruth', 1);
    await page.getByRole('combobox', { name: 'Chapter' }).selectOption('3');
    await expectUrl(page, 'Ruth', 3);
    await chapterHeading(page, 'Ruth 3').waitFor();

    // No chapter opens Genesis 1 for a visitor; so does a book that does not exist, saying so.
    await page.goto('/read-bible?book=Hezekiah&chapter=9');
    await expectUrl(page, 'Genesis', 1);
    await page.getByText('No book called “Hezekiah”; showing Genesis 1.').waitFor();
    await page.goto('/read-bible');
    await expectUrl(page, 'Genesis', 1);
    await chapterHeading(page, 'Genesis 1').waitFor();
    await page.context().close();
  });

  it('asks a visitor to sign in to bookmark or save, and lets them copy a verse', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/read-bible?book=John&chapter=3');
    await chapterHeading(page, 'John 3').waitFor();

    await page.getByRole('button', { name: 'Bookmark' }).click();
    await expectToast(page, 'Sign in required');
    await page.getByText('Please sign in to bookmark chapters.').waitFor();
    await page.getByRole('button', { name: 'Sign Up Free' }).last().waitFor();

    await verse(page, 16).click();
    const dialog = page.getByRole('dialog', { name: 'Save Verse' });
    await dialog.getByText('John 3:16').waitFor();
    expect(await verse(page, 16).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, 'Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^For God so loved the world.* — John 3:16 \(KJV\)$/);

    await dialog.getByRole('button', { name: 'Save Verse' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectToast(page, 'Sign in required');
    await page.getByText('Please sign in to save verses.').waitFor();
    await page.context().close();
  });

  it('reads a chapter aloud verse by verse, marks the verse, and stops on a new chapter', async () => {
    const page = await openPage(browser);
    // Headless Chromium has no voices: a stand-in speaks each utterance for 150 ms.
    await page.addInitScript(() => {
      const spoken: string[] = [];
      let current: SpeechSynthesisUtterance | null = null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const standIn = {
        speak(utterance: SpeechSynthesisUtterance) {
          spoken.push(utterance.text);
          current = utterance;
          timer = setTimeout(() => {
            current = null;
            utterance.onend?.(new Event('end') as SpeechSynthesisEvent);
          }, 150);
        },
        cancel() {
          clearTimeout(timer);
          const utterance = current;
          current = null;
          utterance?.onerror?.({ error: 'canceled' } as SpeechSynthesisErrorEvent);
        },
        pause() {},
        resume() {},
        getVoices: () => [],
      };
      Object.defineProperty(window, 'speechSynthesis', { value: standIn, configurable: true });
      Object.defineProperty(window, 'spokenVerses', { value: spoken });
      // Every verse marked as it is read, in order: a verse is marked for 150 ms only, which a
      // look now and then can miss on a busy machine.
      const marked: string[] = [];
      Object.defineProperty(window, 'markedVerses', { value: marked });
      new MutationObserver((changes) => {
        for (const change of changes) {
          const target = change.target as Element;
          if (target.hasAttribute('data-reading') && marked.at(-1) !== target.id) {
            marked.push(target.id);
          }
        }
      }).observe(document, { attributes: true, attributeFilter: ['data-reading'], subtree: true });
    });
    await page.goto('/read-bible?book=John&chapter=11');
    await chapterHeading(page, 'John 11').waitFor();
    await page.getByRole('button', { name: 'Read aloud' }).click();
    const marked = () =>
      page.evaluate(() => (window as unknown as { markedVerses: string[] }).markedVerses);
    await expect
      .poll(async () => (await marked()).slice(0, 3))
      .toEqual(['verse-1', 'verse-2', 'verse-3']);
    const spoken = () =>
      page.evaluate(() => (window as unknown as { spokenVerses: string[] }).spokenVerses);
    expect((await spoken())[0]).toMatch(/^Now a certain man was sick, named Lazarus/);

    await page.getByRole('button', { name: 'Pause' }).click();
    expect(await page.locator('[data-reading]').count()).toBeGreaterThan(0);
    const countAtPause = (await spoken()).length;
    await page.waitForTimeout(400);
    expect((await spoken()).length).toBe(countAtPause);

    await page.getByRole('button', { name: 'Read aloud' }).click();
    await expect.poll(async () => (await spoken()).length).toBeGreaterThan(countAtPause);
    await topButton(page, 'Next chapter').click();
    await chapterHeading(page, 'John 12').waitFor();
    await page.getByRole('button', { name: 'Read aloud' }).waitFor();
    expect(await page.locator('[data-reading]').count()).toBe(0);

    // Without speech synthesis there is no button at all.
    const silent = await openPage(browser);
    await silent.addInitScript(() => {
      Reflect.deleteProperty(window, 'speechSynthesis');
    });
    await silent.goto('/read-bible?book=John&chapter=11');
    await chapterHeading(silent, 'John 11').waitFor();
    await expect.poll(() => silent.getByRole('button', { name: 'Read aloud' }).count()).toBe(0);
    await silent.context().close();
    await page.context().close();
  });

  it('says so when a chapter cannot load, and loads it on Try Again', async () => {
    const page = await openPage(browser);
    await page.route('**/api/bible/Jude/1', (route) => route.abort('internetdisconnected'));
    // A page's own chapter comes with the page (decision 006); the next one is fetched.
    await page.goto('/read-bible?book=3+John&chapter=1');
    await topButton(page, 'Next chapter').click();
    await expectToast(page, 'Loading Error');
    await page.getByText('Network error. Please check your internet connection.').waitFor();
    await page.getByText('Unable to load chapter content.').waitFor();
    await page.unroute('**/api/bible/Jude/1');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await verse(page, 1).getByText('Jude, the servant of Jesus Christ').waitFor();
    await page.context().close();
  });
});

describe('reader (signed in)', () => {
  it('saves progress, bookmarks, highlights and saves verses, and follows a plan', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    const errors = collectErrors(page);
    await signUpInPage(page, 'Lois');
    await page.goto('/read-bible?book=Psalms&chapter=23');
    await chapterHeading(page, 'Psalm 23').waitFor();
    expect(await page.getByRole('heading', { name: "Keep your place in God's Word" }).count()).toBe(
      0,
    );

    // Loading the chapter counted it as read (once the page is idle: on a loaded machine that
    // can take more than expect.poll's default second).
    const chaptersRead = page.getByRole('button', { name: /Chapters Read/ });
    await expect.poll(() => chaptersRead.textContent(), { timeout: 10_000 }).toContain('1');
    await expectAccessible(page);

    // Bookmark the chapter; the Bookmarks popover lists it in a 320 px scroll area.
    const bookmark = page.getByRole('button', { name: 'Bookmark', exact: true });
    expect(await bookmark.getAttribute('aria-pressed')).toBe('false');
    await bookmark.click();
    await expectToast(page, 'Chapter bookmarked');
    await expect.poll(() => bookmark.getAttribute('aria-pressed')).toBe('true');
    const bookmarksTrigger = page.getByRole('button', { name: /Bookmarks/ });
    await expect.poll(() => bookmarksTrigger.textContent()).toContain('1');
    await bookmarksTrigger.click();
    const bookmarksPopover = page.getByRole('dialog', { name: 'Bookmarks' });
    await bookmarksPopover.getByRole('link', { name: /Psalm 23/ }).waitFor();
    await expectAccessible(page);
    const height = await bookmarksPopover
      .getByRole('region', { name: 'Bookmarks list' })
      .evaluate((element) => element.parentElement?.getBoundingClientRect().height);
    expect(height).toBe(320);
    await page.keyboard.press('Escape');
    await bookmarksPopover.waitFor({ state: 'hidden' });

    // Highlight verse 1 and save it.
    await verse(page, 1).click();
    const dialog = page.getByRole('dialog', { name: 'Save Verse' });
    await dialog.getByText('Psalm 23:1 (KJV)').waitFor();
    await expect.poll(() => verse(page, 1).getAttribute('aria-pressed')).toBe('true');
    await dialog.getByText('Highlighted in your Bible.').waitFor();
    await expectAccessible(page);
    const saveRequest = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/saved-verses'),
    );
    await dialog.getByRole('button', { name: 'Save Verse' }).click();
    await expectToast(page, 'Verse saved');
    await dialog.waitFor({ state: 'hidden' });
    expect(JSON.parse((await saveRequest).postData() ?? '{}')).toEqual({
      text: 'The LORD is my shepherd; I shall not want.',
      reference: 'Psalms 23:1',
      theme: 'Bible Reading',
      emotion_tag: null,
      custom_note: null,
      translation: 'kjv',
    });

    // The highlight is kept on the server.
    await page.reload();
    await chapterHeading(page, 'Psalm 23').waitFor();
    await expect.poll(() => verse(page, 1).getAttribute('aria-pressed')).toBe('true');
    expect(await verse(page, 2).getAttribute('aria-pressed')).toBe('false');

    // Without a chapter in the address, the reader resumes at the last one read.
    await page.goto('/read-bible?book=John&chapter=1');
    await chapterHeading(page, 'John 1').waitFor();
    await expect.poll(() => chaptersRead.textContent(), { timeout: 10_000 }).toContain('2');
    await page.goto('/read-bible');
    await expectUrl(page, 'John', 1);

    // Chapters Read lists newest first; removing one says so.
    await chaptersRead.click();
    const chaptersPopover = page.getByRole('dialog', { name: 'Chapters Read' });
    const links = chaptersPopover.getByRole('link');
    await expect.poll(() => links.count()).toBe(2);
    expect(await links.first().textContent()).toContain('John 1');
    await chaptersPopover
      .getByRole('button', { name: 'Remove Psalm 23 from chapters read' })
      .click();
    await expectToast(page, 'Progress removed');
    await expect.poll(() => links.count()).toBe(1);
    await page.keyboard.press('Escape');

    // Reading plan: started, it is one of the plans followed, its next chapter among today's
    // readings.
    await page.getByRole('button', { name: 'Start reading plan' }).click();
    await expectToast(page, 'Reading plan started');
    const todays = page.getByRole('region', { name: "Today's readings" });
    await todays.getByRole('link', { name: 'The Whole Bible, a Chapter at a Time' }).waitFor();
    const plan = (await (await page.request.get('/api/reading-plan')).json()) as {
      plan: { current_book_index: number; current_chapter: number };
    };
    expect(plan.plan).not.toBeNull();
    const href = (await todays.getByRole('link').last().getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/read-bible\?book=.+&chapter=\d+$/);

    // Dark mode, signed in.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    await waitForTransitions(page);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
