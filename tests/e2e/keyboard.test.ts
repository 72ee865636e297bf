import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePaths } from '#shared/site-routes.ts';
import { a11yAccount, grantModerator, signInA11yAccount } from './support/a11y-account.ts';
import {
  expectFocused,
  expectVisibleFocus,
  isFocused,
  tabTo,
  walkFocusOrder,
} from './support/a11y-keyboard.ts';
import { seedA11yGroup, settle } from './support/a11y-page.ts';
import { expectToast } from './support/accounts.ts';
import { desktop, launchBrowser, openPage, phone } from './support/browser.ts';

// The spec's main flows with the keyboard alone (no click anywhere in this
// file), with the focus visible at every stop, menus closing on Escape and dialogs keeping
// focus inside and giving it back.

let browser: Browser;
/** One page for the whole file: it signs in once through the form, as a person would. */
let page: Page;

/** The shared account's group and an invite to it, for the screens with a part of their own. */
const pathOf: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  // Makes sure the shared account exists (accessibility.test.ts may not have run yet).
  const setup = await openPage(browser);
  await signInA11yAccount(setup.request);
  const group = await seedA11yGroup(setup.request);
  pathOf['/groups/:id'] = group.groupPath;
  pathOf['/groups/join/:token'] = group.invitePath;
  await setup.context().close();
  page = await openPage(browser, { colorScheme: 'light' });
});
afterAll(async () => {
  await browser.close();
});

function main(page: Page): Locator {
  return page.getByRole('main');
}

function banner(page: Page): Locator {
  return page.getByRole('banner');
}

async function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains('dark'));
}

/** Tab and Shift+Tab, many times each, never take the focus out of `container`. */
async function expectFocusTrapped(page: Page, container: Locator, presses = 12): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < presses; press += 1) {
      await page.keyboard.press(key);
      expect(
        await container.evaluate((element) => element.contains(document.activeElement)),
        `${key} #${press + 1} left the dialog`,
      ).toBe(true);
      await expectVisibleFocus(page);
    }
  }
}

