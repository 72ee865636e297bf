import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInA11yAccount } from './support/a11y-account.ts';
import { tabTo } from './support/a11y-keyboard.ts';
import { settle } from './support/a11y-page.ts';
import {
  expectToast,
  readConfirmationLink,
  signUpInPage,
  uniqueEmail,
} from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, openPage, phone } from './support/browser.ts';

// Decision 009: a password sign-up is asked to confirm its e-mail (until then no Google
// sign-in may join the account). The reminder, the confirmation page and the sign-in methods
// in Settings, as a person meets them. Sign-ups are limited per address for the whole suite,
// so this file makes one, in the browser, and follows that account throughout.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const invalidLinkMessage =
  'This confirmation link is invalid or has expired. You can ask for a new one in Settings.';

function reminder(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: 'Confirm your e-mail.' });
}

function signInMethods(page: Page): Locator {
  return page.getByRole('region', { name: 'Sign-in methods' });
}

async function signUpInBrowser(page: Page, email: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const main = page.getByRole('main');
  await main.getByLabel('Full name').fill('Priscilla Tentmaker');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill('faith-works-by-love-6');
  await main.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Welcome to Grounded!');
  await page.waitForURL((url) => url.pathname === '/');
}

describe('confirming the e-mail of a new account', () => {
  // One account followed through the steps below, in order (the file's tests run in sequence).
  let page: Page;
  let email: string;
  let link: string;
  beforeAll(async () => {
    page = await openPage(browser, { colorScheme: 'light' });
    email = uniqueEmail();
    await signUpInBrowser(page, email);
  });
  afterAll(async () => {
    await page.context().close();
  });

  it('reminds a new account under the header to confirm its e-mail', async () => {
    await reminder(page).waitFor();
    expect(await reminder(page).textContent()).toContain(`We sent a link to ${email}.`);
    // Its own strip: neither in the header nor in the screen.
    expect(await page.getByRole('banner').getByText('Confirm your e-mail.').count()).toBe(0);
    expect(await page.getByRole('main').getByText('Confirm your e-mail.').count()).toBe(0);
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
  });

  it('lists the sign-in methods in Settings, never offering to remove the only one', async () => {
    // Google is not set up on the test server: answer as one where it is.
    await page.route('**/api/auth/providers', (route) => route.fulfill({ json: { google: true } }));
    await page.goto('/settings');
    const methods = signInMethods(page);
    await methods.getByText('Not confirmed yet').waitFor();
    await methods.getByText('You can connect Google once your e-mail is confirmed.').waitFor();
    expect(await methods.getByRole('link', { name: 'Connect Google' }).count()).toBe(0);
    await methods.getByRole('button', { name: 'Send again' }).waitFor();
    // The password is the only way in: Remove is disabled, the reason written beside it.
    const removePassword = methods.getByRole('button', { name: 'Remove password' });
    expect(await removePassword.isDisabled()).toBe(true);
    const reasonId = await removePassword.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reasonId}"]`).textContent()).toBe(
      'It is your only way to sign in.',
    );
    expect(
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Sign-in methods' })
        .getAttribute('href'),
    ).toBe('#sign-in-methods');
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
  });

  it("sends a new link from the reminder's 'Send again', with the keyboard", async () => {
    await page.goto('/journal');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await reminder(page).waitFor();
    await tabTo(page, reminder(page).getByRole('button', { name: 'Send again' }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Confirmation link sent');
    await page.getByText(`We have sent a new confirmation link to ${email}.`).waitFor();
    await tabTo(page, reminder(page).getByRole('button', { name: /^Dismiss/ }));
  });

  it('confirms the e-mail from the mailed link, asking first; the reminder goes at once', async () => {
    link = await readConfirmationLink(email);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Confirm Your E-mail' }).waitFor();
    // Opening the link confirms nothing: it asks, and signed in as the account one click says yes.
    const main = page.getByRole('main');
    await main
      .getByText('This address was used to create a Grounded account. Was it you?')
      .waitFor();
    await main.getByText(email, { exact: true }).waitFor();
    await main.getByRole('button', { name: 'Not me' }).waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await tabTo(page, main.getByRole('button', { name: 'Yes, it was me' }));
    await page.keyboard.press('Enter');
    await main.getByText('Your e-mail is confirmed. Thank you!').waitFor();
    expect(await page.title()).toBe('Confirm Your E-mail · Grounded');
    const toSettings = page.getByRole('main').getByRole('link', { name: 'Go to Settings' });
    await tabTo(page, toSettings);
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/settings');
    const methods = signInMethods(page);
    await methods.getByText('Confirmed', { exact: true }).waitFor();
    expect(await reminder(page).count()).toBe(0);
    expect(await methods.getByRole('button', { name: 'Send again' }).count()).toBe(0);
    // Confirmed, Google may be connected: the server's Google sign-in, back to Settings.
    expect(await methods.getByRole('link', { name: 'Connect Google' }).getAttribute('href')).toBe(
      '/api/auth/google?connect=1&return_to=%2Fsettings',
    );
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    // Without Google on the server, it says so instead of offering it.
    await page.unroute('**/api/auth/providers');
    await page.reload();
    await methods.getByText('Google sign-in is not offered on this server.').waitFor();
    expect(await methods.getByRole('link', { name: 'Connect Google' }).count()).toBe(0);
    expect(await methods.getByRole('button', { name: 'Remove password' }).isDisabled()).toBe(true);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await reminder(page).count()).toBe(0);
  });

  it('says a used link is invalid, signed in and signed out', async () => {
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: invalidLinkMessage }).waitFor();
    await page
      .getByText('Your e-mail is already confirmed, so there is nothing more to do.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Send a new link' }).count()).toBe(0);
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });

    // A visitor on a phone in the dark: the used link, then a link without its token.
    const visitor = await openPage(browser, { colorScheme: 'dark', viewport: phone });
    await visitor.goto(link);
    await visitor.getByRole('alert').filter({ hasText: invalidLinkMessage }).waitFor();
    await visitor.getByRole('main').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await reminder(visitor).count()).toBe(0);
    await settle(visitor);
    await expectAccessible(visitor, { impacts: 'all' });
    await visitor.goto('/auth/confirm-email');
    await visitor.getByText('This confirmation link is incomplete.').waitFor();
    await settle(visitor);
    await expectAccessible(visitor, { impacts: 'all' });
    await visitor.context().close();
  });
});

