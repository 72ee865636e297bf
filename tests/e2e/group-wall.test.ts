import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from './support/a11y-keyboard.ts';
import { expectToast, signUpInPage } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, desktop, launchBrowser, openPage, phone } from './support/browser.ts';

// A group's prayer wall and reading together (decision 028): two members in two browsers, each
// seeing what the other does without a reload.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Sends a write as the page's signed-in person. */
async function post<T>(page: Page, path: string, data: object = {}): Promise<T> {
  const response = await page.request.post(path, { data, headers: { origin: baseURL() } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Leader Ruth (1280 px, light) and member Sam (390 px, dark) in a new group, each on its page. */
async function twoMembers(groupName: string) {
  const ruth = await openPage(browser, { viewport: desktop, colorScheme: 'light' });
  await signUpInPage(ruth, 'Ruth');
  const group = await post<{ id: string }>(ruth, '/api/groups', { name: groupName });
  const invite = await post<{ url: string }>(ruth, `/api/groups/${group.id}/invites`, {});
  const token = invite.url.split('/').at(-1) ?? '';
  const sam = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
  await signUpInPage(sam, 'Sam');
  await post(sam, `/api/group-invites/${token}/accept`);
  for (const page of [ruth, sam]) {
    await page.goto(`/groups/${group.id}`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: groupName }).waitFor();
    await main.getByText('Live').waitFor();
  }
  return { ruth, sam, groupId: group.id };
}

describe('group prayer wall', () => {
  it('a request, "I prayed", an encouragement and an answer reach the other member live', async () => {
    const { ruth, sam } = await twoMembers('Tuesday Prayer');
    const ruthMain = ruth.getByRole('main');
    const samMain = sam.getByRole('main');

    // Ruth shares a request; Sam sees it appear without a reload.
    await ruthMain
      .getByRole('textbox', { name: 'Share a prayer request' })
      .fill('Please pray for my mother’s surgery on Friday.');
    await ruthMain.getByRole('button', { name: 'Share with the group' }).click();
    await expectToast(ruth, 'Request shared');
    const samCard = samMain.getByRole('article', { name: 'Request from Ruth' });
    await samCard.waitFor({ timeout: 5000 });
    await expectAccessible(sam);

    // Sam prays, by keyboard alone; Ruth sees the count and the name change.
    const prayed = samCard.getByRole('button', { name: /^I prayed for “Please pray/ });
    await tabTo(sam, prayed, { limit: 120 });
    await sam.keyboard.press('Enter');
    await expect.poll(() => prayed.getAttribute('aria-pressed')).toBe('true');
    const ruthCard = ruthMain.getByRole('article', { name: 'Request from Ruth' });
    await ruthCard.getByText('Prayed by Sam').waitFor({ timeout: 5000 });

    // Sam encourages (by keyboard); Ruth sees it under her request.
    await tabTo(sam, samCard.getByRole('button', { name: 'Encourage' }));
    await sam.keyboard.press('Enter');
    await sam.keyboard.type('Praying for a steady hand for the surgeons.');
    await tabTo(sam, samCard.getByRole('button', { name: 'Post encouragement' }));
    await sam.keyboard.press('Enter');
    await samCard.getByText('Praying for a steady hand for the surgeons.').waitFor();
    await ruthCard.getByRole('button', { name: 'Replies (1)' }).click({ timeout: 5000 });
    await ruthCard.getByText('Praying for a steady hand for the surgeons.').waitFor();

    // Ruth, a leader, hides the encouragement: Sam no longer sees it, Ruth sees it marked.
    await ruthCard.getByRole('button', { name: 'Hide the reply from Sam' }).click();
    await ruthCard.getByText('Hidden from the group').waitFor();
    await expect
      .poll(() => samCard.getByText('Praying for a steady hand for the surgeons.').count(), {
        timeout: 5000,
      })
      .toBe(0);

    // Ruth marks it answered; Sam sees the answer.
    await ruthCard.getByRole('button', { name: 'Mark answered' }).click();
    await ruthCard
      .getByRole('textbox', { name: 'How was it answered?' })
      .fill('The surgery went well.');
    await ruthCard.getByRole('button', { name: 'Mark answered' }).last().click();
    await samCard.getByText(/The surgery went well\./).waitFor({ timeout: 5000 });

    // An anonymous request shows "Someone in the group" to Sam.
    await ruthMain
      .getByRole('textbox', { name: 'Share a prayer request' })
      .fill('A hard week at work.');
    await ruthMain.getByRole('checkbox', { name: 'Share anonymously' }).check();
    await ruthMain.getByRole('button', { name: 'Share with the group' }).click();
    const anonymous = samMain.getByRole('article', { name: 'Request from Someone in the group' });
    await anonymous.waitFor({ timeout: 5000 });
    expect(await anonymous.textContent()).not.toContain('Ruth');

    await expectAccessible(ruth);
    await expectAccessible(sam);
    await ruth.context().close();
    await sam.context().close();
  });

  it('a leader chooses a plan; a member follows it and checks in', async () => {
    const { ruth, sam } = await twoMembers('Reading Friends');
    const ruthMain = ruth.getByRole('main');
    const samMain = sam.getByRole('main');

    await ruthMain.getByRole('tab', { name: 'Reading together' }).click();
    await ruthMain.getByRole('button', { name: 'Choose a plan' }).click();
    const planField = ruthMain.getByRole('combobox', { name: 'Plan' });
    await expect.poll(() => planField.locator('option').count()).toBeGreaterThan(1);
    await planField.selectOption({ index: 1 });
    await ruthMain.getByRole('button', { name: 'Read this together' }).click();
    await expectToast(ruth, 'Plan chosen');
    await expectAccessible(ruth);

    // Sam, by keyboard alone: the tab, follow, and a check-in.
    await tabTo(sam, samMain.getByRole('tab', { name: 'Prayer wall' }));
    await sam.keyboard.press('ArrowRight');
    await expect
      .poll(() =>
        samMain.getByRole('tab', { name: 'Reading together' }).getAttribute('aria-selected'),
      )
      .toBe('true');
    const follow = samMain.getByRole('button', { name: 'Follow this plan' });
    await tabTo(sam, follow);
    await sam.keyboard.press('Enter');
    await samMain.getByText('You follow this plan.').waitFor();
    await tabTo(sam, samMain.getByRole('textbox', { name: 'Check in for today' }));
    await sam.keyboard.type('Grateful for this morning.');
    await sam.keyboard.press('Enter');
    await ruthMain.getByText('Grateful for this morning.').waitFor({ timeout: 5000 });
    await expectAccessible(sam);

    await ruth.context().close();
    await sam.context().close();
  });
});