describe('keyboard only', () => {
  it('signs in on /auth, starting from the skip link', async () => {
    await page.goto('/auth');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The first Tab stop is the skip link, and it is visible when focused.
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await tabTo(page, skip, { limit: 1 });
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    // From the main landmark, the next stops are the page's own (the header is skipped).
    await tabTo(page, main(page).getByRole('tab', { name: 'Sign In' }), { limit: 4 });

    await tabTo(page, main(page).getByLabel('Email'));
    await page.keyboard.type(a11yAccount.email);
    await tabTo(page, main(page).getByLabel('Password', { exact: true }));
    await page.keyboard.type(a11yAccount.password);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Welcome back!');
    await page.waitForURL((url) => url.pathname === '/');
    await main(page).getByText(`Welcome back, ${a11yAccount.displayName}!`).waitFor();
  });

  it('finds a verse for a feeling and saves it', async () => {
    await page.goto('/feeling');
    const textarea = main(page).getByRole('textbox', { name: "What's on your heart today?" });
    await tabTo(page, textarea);
    await page.keyboard.type('I am so anxious and worried about tomorrow');
    await page.keyboard.press('Enter');
    // The result's heading takes focus, so that it is announced.
    const heading = main(page).getByRole('heading', { name: /^For when you feel/ });
    await expectFocused(heading);
    const save = main(page).getByRole('button', { name: 'Save', exact: true });
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Verse Saved');
    await main(page).getByRole('button', { name: 'Saved' }).waitFor();

    // 'Share Another Feeling' goes back to an empty form, with the focus in it.
    await tabTo(page, main(page).getByRole('button', { name: 'Share Another Feeling' }));
    await page.keyboard.press('Enter');
    await expectFocused(textarea);
    expect(await textarea.inputValue()).toBe('');
  });

  it('reads the Bible: picks a book and a chapter, goes on, bookmarks and saves a verse', async () => {
    await page.goto('/read-bible?book=John&chapter=3');
    await main(page).getByRole('heading', { level: 2, name: 'John 3', exact: true }).waitFor();

    const book = main(page).getByRole('combobox', { name: 'Book' });
    const shown = (select: Locator) =>
      select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent);
    const chosen = (name: string) => new URL(page.url()).searchParams.get(name);
    await tabTo(page, book);
    // Type-ahead on the closed select shows the book; only Enter opens it (its chapter 1).
    await page.keyboard.type('Psalms');
    await expect.poll(() => shown(book)).toBe('Psalms');
    expect(chosen('book')).toBe('John');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('book') === 'Psalms');
    await expectFocused(book);

    const chapter = main(page).getByRole('combobox', { name: 'Chapter' });
    await tabTo(page, chapter);
    // The arrows move through the chapters without opening each one; Escape takes it back.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => chapter.inputValue()).toBe('2');
    await page.keyboard.press('Escape');
    await expect.poll(() => chapter.inputValue()).toBe('1');
    for (let chapter = 2; chapter <= 23; chapter += 1) await page.keyboard.press('ArrowDown');
    await expect.poll(() => chapter.inputValue()).toBe('23');
    expect(chosen('chapter')).toBe('1');
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('chapter') === '23');
    await main(page).getByRole('heading', { level: 2, name: 'Psalm 23', exact: true }).waitFor();

    await tabTo(page, main(page).getByRole('button', { name: 'Next chapter', exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('chapter') === '24');
    await main(page).getByRole('heading', { level: 2, name: 'Psalm 24', exact: true }).waitFor();

    const bookmark = main(page).getByRole('button', { name: 'Bookmark', exact: true });
    await tabTo(page, bookmark);
    await page.keyboard.press('Space');
    await expect.poll(() => bookmark.getAttribute('aria-pressed')).toBe('true');
    await expectToast(page, 'Chapter bookmarked');

    // The verses are one Tab stop; the arrows move between them and Enter opens the dialog.
    const firstVerse = page.locator('#verse-1');
    await tabTo(page, firstVerse);
    await page.keyboard.press('ArrowDown');
    const secondVerse = page.locator('#verse-2');
    await expectFocused(secondVerse);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save Verse' });
    await dialog.waitFor();
    await expectFocusTrapped(page, dialog, 8);
    await tabTo(page, dialog.getByRole('button', { name: 'Save Verse' }), { limit: 10 });
    await page.keyboard.press('Enter');
    await expectToast(page, 'Verse saved');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocused(secondVerse);
  });

  it("shows 'Previous chapter' at the end of John 3 when Tab reaches it from the verses", async () => {
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      await page.goto('/read-bible?book=John&chapter=3');
      await main(page).getByRole('heading', { level: 2, name: 'John 3', exact: true }).waitFor();
      await tabTo(page, page.locator('#verse-1'));
      // The chapter's paragraphs lie between the verses' Tab stop and the pager at its end.
      const previous = main(page).getByRole('button', { name: /Previous chapter\s*John 2/ });
      await tabTo(page, previous, { limit: 5 });
      // Where it rests once the page has stopped moving (paragraphs drawn as they scroll near
      // change the layout): the same place for ten frames in a row.
      const box = await previous.evaluate(async (element) => {
        const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
        let last = '';
        for (let still = 0, frames = 0; still < 10 && frames < 300; frames += 1) {
          await frame();
          const { top, bottom } = element.getBoundingClientRect();
          const now = `${top} ${bottom} ${window.scrollY}`;
          still = now === last ? still + 1 : 0;
          last = now;
        }
        const { top, bottom } = element.getBoundingClientRect();
        return { top, bottom, height: window.innerHeight };
      });
      expect(box.top, `off screen at ${viewport.width} px`).toBeGreaterThanOrEqual(-1);
      expect(box.bottom, `off screen at ${viewport.width} px`).toBeLessThanOrEqual(box.height + 1);
    }
    await page.setViewportSize(desktop);
  });

  it('writes and saves a journal entry', async () => {
    await page.goto('/journal');
    const title = `Kept by the keyboard ${Date.now()}`;
    await tabTo(page, main(page).getByLabel('Title (optional)'));
    await page.keyboard.type(title);
    await tabTo(page, main(page).getByLabel('Your thoughts'));
    await page.keyboard.type('The LORD is my shepherd; I shall not want.');
    const grateful = main(page).getByRole('button', { name: 'Grateful', exact: true });
    await tabTo(page, grateful);
    await page.keyboard.press('Space');
    await expect.poll(() => grateful.getAttribute('aria-pressed')).toBe('true');
    await tabTo(page, main(page).getByRole('button', { name: 'Save Entry' }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Entry Saved');
    await main(page).getByText(title).waitFor();
  });

  it('opens and closes every header menu, and Escape gives focus back to its button', async () => {
    await page.goto('/');
    await main(page).getByRole('heading', { level: 1 }).waitFor();

    const explore = banner(page).getByRole('button', { name: 'Explore' });
    await tabTo(page, explore);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await expectFocused(menu.getByRole('menuitem', { name: "How You're Feeling" }));
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowDown');
    await expectFocused(menu.getByRole('menuitem', { name: 'Verse of the Day' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expectFocused(explore);
    await expectVisibleFocus(page);

    // The theme, from its menu: Enter opens it, the arrows choose, Enter applies.
    const theme = banner(page).getByRole('button', { name: 'Theme' });
    await tabTo(page, theme);
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await expectFocused(menu.getByRole('menuitemradio', { name: 'Light' }));
    await page.keyboard.press('ArrowDown');
    await expectFocused(menu.getByRole('menuitemradio', { name: 'Dark' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'hidden' });
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expectFocused(theme);

    const bell = banner(page).getByRole('button', { name: /^Notifications/ });
    await tabTo(page, bell);
    await page.keyboard.press('Enter');
    const notifications = page.getByRole('dialog', { name: 'Notifications' });
    await notifications.waitFor();
    await expect
      .poll(() => notifications.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('Escape');
    await notifications.waitFor({ state: 'hidden' });
    await expectFocused(bell);

    const account = banner(page).getByRole('button', { name: /^Account menu/ });
    await tabTo(page, account);
    await page.keyboard.press('Enter');
    await menu.waitFor();
    // Its first item, Notes, has the focus; the arrows go on to Topics and Settings.
    await expectFocused(menu.getByRole('menuitem', { name: 'Notes' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowDown');
    await expectFocused(menu.getByRole('menuitem', { name: 'Topics' }));
    await page.keyboard.press('ArrowDown');
    await expectFocused(menu.getByRole('menuitem', { name: 'Settings' }));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expectFocused(account);

    // The mobile menu on a phone: its links are next in Tab order; Escape closes it.
    await page.setViewportSize(phone);
    const toggle = banner(page).getByRole('button', { name: 'Open menu' });
    await tabTo(page, toggle, { backwards: true });
    await page.keyboard.press('Enter');
    const mobileMenu = page.getByRole('navigation', { name: 'Explore menu' });
    await mobileMenu.waitFor();
    await tabTo(page, mobileMenu.getByRole('link', { name: "How You're Feeling" }), { limit: 1 });
    await page.keyboard.press('Escape');
    await mobileMenu.waitFor({ state: 'hidden' });
    await expectFocused(banner(page).getByRole('button', { name: 'Open menu' }));
    await expectVisibleFocus(page);
    await page.setViewportSize(desktop);
  });

  it('changes the theme in settings; the delete dialog keeps focus and gives it back', async () => {
    await page.goto('/settings');
    await main(page).getByLabel('Display name').waitFor();
    // A radio group is one Tab stop (the chosen theme); the arrows change the choice, with a
    // moment between keydown and keyup, as a person presses a key.
    const arrow = (key: string) => page.keyboard.press(key, { delay: 50 });
    await tabTo(page, main(page).getByRole('radio', { name: 'Dark' }));
    await arrow('ArrowRight');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    await expectFocused(main(page).getByRole('radio', { name: 'Auto' }));
    await arrow('ArrowLeft');
    await expectFocused(main(page).getByRole('radio', { name: 'Dark' }));
    await expect.poll(() => isDark(page)).toBe(true);
    await arrow('ArrowLeft');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    expect(await isDark(page)).toBe(false);
    await expectVisibleFocus(page);

    const trigger = main(page).getByRole('button', { name: 'Delete account' });
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await expectFocused(dialog.getByLabel('Password'));
    await expectFocusTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocused(trigger);
    await expectVisibleFocus(page);
  });

  it('submits a testimony, which a moderator then declines', async () => {
    await page.goto('/testimony');
    const reminded = `He restoreth my soul (${Date.now()})`;
    await tabTo(page, main(page).getByRole('textbox', { name: 'How were you feeling?' }));
    await page.keyboard.type('Weary');
    await tabTo(page, main(page).getByRole('textbox', { name: 'What did God remind you of?' }));
    await page.keyboard.type(reminded);
    const anonymous = main(page).getByRole('switch', { name: 'Share anonymously' });
    await tabTo(page, anonymous);
    await page.keyboard.press('Space');
    await expect.poll(() => anonymous.isChecked()).toBe(false);
    const name = main(page).getByRole('textbox', { name: 'Include My Name' });
    await tabTo(page, name, { limit: 1 });
    expect(await name.inputValue()).toBe(a11yAccount.displayName);
    await tabTo(page, main(page).getByRole('button', { name: 'Submit Testimony' }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Testimony submitted!');

    // Declined at once, so that no other spec finds it waiting or shared.
    grantModerator();
    await page.goto('/moderation');
    const item = main(page)
      .getByRole('list', { name: 'Testimonies waiting for review' })
      .getByRole('listitem')
      .filter({ hasText: reminded });
    await tabTo(page, item.getByRole('button', { name: 'Decline' }), { limit: 120 });
    await page.keyboard.press('Enter');
    // Decline asks first (docs/product.md §2, /moderation); the dialog is worked by keyboard too.
    const dialog = page.getByRole('dialog', { name: 'Decline this testimony?' });
    await tabTo(page, dialog.getByRole('button', { name: 'Decline testimony' }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Testimony declined');
    await item.waitFor({ state: 'detached' });
    // Focus is not lost to the page's top when the card goes.
    expect(await isFocused(page.locator('body'))).toBe(false);
  });
});

// Every stop of every screen (signed in, so with the most controls), walked back up from the
// end: each shows where the focus is, and none is hidden under the sticky header.
const walkedPaths = [
  ...sitePaths.filter((path) => path !== '/auth'),
  '/read-bible?book=John&chapter=3',
  '/topics?tag=grace',
  '/notes?tag=love',
  '/no-such-page',
];

describe.each([
  { width: 'desktop', viewport: desktop },
  { width: 'phone', viewport: phone },
])('focus order of every screen, $width', ({ viewport }) => {
  beforeAll(async () => {
    await page.setViewportSize(viewport);
  });

  it.each(walkedPaths)('%s', async (path) => {
    await page.goto(pathOf[path] ?? path);
    await settle(page);
    expect(await walkFocusOrder(page)).toBeGreaterThan(5);
  });
});