describe('a confirmation link opened by someone not signed in to its account', () => {
  it('asks for the account’s password, and signs its holder in once it is right', async () => {
    // Made in one browser, the link opened in another (a phone, in the dark).
    const maker = await openPage(browser, { colorScheme: 'light' });
    const account = await signUpInPage(maker, 'Lydia Purple');
    const opened = await readConfirmationLink(account.email);
    await maker.context().close();

    const visitor = await openPage(browser, { colorScheme: 'dark', viewport: phone });
    await visitor.goto(opened);
    const main = visitor.getByRole('main');
    await main
      .getByText('This address was used to create a Grounded account. Was it you?')
      .waitFor();
    const password = main.getByLabel('Password of this account');
    await settle(visitor);
    await expectAccessible(visitor, { impacts: 'all' });
    await password.fill('not-the-password');
    await main.getByRole('button', { name: 'Yes, it was me' }).click();
    await main.getByText('That is not the password of this account.').waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await settle(visitor);
    await expectAccessible(visitor, { impacts: 'all' });
    await password.fill(account.password);
    await main.getByRole('button', { name: 'Yes, it was me' }).click();
    await main.getByText('Your e-mail is confirmed. Thank you!').waitFor();
    // The password signed them in: the way on is their Settings.
    await main.getByRole('link', { name: 'Go to Settings' }).click();
    await signInMethods(visitor).getByText('Confirmed', { exact: true }).waitFor();
    await visitor.context().close();
  });

  it('"Not me" removes an account made with someone else’s address', async () => {
    const maker = await openPage(browser, { colorScheme: 'dark' });
    const squatter = await signUpInPage(maker, 'Not The Owner');
    const opened = await readConfirmationLink(squatter.email);

    const owner = await openPage(browser, { colorScheme: 'light', viewport: phone });
    await owner.goto(opened);
    const main = owner.getByRole('main');
    await main.getByRole('button', { name: 'Not me' }).click();
    // Asked twice: going back leaves everything as it was.
    await main.getByRole('button', { name: 'Go back' }).click();
    await main.getByRole('button', { name: 'Not me' }).click();
    await main.getByText(/we will remove its password and sign out every device/).waitFor();
    await settle(owner);
    await expectAccessible(owner, { impacts: 'all' });
    await main.getByRole('button', { name: 'It was not me' }).click();
    await main.getByText(/The account made with your address is removed/).waitFor();
    await main.getByRole('link', { name: 'Go to Home' }).waitFor();
    await settle(owner);
    await expectAccessible(owner, { impacts: 'all' });
    // Whoever made it is signed out.
    const session = await maker.request.get('/api/auth/session');
    expect((await session.json()).user).toBeNull();
    await owner.context().close();
    await maker.context().close();
  });
});

