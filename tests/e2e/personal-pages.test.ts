// Decision 011, amended: a member's own lists come drawn by the server for them
// (delivery/personal-pages.ts), so a phone shows their newest journal entries, saved verses,
// notes and prayer list before the app has run. Such a page is theirs alone: never stored by a
// browser or a proxy, never drawn for anybody else, and the app takes it over without a mismatch.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './support/accounts.ts';
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

async function post(page: Page, path: string, data: object): Promise<void> {
  const response = await page.request.post(path, { data, headers: { origin: baseURL() } });
  expect(response.status(), await response.text()).toBe(201);
}

type Member = { context: BrowserContext; mark: string };

/** A member with three journal entries and one saved verse, each marked with `mark`. */
async function memberWithLists(mark: string): Promise<Member> {
  const page = await openPage(browser, { viewport: phone }, { waitForApp: false });
  await signUpInPage(page, `Member ${mark}`);
  for (const n of [1, 2, 3]) {
    await post(page, '/api/journal', {
      title: `${mark} entry ${n}`,
      content: `Words of ${mark}, number ${n}. <img src=x onerror=alert(1)>`,
      emotion_tags: ['Grateful'],
    });
  }
  await post(page, '/api/saved-verses', {
    reference: 'Psalm 23:1',
    text: 'The LORD is my shepherd; I shall not want.',
    theme: 'Peace',
  });
  await post(page, '/api/notes', {
    book_name: 'John',
    chapter_number: 3,
    verse_number: 16,
    text: `${mark}'s note on love. <img src=x onerror=alert(1)>`,
  });
  for (const n of [1, 2]) {
    await post(page, '/api/prayers', { title: `${mark} prayer ${n}`, person: 'Anna' });
  }
  return { context: page.context(), mark };
}

/** The same person (the same cookies) in a new context, with JavaScript on or off. */
async function sameMember(
  context: BrowserContext,
  options: { javaScriptEnabled: boolean },
): Promise<Page> {
  const storageState = await context.storageState();
  const page = await openPage(
    browser,
    { viewport: phone, storageState, ...options },
    { waitForApp: false },
  );
  return page;
}

