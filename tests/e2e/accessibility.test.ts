import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePaths } from '#shared/site-routes.ts';
import { grantModerator, signInA11yAccount } from './support/a11y-account.ts';
import { seedA11yData, seedA11yGroup, settle } from './support/a11y-page.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, desktop, launchBrowser, openPage, phone } from './support/browser.ts';

// Every route, signed out and signed in, light and dark, at a phone's and a
// desktop's width, with no axe-core violation of any impact (WCAG 2.2 AA and best practices,
// colour contrast included); then the states that only appear after an interaction.

type Theme = 'light' | 'dark';
type Width = 'phone' | 'desktop';

let browser: Browser;
/** The signed-in cookie, taken once: sign-ins are rate limited per address too. */
let signedInState: NonNullable<BrowserContextOptions['storageState']>;
/** The walk's group and an invite link to it: the screens whose paths have a part of their own. */
const pathOf: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  const page = await openPage(browser);
  await signInA11yAccount(page.request);
  await seedA11yData(page.request);
  const group = await seedA11yGroup(page.request);
  pathOf['/groups/:id'] = group.groupPath;
  pathOf['/groups/join/:token'] = group.invitePath;
  signedInState = await page.context().storageState();
  await page.context().close();
});
afterAll(async () => {
  await browser.close();
});

/** A page with the theme stored where /theme-init.js reads it, before any script of ours runs. */
async function openThemedPage(theme: Theme, width: Width, isSignedIn: boolean): Promise<Page> {
  const page = await openPage(browser, {
    viewport: width === 'phone' ? phone : desktop,
    colorScheme: theme,
    ...(isSignedIn ? { storageState: signedInState } : {}),
  });
  await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
  return page;
}

/** Every screen of site-routes.ts, plus the states of a route that a URL alone can reach. */
const extraPaths = [
  '/no-such-page',
  '/auth/reset-password?token=not-a-real-token',
  '/auth/confirm-email?token=not-a-real-token',
  '/read-bible?book=John&chapter=3',
  '/plans?plan=gospels-30',
  '/topics?tag=grace',
  '/notes?tag=love',
];

/** product §2: these send a visitor to /auth, which the signed-out walk checks as itself. */
const protectedPaths = [
  '/journal-entries',
  '/topics',
  '/notes',
  '/groups',
  '/groups/:id',
  '/bookmarks',
  '/settings',
  '/moderation',
  '/memorize',
];

function routesFor(isSignedIn: boolean): string[] {
  // A signed-in visit to /auth only redirects home (product §2), which is walked anyway.
  const paths = sitePaths.filter((path) =>
    isSignedIn ? path !== '/auth' : !protectedPaths.includes(path),
  );
  return [...paths, ...extraPaths];
}

// Each signed-in state in each theme, and each theme at both widths (the full cross product
// doubles the run time and finds nothing these four do not).
const combinations: { session: string; isSignedIn: boolean; theme: Theme; width: Width }[] = [
  { session: 'signed out', isSignedIn: false, theme: 'light', width: 'desktop' },
  { session: 'signed out', isSignedIn: false, theme: 'dark', width: 'phone' },
  { session: 'signed in', isSignedIn: true, theme: 'light', width: 'phone' },
  { session: 'signed in', isSignedIn: true, theme: 'dark', width: 'desktop' },
];

describe.each(combinations)(
  'every route, $session, $theme, $width',
  ({ isSignedIn, theme, width }) => {
    let page: Page;
    beforeAll(async () => {
      page = await openThemedPage(theme, width, isSignedIn);
    });
    afterAll(async () => {
      await page.context().close();
    });

    it.each(routesFor(isSignedIn))('%s', async (path) => {
      await page.goto(pathOf[path] ?? path);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      );
      await expectAccessible(page, { impacts: 'all' });
    });
  },
);

