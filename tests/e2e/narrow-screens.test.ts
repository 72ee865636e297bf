import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './support/accounts.ts';
import { baseURL, launchBrowser, openPage } from './support/browser.ts';

// The study, notes and prayer screens on the narrowest phone we design for (320 px): nothing
// reaches past the right edge, and a dialog's buttons stay on screen.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const shots = process.env.NARROW_SHOTS;

async function post(page: Page, path: string, data: object): Promise<unknown> {
  const response = await page.request.post(path, { data, headers: { origin: baseURL() } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** Nothing on the page reaches past the right edge of the screen. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  if (shots) {
    // Rows scrolled to are laid out on the next frames (content-visibility: auto).
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.screenshot({ path: `${shots}/${what.replace(/\W+/g, '-')}.png` });
  }
  expect(widths, what).toEqual({ scroll: 320, client: 320 });
}

/** Every button of the open dialog is inside the screen's width. */
async function expectDialogButtonsOnScreen(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  const outside = await dialog.evaluate((element) =>
    [...element.querySelectorAll('button')]
      .map((button) => ({
        name: button.textContent?.trim() ?? '',
        box: button.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > window.innerWidth))
      .map(({ name: label }) => label),
  );
  expect(outside, name).toEqual([]);
  if (shots) await page.screenshot({ path: `${shots}/${name.replace(/\W+/g, '-')}.png` });
}

describe('narrow screens (320 px)', () => {
  it('notes, topics, the prayer list, groups and their dialogs never scroll sideways', async () => {
    const page = await openPage(browser, { viewport: { width: 320, height: 640 } });
    await signUpInPage(page, 'Dorcas');
    await post(page, '/api/notes', {
      book_name: 'Psalms',
      chapter_number: 119,
      verse_number: 105,
      end_verse_number: 112,
      text: `A lamp for the next step, not the whole road. ${'Light enough for today. '.repeat(8)}`,
      tags: ['light', 'a-long-topic-name-without-gaps'],
    });
    await post(page, '/api/prayers', {
      title: 'For my sister and her family as they move to a new city far away',
      details: 'That they find a church, friends and good work.',
      person: 'Priscilla Aquila-Smithfield',
      verse_reference: 'Philippians 4:6-7',
      reminder_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      reminder_time: '07:30',
    });

    await page.goto('/notes');
    await page
      .getByRole('list', { name: 'Notes' })
      .getByText(/A lamp for the next step/)
      .waitFor();
    await expectNoSidewaysScroll(page, 'notes');

    await page.goto('/topics');
    await page.getByRole('list', { name: 'Your topics' }).getByRole('link').first().waitFor();
    await expectNoSidewaysScroll(page, 'topics');
    await page.goto('/topics?tag=light');
    await page.getByRole('list', { name: 'Under light, in Bible order' }).waitFor();
    await expectNoSidewaysScroll(page, 'topic light');

    await page.goto('/prayer');
    const list = page.getByRole('list', { name: 'My prayer list' });
    await list.getByRole('heading', { name: /For my sister/ }).scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, 'prayer list');
    await list.getByRole('button', { name: 'Edit' }).click();
    await expectDialogButtonsOnScreen(page, 'Edit prayer');
    await expectNoSidewaysScroll(page, 'edit prayer dialog');
    await page.keyboard.press('Escape');
    await list.getByRole('button', { name: 'Answered' }).click();
    await expectDialogButtonsOnScreen(page, 'Mark as answered');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Pray through my list' }).click();
    await page
      .getByRole('region', { name: 'Pray through my list' })
      .getByRole('heading', { name: /For my sister/ })
      .waitFor();
    await expectNoSidewaysScroll(page, 'pray through');

    // A group's page, each of its parts, with a long request and a long name.
    const group = (await post(page, '/api/groups', {
      name: 'The Thursday evening home group of St Barnabas-in-the-Fields',
      description: 'We read and pray together.',
    })) as { id: string };
    await post(page, `/api/groups/${group.id}/posts`, {
      text: `Please pray for my mother. ${'Recovering slowly but surely. '.repeat(6)}`,
    });
    await page.goto(`/groups/${group.id}`);
    await page
      .getByRole('list', { name: 'Prayer requests' })
      .getByText(/Please pray/)
      .waitFor();
    await expectNoSidewaysScroll(page, 'group wall');
    for (const tab of ['Reading together', 'Members']) {
      await page.getByRole('tab', { name: tab }).click();
      await expectNoSidewaysScroll(page, `group ${tab}`);
    }
    await page.goto('/groups');
    await page.getByRole('link', { name: /The Thursday evening/ }).waitFor();
    await expectNoSidewaysScroll(page, 'groups');

    // The reader with its note marks, and the verse dialog of a noted verse.
    await page.goto('/read-bible?book=Psalms&chapter=119');
    await page.locator('#verse-105').waitFor();
    await expectNoSidewaysScroll(page, 'reader with notes');
    await page.context().close();
  });
});
