import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, expectToast, signUpInPage, submitSignIn } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { desktop, launchBrowser, openPage, phone } from './support/browser.ts';

// Private groups (decision 028): made by a member, joined by an invite link (a visitor signs in
// and lands in the group), a prayer wall that updates without a reload, and a removed member
// who loses the page at once.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains('dark'));
}

/** Tab until `locator` has the focus: reached with the keyboard alone. */
async function tabTo(page: Page, locator: ReturnType<Page['locator']>, limit = 80): Promise<void> {
  await locator.waitFor();
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await locator.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('Not reached with Tab');
}

describe('groups', () => {
  it('a member makes a group by keyboard, a visitor joins by its link, they pray together live, and removal shuts the page', async () => {
    // The owner at 1280 px, light.
    const owner = await openPage(browser, { viewport: desktop, colorScheme: 'light' });
    await signUpInPage(owner, 'Ruth');
    await owner.goto('/groups');
    const main = owner.getByRole('main');
    await main.getByText('No groups yet').waitFor();
    await expectAccessible(owner);
    await tabTo(owner, main.getByRole('button', { name: 'Create a group' }));
    await owner.keyboard.press('Enter');
    const name = main.getByRole('textbox', { name: 'Name' });
    await tabTo(owner, name);
    await owner.keyboard.type('Thursday Home Group');
    await tabTo(owner, main.getByRole('button', { name: 'Create group' }));
    await owner.keyboard.press('Enter');
    await owner.waitForURL(/\/groups\/[0-9a-f-]{36}$/);
    await main.getByRole('heading', { level: 1, name: 'Thursday Home Group' }).waitFor();
    await main.getByText('Live').waitFor();
    expect(await isDark(owner)).toBe(false);
    expect(await owner.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    await main.getByRole('tab', { name: 'Members' }).click();
    await main.getByRole('button', { name: 'Make an invite link' }).click();
    const linkField = main.getByRole('textbox', { name: 'Invite link' });
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/groups\/join\/[A-Za-z0-9_-]{43}$/);
    await expectAccessible(owner);

    // A visitor at 390 px, dark, opens the link, signs in and lands in the group.
    const friendAccount = await createAccount('Boaz');
    const friend = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    await friend.goto(new URL(link).pathname);
    const friendMain = friend.getByRole('main');
    await friendMain.getByRole('heading', { name: 'Thursday Home Group' }).waitFor();
    expect(await isDark(friend)).toBe(true);
    await expectAccessible(friend);
    await friendMain.getByRole('link', { name: 'Sign in to join' }).click();
    await friend.waitForURL('**/auth');
    await submitSignIn(friend, friendAccount.email, friendAccount.password);
    await friend.waitForURL(/\/groups\/[0-9a-f-]{36}$/);
    await expectToast(friend, 'You joined Thursday Home Group');
    await friendMain.getByRole('heading', { level: 1, name: 'Thursday Home Group' }).waitFor();
    await friendMain.getByText('Live').waitFor();

    // The friend shares a request; the owner sees it without reloading, and prays.
    await main.getByRole('tab', { name: 'Prayer wall' }).click();
    await friendMain
      .getByRole('textbox', { name: 'Share a prayer request' })
      .fill('Please pray for my mother’s surgery on Friday.');
    await friendMain.getByRole('button', { name: 'Share with the group' }).click();
    await expectToast(friend, 'Request shared');
    const request = main.getByRole('article', { name: 'Request from Boaz' });
    await request.waitFor({ timeout: 5000 });
    await request.getByRole('button', { name: /^I prayed for/ }).click();
    await request.getByText('Prayed by Ruth').waitFor();
    // …and the friend sees who prayed, without reloading.
    await friendMain.getByText('Prayed by Ruth').waitFor({ timeout: 5000 });
    await expectAccessible(friend);

    // An anonymous request shows "Someone in the group" to the others.
    await main
      .getByRole('textbox', { name: 'Share a prayer request' })
      .fill('A hard week at work.');
    await main.getByRole('checkbox', { name: /Share anonymously/ }).check();
    await main.getByRole('button', { name: 'Share with the group' }).click();
    await friendMain.getByRole('article', { name: 'Request from Someone in the group' }).waitFor({
      timeout: 5000,
    });

    // The owner removes the friend: the friend's page closes at once.
    await main.getByRole('tab', { name: 'Members' }).click();
    await main.getByRole('button', { name: 'Remove Boaz' }).click();
    const asked = owner.getByRole('dialog', { name: 'Remove Boaz?' });
    await asked.waitFor();
    await expectAccessible(owner);
    await asked.getByRole('button', { name: 'Remove', exact: true }).click();
    await expectToast(owner, 'Boaz was removed');
    await friend.waitForURL(/\/groups$/, { timeout: 5000 });
    await expectToast(friend, 'You are no longer in this group.');
    await friendMain.getByText('No groups yet').waitFor();

    await owner.context().close();
    await friend.context().close();
  });

  it('sends a visitor of /groups to sign in, and says when an invite link is no longer valid', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'light' });
    await page.goto('/groups');
    await page.waitForURL('**/auth');
    await page.goto(`/groups/join/${'A'.repeat(43)}`);
    await page
      .getByText('This invite link is no longer valid. Ask the group for a new one.')
      .waitFor();
    await expectAccessible(page);
    await page.context().close();
  });
});