/** Opens a header control and checks the page with it open, then closes it with Escape. */
async function checkOpen(page: Page, trigger: Locator, opened: Locator): Promise<void> {
  await trigger.click();
  await opened.waitFor();
  await settle(page);
  await expectAccessible(page, { impacts: 'all' });
  await page.keyboard.press('Escape');
  await opened.waitFor({ state: 'hidden' });
}

function banner(page: Page): Locator {
  return page.getByRole('banner');
}

// Each state once, the themes shared out between them: the route walk above already checks
// every colour token in both themes, and a second pass here would double the file's run time.
describe('interactive states', () => {
  it('header menus for a visitor: Explore, theme and the mobile menu (dark)', async () => {
    const page = await openThemedPage('dark', 'desktop', false);
    await page.goto('/');
    await settle(page);
    await checkOpen(
      page,
      banner(page).getByRole('button', { name: 'Explore' }),
      page.getByRole('menu'),
    );
    await checkOpen(
      page,
      banner(page).getByRole('button', { name: 'Theme' }),
      page.getByRole('menu'),
    );
    await page.setViewportSize(phone);
    await checkOpen(
      page,
      banner(page).getByRole('button', { name: 'Open menu' }),
      page.getByRole('navigation', { name: 'Explore menu' }),
    );
    await page.context().close();
  });

  it('header menus for a signed-in user: the user menu, the bell and the mobile menu (light)', async () => {
    const page = await openThemedPage('light', 'desktop', true);
    await page.goto('/');
    await settle(page);
    await checkOpen(
      page,
      banner(page).getByRole('button', { name: /^Account menu/ }),
      page.getByRole('menu'),
    );
    await checkOpen(
      page,
      banner(page).getByRole('button', { name: /^Notifications/ }),
      page.getByRole('dialog', { name: 'Notifications' }),
    );
    await page.setViewportSize(phone);
    await checkOpen(
      page,
      banner(page).getByRole('button', { name: 'Open menu' }),
      page.getByRole('navigation', { name: 'Explore menu' }),
    );
    await page.context().close();
  });

  it('the sign-up tab and the password reset form of /auth (dark)', async () => {
    const page = await openThemedPage('dark', 'phone', false);
    await page.goto('/auth');
    await settle(page);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    // Client-side errors on every field.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Enter your name.').waitFor();
    await expectAccessible(page, { impacts: 'all' });
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: /Forgot/ }).click();
    await page.getByRole('button', { name: /reset link/i }).waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await page.context().close();
  });

  it('a verse for a feeling, with its image preview (light)', async () => {
    const page = await openThemedPage('light', 'desktop', false);
    await page.goto('/feeling');
    await settle(page);
    await page.getByRole('textbox').fill('I feel anxious about tomorrow');
    await page.getByRole('button', { name: 'Find My Verse' }).click();
    await page.getByRole('button', { name: 'Share Another Feeling' }).waitFor();
    await page.getByRole('main').locator('img').first().waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await page.context().close();
  });

  it('verse graphics with a verse chosen and a preview drawn (dark)', async () => {
    const page = await openThemedPage('dark', 'phone', false);
    await page.goto('/verse-graphics');
    await settle(page);
    await page.getByRole('radio').first().click();
    await page.locator('main blockquote').first().waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('main').locator('figure img').waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await page.context().close();
  });

  it('the reader: search results, a stats popover and the Save Verse dialog (dark)', async () => {
    const page = await openThemedPage('dark', 'desktop', true);
    await page.goto('/read-bible?book=Psalms&chapter=23');
    await settle(page);
    // The suggestions while typing, then the full results after Enter.
    const search = page.getByRole('combobox', { name: 'Search the Bible' });
    await search.fill('shepherd');
    await page.getByRole('listbox').waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await search.press('Enter');
    await page.getByRole('heading', { name: /^Results for/ }).waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });

    await page.getByRole('button', { name: /Chapters Read/ }).click();
    await page.getByRole('dialog').waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.locator('#verse-1').click();
    const dialog = page.getByRole('dialog', { name: /Save Verse/ });
    await dialog.waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.context().close();
  });

  it('prayer cards opened and the timer running (light)', async () => {
    const page = await openThemedPage('light', 'phone', false);
    await page.goto('/prayer');
    await settle(page);
    await page.getByRole('button', { name: /^Pray/ }).first().click();
    await page.getByRole('button', { name: /^Hide/ }).first().waitFor();
    await page
      .getByRole('button', { name: /^Start/ })
      .first()
      .click();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await page.context().close();
  });

  it('journal entries in edit mode and the delete confirmation (dark)', async () => {
    const page = await openThemedPage('dark', 'desktop', true);
    await page.goto('/journal-entries');
    await settle(page);
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, { impacts: 'all' });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Delete this entry?' }).waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('settings: the delete-account dialog (light)', async () => {
    const page = await openThemedPage('light', 'phone', true);
    await page.goto('/settings');
    await settle(page);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await page.keyboard.press('Escape');
    await page.context().close();
  });
});