describe("a member's own lists, drawn by the server", () => {
  let amy: Member;
  let ben: Member;
  beforeAll(async () => {
    amy = await memberWithLists(`Amy-${Date.now()}`);
    ben = await memberWithLists(`Ben-${Date.now()}`);
  }, 60_000);
  afterAll(async () => {
    await amy.context.close();
    await ben.context.close();
  });

  it('shows the newest journal entries, saved verses, notes and prayers with no script run, to their owner only', async () => {
    for (const [owner, other] of [
      [amy, ben],
      [ben, amy],
    ] as const) {
      const page = await sameMember(owner.context, { javaScriptEnabled: false });
      const response = await page.goto('/journal-entries');
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      const list = page.getByRole('list', { name: 'Journal entries' });
      expect(await list.getByRole('heading').allTextContents()).toEqual(
        [3, 2, 1].map((n) => `${owner.mark} entry ${n}`),
      );
      // The words are shown as words, never run.
      expect(await list.textContent()).toContain('<img src=x onerror=alert(1)>');
      expect(await page.locator('#root img[src="x"]').count()).toBe(0);
      // The other member's words are nowhere in the page, nor in the data it hands over.
      expect(await page.content()).not.toContain(other.mark);

      const verses = await page.goto('/saved-verses');
      expect(verses?.headers()['cache-control']).toBe('private, no-store');
      expect(await page.getByText('The LORD is my shepherd; I shall not want.').count()).toBe(1);
      expect(await page.getByText('An example of a saved verse').count()).toBe(0);
      expect(await page.content()).not.toContain(other.mark);

      const notes = await page.goto('/notes');
      expect(notes?.headers()['cache-control']).toBe('private, no-store');
      const noteList = page.getByRole('list', { name: 'Notes' });
      expect(await noteList.textContent()).toContain(
        `${owner.mark}'s note on love. <img src=x onerror=alert(1)>`,
      );
      expect(await page.locator('#root img[src="x"]').count()).toBe(0);
      expect(await page.content()).not.toContain(other.mark);

      const prayer = await page.goto('/prayer');
      expect(prayer?.headers()['cache-control']).toBe('private, no-store');
      expect(
        await page
          .getByRole('list', { name: 'My prayer list' })
          .getByRole('heading')
          .allTextContents(),
      ).toEqual([2, 1].map((n) => `${owner.mark} prayer ${n}`));
      expect(await page.content()).not.toContain(other.mark);
      await page.context().close();
    }
  });

  it('is taken over by the app without a mismatch, and the entries work', async () => {
    const page = await sameMember(amy.context, { javaScriptEnabled: true });
    const errors = collectErrors(page);
    // The app's script held back, as on a slow phone: the entries are there meanwhile.
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.fallback();
    });
    await page.goto('/journal-entries');
    const list = page.getByRole('list', { name: 'Journal entries' });
    expect(await list.getByRole('heading').count()).toBe(3);
    expect(await page.evaluate(appHasStarted)).toBe(false);
    await page.waitForFunction(appHasStarted);
    // Three entries, and no more to come: the app draws them all, as the page came.
    expect(await list.locator(':scope > li').count()).toBe(3);
    // The app's own list: a search answered by the server narrows it.
    await page.getByRole('searchbox', { name: 'Search journal entries' }).fill('number 2');
    await expect
      .poll(() => list.getByRole('heading').allTextContents())
      .toEqual([`${amy.mark} entry 2`]);
    expect(errors).toEqual([]);

    // The notes and the prayer list the same way: drawn, then the app's own.
    await page.goto('/notes');
    const notes = page.getByRole('list', { name: 'Notes' });
    expect(await notes.getByText(/note on love/).count()).toBe(1);
    await page.waitForFunction(appHasStarted);
    await page.getByRole('searchbox', { name: 'Search notes' }).fill('nothing-like-this');
    await page.getByText('No notes match your search.').waitFor();
    await page.goto('/prayer');
    const prayers = page.getByRole('list', { name: 'My prayer list' });
    expect(await prayers.getByRole('heading').count()).toBe(2);
    await page.waitForFunction(appHasStarted);
    await prayers.getByRole('button', { name: 'Edit' }).first().click();
    await page.getByRole('dialog', { name: 'Edit prayer' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("draws a group's page and its prayer wall for its members alone, and the app takes it over", async () => {
    const owner = await sameMember(amy.context, { javaScriptEnabled: true });
    const created = await owner.request.post('/api/groups', {
      data: { name: `${amy.mark} group` },
      headers: { origin: baseURL() },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    for (const n of [1, 2]) {
      await post(owner, `/api/groups/${id}/posts`, { text: `${amy.mark} request ${n}` });
    }
    await owner.context().close();

    // With no script run: the member sees the group and its newest requests first.
    const still = await sameMember(amy.context, { javaScriptEnabled: false });
    const response = await still.goto(`/groups/${id}`);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    expect(await still.getByRole('heading', { level: 1 }).textContent()).toBe(`${amy.mark} group`);
    const requests = still.getByRole('list', { name: 'Prayer requests' });
    const shown = (await requests.textContent()) ?? '';
    expect(shown.indexOf(`${amy.mark} request 2`)).toBeGreaterThan(-1);
    expect(shown.indexOf(`${amy.mark} request 1`)).toBeGreaterThan(shown.indexOf('request 2'));
    await still.context().close();
    // Someone outside the group gets no word of it in the page.
    const outsider = await sameMember(ben.context, { javaScriptEnabled: false });
    await outsider.goto(`/groups/${id}`);
    expect(await outsider.content()).not.toContain(amy.mark);
    await outsider.context().close();

    // The app's script held back, as on a slow phone: the wall is there meanwhile, and then
    // the app's own, with no mismatch.
    const page = await sameMember(amy.context, { javaScriptEnabled: true });
    const errors = collectErrors(page);
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.fallback();
    });
    await page.goto(`/groups/${id}`);
    const wall = page.getByRole('list', { name: 'Prayer requests' });
    expect(await wall.getByText(`${amy.mark} request 2`).count()).toBe(1);
    expect(await page.evaluate(appHasStarted)).toBe(false);
    await page.waitForFunction(appHasStarted);
    await page.getByText('Live', { exact: true }).waitFor();
    const prayed = wall.getByRole('button', { name: `I prayed for “${amy.mark} request 2”` });
    await prayed.click();
    await expect.poll(() => prayed.getAttribute('aria-pressed')).toBe('true');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is drawn for nobody without a live session', async () => {
    // A visitor: the journal asks them to sign in (the app's redirect); saved verses show the
    // examples, drawn.
    const visitor = await openPage(
      browser,
      { viewport: phone, javaScriptEnabled: false },
      { waitForApp: false },
    );
    const response = await visitor.goto('/saved-verses');
    expect(response?.headers()['cache-control']).toBe('no-cache');
    expect(await visitor.getByText('An example of a saved verse').count()).toBeGreaterThan(0);
    await visitor.goto('/journal-entries');
    expect(await visitor.getByRole('list', { name: 'Journal entries' }).count()).toBe(0);
    // A cookie that names no session (signed out elsewhere, or made up) draws nothing personal.
    await visitor
      .context()
      .addCookies([{ name: 'grounded_session', value: 'not-a-session', url: baseURL() }]);
    const stale = await visitor.goto('/journal-entries');
    expect(stale?.headers()['cache-control']).not.toContain('private, no-store');
    expect(await visitor.getByRole('list', { name: 'Journal entries' }).count()).toBe(0);
    // /prayer is everyone's page: a visitor gets it without anyone's prayer list.
    const prayer = await visitor.goto('/prayer');
    expect(prayer?.headers()['cache-control']).toBe('no-cache');
    expect(await visitor.getByRole('list', { name: 'My prayer list' }).count()).toBe(0);
    await visitor.context().close();
  });
});
