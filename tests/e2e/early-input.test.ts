// Decision 013: on a phone the page is drawn well before the app has started, and what the
// person does in that gap must not be lost. Each test opens a drawn screen on a slow phone (CPU
// 4× slower, 150 ms and 1.6 Mbit/s, the app's script held back a little more so that the gap is
// sure), acts as soon as the control is drawn, checks the app had not started yet, and then that
// the action took effect once it had.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, signUpInPage } from './support/accounts.ts';
import {
  appHasStarted,
  baseURL,
  collectErrors,
  launchBrowser,
  openPage,
  phone,
} from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function openOnSlowPhone(
  signedIn?: BrowserContext,
): Promise<{ page: Page; errors: string[] }> {
  const storageState = signedIn ? await signedIn.storageState() : undefined;
  const page = await openPage(
    browser,
    { viewport: phone, ...(storageState ? { storageState } : {}) },
    { waitForApp: false },
  );
  const errors = collectErrors(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.fallback();
  });
  return { page, errors };
}

async function expectAppNotStarted(page: Page): Promise<void> {
  expect(await page.evaluate(appHasStarted)).toBe(false);
}

async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(appHasStarted, undefined, { timeout: 60_000 });
}

describe('what a person does before the app has started', { timeout: 120_000 }, () => {
  it('/feeling: the feeling typed is the one the app finds a verse for', async () => {
    const { page, errors } = await openOnSlowPhone();
    await page.goto('/feeling', { waitUntil: 'commit' });
    const text = page.getByRole('textbox', { name: "What's on your heart today?" });
    await text.waitFor();
    await expectAppNotStarted(page);
    await text.fill("I can't stop worrying about tomorrow");
    await waitForApp(page);
    expect(await text.inputValue()).toBe("I can't stop worrying about tomorrow");
    await page.getByText('36/300 characters').waitFor();
    const find = page.getByRole('button', { name: 'Find My Verse' });
    await expect.poll(() => find.isEnabled()).toBe(true);
    await find.click();
    await page.getByRole('heading', { name: 'For when you feel anxious' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('/prayer: "Pray" tapped before the app opens the prayer once it has started', async () => {
    const { page, errors } = await openOnSlowPhone();
    await page.goto('/prayer', { waitUntil: 'commit' });
    const pray = page.getByRole('button', { name: 'Pray', exact: true }).first();
    await pray.waitFor();
    await expectAppNotStarted(page);
    await pray.click();
    await waitForApp(page);
    await page.getByRole('button', { name: 'Hide', exact: true }).first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the reader: "Next chapter" tapped before the app turns the page once it has started', async () => {
    const { page, errors } = await openOnSlowPhone();
    await page.goto('/read-bible?book=Ruth&chapter=1', { waitUntil: 'commit' });
    const next = page.getByRole('button', { name: 'Next chapter' }).first();
    await next.waitFor();
    await expectAppNotStarted(page);
    await next.click();
    await waitForApp(page);
    await expect.poll(() => new URL(page.url()).searchParams.get('chapter')).toBe('2');
    await page
      .getByText("And Naomi had a kinsman of her husband's", { exact: false })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the reader: a translation chosen before the app is the one it reads once it has started', async () => {
    const { page, errors } = await openOnSlowPhone();
    await page.goto('/read-bible?book=John&chapter=3', { waitUntil: 'commit' });
    const translation = page.getByRole('combobox', { name: 'Translation', exact: true }).first();
    await translation.waitFor();
    await expectAppNotStarted(page);
    await translation.selectOption('web');
    await waitForApp(page);
    await page.locator('#verse-16').getByText('he gave his one and only Son').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('translation')).toBe('web');
    expect(await translation.inputValue()).toBe('web');
    // Chosen, so remembered: the next chapter opened without one in its address is in the WEB.
    expect(await page.evaluate(() => localStorage.getItem('grounded.translation'))).toBe('web');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('/testimony: a draft written and sent before the app is the one it asks a visitor to sign in for', async () => {
    const { page, errors } = await openOnSlowPhone();
    await page.goto('/testimony', { waitUntil: 'commit' });
    const feeling = page.getByRole('textbox', { name: 'How were you feeling?' });
    await feeling.waitFor();
    await expectAppNotStarted(page);
    await feeling.fill('Far from home');
    await page
      .getByRole('textbox', { name: 'What did God remind you of?' })
      .fill('The Lord is my shepherd');
    await page.getByRole('button', { name: 'Submit Testimony' }).click();
    await waitForApp(page);
    // The words reached the app: no 'required' complaint, the sign-in the visitor needs.
    await expectToast(page, 'Sign in required');
    expect(await feeling.inputValue()).toBe('Far from home');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('/journal: an entry written and saved before the app is the one it asks a visitor to sign in for', async () => {
    const { page, errors } = await openOnSlowPhone();
    await page.goto('/journal', { waitUntil: 'commit' });
    const thoughts = page.getByRole('textbox', { name: 'Your thoughts' });
    await thoughts.waitFor();
    await expectAppNotStarted(page);
    await page.getByRole('textbox', { name: 'Title (optional)' }).fill('Morning');
    await thoughts.fill('Still small voice');
    await page.getByRole('button', { name: 'Save Entry' }).click();
    await waitForApp(page);
    // The words reached the app: no 'Entry required', the sign-in the visitor needs.
    await expectToast(page, 'Sign in required');
    expect(await thoughts.inputValue()).toBe('Still small voice');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('/verse-of-day: "Save Verse" tapped before the app asks a visitor to sign in once it has started', async () => {
    const { page, errors } = await openOnSlowPhone();
    await page.goto('/verse-of-day', { waitUntil: 'commit' });
    const save = page.getByRole('button', { name: 'Save Verse', exact: true });
    await save.waitFor();
    await expectAppNotStarted(page);
    await save.click();
    await waitForApp(page);
    await page
      .locator('[data-sonner-toast]')
      .getByText('Please sign in to save verses.')
      .waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('/auth: an e-mail and password typed and sent before the app are the ones it signs in with', async () => {
    const { page, errors } = await openOnSlowPhone();
    await page.goto('/auth', { waitUntil: 'commit' });
    const main = page.getByRole('main');
    const email = main.getByLabel('Email');
    await email.waitFor();
    await expectAppNotStarted(page);
    await email.fill(`nobody-${Date.now()}@example.com`);
    await main.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await main.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForApp(page);
    // Sent with the words typed (no 'Enter your e-mail' under the field): the server refuses.
    await expectToast(page, 'Sign in failed');
    expect(errors.filter((error) => !/401|Failed to load resource/.test(error))).toEqual([]);
    await page.context().close();
  });

  it('the header on a drawn page: "Open menu" tapped before the app opens it once it has started', async () => {
    for (const path of ['/', '/privacy-policy', '/terms-of-service']) {
      const { page, errors } = await openOnSlowPhone();
      await page.goto(path, { waitUntil: 'commit' });
      const menu = page.getByRole('button', { name: 'Open menu' });
      await menu.waitFor();
      await expectAppNotStarted(page);
      await menu.click();
      await waitForApp(page);
      await page.getByRole('navigation', { name: 'Explore menu' }).waitFor();
      expect(
        await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded'),
      ).toBe('true');
      expect(errors, path).toEqual([]);
      await page.context().close();
    }
  });

  describe("a member's own lists, drawn for them", () => {
    let member: BrowserContext;
    let groupId = '';
    const mark = `Lighthouse-${Date.now()}`;
    beforeAll(async () => {
      const page = await openPage(browser, { viewport: phone }, { waitForApp: false });
      await signUpInPage(page, 'Early Member');
      const post = async (path: string, data: object) => {
        const response = await page.request.post(path, { data, headers: { origin: baseURL() } });
        expect(response.status(), await response.text()).toBe(201);
      };
      await post('/api/journal', { title: `${mark} morning`, content: 'The light stayed on.' });
      await post('/api/journal', { title: 'An ordinary day', content: 'Bread and work.' });
      await post('/api/saved-verses', {
        reference: 'Numbers 1:2',
        text: 'Take ye the sum of all the congregation of the children of Israel.',
        theme: 'Bible Reading',
      });
      await post('/api/saved-verses', {
        reference: 'Romans 8:28',
        text: 'And we know that all things work together for good to them that love God.',
        theme: 'Hope',
      });
      const group = await page.request.post('/api/groups', {
        data: { name: 'Early group' },
        headers: { origin: baseURL() },
      });
      expect(group.status()).toBe(201);
      groupId = ((await group.json()) as { id: string }).id;
      await post(`/api/groups/${groupId}/posts`, { text: `${mark} request` });
      member = page.context();
    });
    afterAll(async () => {
      await member.close();
    });

    it('/journal-entries: a search typed before the app is the one it runs', async () => {
      const { page, errors } = await openOnSlowPhone(member);
      await page.goto('/journal-entries', { waitUntil: 'commit' });
      const search = page.getByRole('searchbox', { name: 'Search journal entries' });
      await search.waitFor();
      await expectAppNotStarted(page);
      await search.fill(mark);
      await waitForApp(page);
      const titles = page.getByRole('list', { name: 'Journal entries' }).getByRole('heading');
      await expect
        .poll(() => titles.allTextContents(), { timeout: 20_000 })
        .toEqual([`${mark} morning`]);
      expect(await search.inputValue()).toBe(mark);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it('/saved-verses: a theme chip tapped before the app filters the list once it has started', async () => {
      const { page, errors } = await openOnSlowPhone(member);
      await page.goto('/saved-verses', { waitUntil: 'commit' });
      const hope = page.getByRole('button', { name: 'Hope', exact: true });
      await hope.waitFor();
      await expectAppNotStarted(page);
      await hope.click();
      await waitForApp(page);
      await expect.poll(() => hope.getAttribute('aria-pressed')).toBe('true');
      await expect
        .poll(() => page.getByText('Take ye the sum of all the congregation').count(), {
          timeout: 20_000,
        })
        .toBe(0);
      await page.getByText('all things work together for good').waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it('a group page: "I prayed" tapped before the app counts once it has started', async () => {
      const { page, errors } = await openOnSlowPhone(member);
      await page.goto(`/groups/${groupId}`, { waitUntil: 'commit' });
      const prayed = page.getByRole('button', { name: `I prayed for “${mark} request”` });
      await prayed.waitFor();
      await expectAppNotStarted(page);
      await prayed.click();
      await waitForApp(page);
      await expect
        .poll(() => prayed.getAttribute('aria-pressed'), { timeout: 20_000 })
        .toBe('true');
      await page.getByText(/^Prayed by /).waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    });
  });
});
