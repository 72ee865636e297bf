import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrayerRequest } from '#shared/schemas/prayers.ts';
import { expectToast } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, desktop, launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function signUp(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/signup', {
    data: {
      email: `prayer-list-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'pray-without-ceasing-5-17',
      display_name: 'Hannah',
    },
    headers: { origin: baseURL() },
  });
  expect(response.status()).toBe(201);
}

async function openPrayer(page: Page): Promise<void> {
  await page.goto('/prayer');
  await page.getByRole('heading', { level: 1, name: 'Prayer & Meditation' }).waitFor();
}

const shots = process.env.PRAYER_LIST_SHOTS;

// docs/product.md §/prayer, decision 025: a prayer list that remembers answers.
describe.each([
  { name: 'phone, dark', viewport: phone, colorScheme: 'dark' as const },
  { name: 'desktop, light', viewport: desktop, colorScheme: 'light' as const },
])('the prayer list ($name)', ({ name, viewport, colorScheme }) => {
  it('adds a request with a verse, prays through the list by keyboard, marks it answered and shares it', async () => {
    const page = await openPage(browser, { colorScheme, viewport });
    await signUp(page);
    await openPrayer(page);
    await page.getByText('Prayers you save will appear here, newest first.').waitFor();

    await page.getByLabel('Write your own prayer').fill('Healing for Anna\nThat her knee mends.');
    await page.getByLabel('Praying for (optional)').fill('Anna');
    await page.getByLabel('Verse (optional)').fill('John 3:16');
    await page.getByRole('button', { name: 'Save Prayer' }).click();
    await expectToast(page, 'Prayer Saved');
    const list = page.getByRole('list', { name: 'My prayer list' });
    await list.getByRole('heading', { name: 'Healing for Anna' }).waitFor();
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: `${shots}/list-${name}.png`, fullPage: true });

    // Pray through the list with the keyboard alone.
    const start = page.getByRole('button', { name: 'Pray through my list' });
    await start.focus();
    await page.keyboard.press('Enter');
    const session = page.getByRole('region', { name: 'Pray through my list' });
    await session.getByRole('heading', { name: 'Healing for Anna' }).waitFor();
    await session.getByText(/For God so loved the world/).waitFor();
    await session.getByRole('button', { name: 'Prayed' }).focus();
    await page.keyboard.press('Enter');
    await session.getByRole('button', { name: 'Prayed today' }).waitFor();
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: `${shots}/session-${name}.png`, fullPage: true });
    await session.getByRole('button', { name: 'Next' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('You have prayed through your list. Amen.').waitFor();
    const streak = await page.request.get('/api/streak');
    expect(((await streak.json()) as { current: number }).current).toBe(1);
    await page.getByRole('button', { name: 'Back to my list' }).click();

    // Answered: the day (today) and how.
    await list.getByRole('button', { name: 'Answered' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as answered' });
    await dialog.getByLabel('How was it answered? (optional)').fill('She walked to church today.');
    await dialog.getByRole('button', { name: 'Save answer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Prayers you save will appear here, newest first.').waitFor();

    await page.getByRole('tab', { name: 'Answered prayers' }).click();
    const answered = page.getByRole('list', { name: 'Answered prayers' });
    await answered.getByText('Answered the same day').waitFor();
    await answered.getByText('She walked to church today.').waitFor();
    const [saved] = (
      (await (await page.request.get('/api/prayers?answered=true')).json()) as {
        items: PrayerRequest[];
      }
    ).items;
    expect(saved).toMatchObject({ title: 'Healing for Anna', person: 'Anna', days_to_answer: 0 });
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: `${shots}/answered-${name}.png`, fullPage: true });

    await answered.getByRole('button', { name: 'Share as a testimony' }).click();
    await page.waitForURL('**/testimony');
    await expect
      .poll(() => page.getByLabel('How were you feeling?').inputValue())
      .toContain('I was praying: Healing for Anna (for Anna).');
    expect(await page.getByLabel('What did God remind you of?').inputValue()).toBe(
      'She walked to church today. Answered the same day.',
    );
    await page.context().close();
  });
});