describe('an account that has not confirmed its e-mail', () => {
  it('hides the reminder for the rest of the browser session once dismissed', async () => {
    // The shared accessibility account never confirms its e-mail, so it still has the reminder.
    const page = await openPage(browser, { colorScheme: 'dark', viewport: phone });
    await signInA11yAccount(page.request);
    await page.goto('/saved-verses');
    await reminder(page).waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    const dismiss = reminder(page).getByRole('button', { name: /^Dismiss/ });
    await dismiss.click();
    expect(await reminder(page).count()).toBe(0);
    // Kept for this tab's session: a reload and other screens leave it hidden.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto('/bookmarks');
    await page.getByRole('heading', { level: 1, name: 'Bookmarked Chapters' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await reminder(page).count()).toBe(0);
    // A new tab is a new browser session: the reminder is back.
    const other = await page.context().newPage();
    await other.goto('/bookmarks');
    await reminder(other).waitFor();
    await page.context().close();
  });
});

describe('removing a sign-in method', () => {
  it('asks first, removes one of two, and never offers the last', async () => {
    // An account with a password and Google: the shared account's session, answered as if
    // Google were linked (the test server has no Google to link), and the removals answered
    // as the server does.
    const page = await openPage(browser, { colorScheme: 'dark', viewport: phone });
    await signInA11yAccount(page.request);
    const { user } = (await (await page.request.get('/api/auth/session')).json()) as {
      user: Record<string, unknown>;
    };
    let providers = ['password', 'google'];
    await page.route('**/api/auth/session', (route) =>
      route.fulfill({ json: { user: { ...user, email_verified: true, providers } } }),
    );
    await page.route('**/api/auth/methods/*', async (route) => {
      if (route.request().url().endsWith('/password')) {
        await route.fulfill({
          status: 409,
          json: {
            error: 'CONFLICT',
            message: 'This is the only way to sign in to your account, so it cannot be removed.',
          },
        });
        return;
      }
      providers = ['password'];
      await route.fulfill({ json: { user: { ...user, email_verified: true, providers } } });
    });
    await page.goto('/settings');
    const methods = signInMethods(page);
    await methods.getByText('Connected', { exact: true }).waitFor();

    // A failure comes back as the server's message, and nothing changes.
    await methods.getByRole('button', { name: 'Remove password' }).click();
    let dialog = page.getByRole('dialog', { name: 'Remove your password?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Remove password' }).click();
    await expectToast(page, 'Sign-in method not removed');
    await page.getByText('This is the only way to sign in to your account').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // With the keyboard: open, cancel with Escape (focus comes back), open again and confirm.
    const removeGoogle = methods.getByRole('button', { name: 'Remove Google' });
    await removeGoogle.focus();
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: 'Remove Google sign-in?' });
    await dialog.waitFor();
    await settle(page);
    await expectAccessible(page, { impacts: 'all' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => removeGoogle.evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Remove Google' }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Sign-in method removed');
    await dialog.waitFor({ state: 'hidden' });
    await methods.getByText('Not connected', { exact: true }).waitFor();
    // The password is now the only way in.
    expect(await methods.getByRole('button', { name: 'Remove password' }).isDisabled()).toBe(true);
    expect(await methods.getByRole('button', { name: 'Remove Google' }).count()).toBe(0);
    // The button that opened the dialog is gone: focus stays in the card, on its heading.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('sign-in-methods-title');
    await page.context().close();
  });
});