describe('moderation', () => {
  it('shows a moderator the review queue, accessible in light and dark', async () => {
    grantModerator();
    const page = await openPage(browser, { storageState: signedInState });
    // A testimony of our own to review, declined at the end so that no other spec sees it.
    const created = await page.request.post('/api/testimonies', {
      data: {
        feeling: 'Tired',
        god_reminded: 'My grace is sufficient for thee',
        is_anonymous: true,
      },
      headers: { origin: baseURL() },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (const [theme, width] of [
      ['light', 'desktop'],
      ['dark', 'phone'],
    ] as const) {
      const themed = await openThemedPage(theme, width, true);
      await themed.goto('/moderation');
      await themed.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
      await themed.getByRole('button', { name: 'Approve' }).first().waitFor();
      await settle(themed);
      await expectAccessible(themed, { impacts: 'all' });
      await themed.context().close();
    }
    const declined = await page.request.post(`/api/moderation/testimonies/${id}/decline`, {
      headers: { origin: baseURL() },
    });
    expect(declined.status(), await declined.text()).toBe(200);
    await page.context().close();
  });
});

/** The CSS animations on the page now, with their names and delays. */
function cssAnimations(page: Page): Promise<{ name: string; delay: number }[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation instanceof CSSAnimation)
      .map((animation) => ({
        name: (animation as CSSAnimation).animationName,
        delay: Number(animation.effect?.getTiming().delay ?? 0),
      })),
  );
}

describe('prefers-reduced-motion', () => {
  it('animates cards 100 ms apart and scrolls smoothly only when motion is welcome', async () => {
    const moving = await openPage(browser, {
      storageState: signedInState,
      reducedMotion: 'no-preference',
    });
    await moving.goto('/bookmarks');
    const cards = moving.getByRole('main').getByRole('link', { name: /^Read / });
    await cards.nth(1).waitFor();
    const animations = await cssAnimations(moving);
    expect(
      animations
        .filter((animation) => animation.name === 'card-enter-in')
        .map((a) => a.delay)
        .sort((a, b) => a - b)
        .slice(0, 2),
    ).toEqual([0, 100]);
    expect(
      await moving.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).toBe('smooth');
    await moving.context().close();

    const still = await openPage(browser, { storageState: signedInState, reducedMotion: 'reduce' });
    await still.goto('/bookmarks');
    await still
      .getByRole('main')
      .getByRole('link', { name: /^Read / })
      .nth(1)
      .waitFor();
    // No entrance animation at all, so no card waits hidden for its delay.
    expect(await cssAnimations(still)).toEqual([]);
    expect(
      await still.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).toBe('auto');
    // Transitions are off too: a colour change (hover, theme) is instant.
    const button = still.getByRole('banner').getByRole('button', { name: 'Theme' });
    expect(await button.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe(
      '0s',
    );
    await still.context().close();
  });
});
