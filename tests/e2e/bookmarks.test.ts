import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

type Bookmark = { id: string; book_name: string; chapter_number: number; created_at: string };

/** Signs a fresh user up through the API; the page's context keeps the session cookie. */
async function signUp(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/signup', {
    data: {
      email: `bookmarks-${Date.now()}@example.com`,
      password: 'lamp-unto-my-feet-105',
      display_name: 'Timothy',
    },
    headers: { origin: baseURL() },
  });
  expect(response.status()).toBe(201);
}

/** Bookmarks a chapter as the reader's toggle does. */
async function bookmarkChapter(page: Page, book_name: string, chapter_number: number) {
  const response = await page.request.post('/api/bookmarks/toggle', {
    data: { book_name, chapter_number },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toEqual({ bookmarked: true });
}

function cards(page: Page): Locator {
  return page.getByRole('list', { name: 'Bookmarks' }).getByRole('listitem');
}

/** The cards' headings in page order, e.g. 'Psalms Chapter 23'. */
async function cardTitles(page: Page): Promise<string[]> {
  const headings = await cards(page).getByRole('heading', { level: 2 }).allTextContents();
  return headings.map((text) => text.replace(/\s+/g, ' ').trim());
}

function card(page: Page, title: string): Locator {
  return cards(page).filter({ has: page.getByRole('heading', { name: title }) });
}

async function search(page: Page, term: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search bookmarked chapters' }).fill(term);
}

/** The cards' left edges and top edges, to tell columns and rows apart. */
async function cardBoxes(page: Page) {
  const boxes = await Promise.all((await cards(page).all()).map((item) => item.boundingBox()));
  return boxes.map((box) => ({ x: Math.round(box?.x ?? -1), y: Math.round(box?.y ?? -1) }));
}

const isDark = () => document.documentElement.classList.contains('dark');

describe('bookmarks', () => {
  it('sends a signed-out visitor to /auth', async () => {
    const page = await openPage(browser);
    await page.goto('/bookmarks');
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.context().close();
  });

  it('lists, searches, opens and removes bookmarked chapters', async () => {
    const page = await openPage(browser, { colorScheme: 'light', timezoneId: 'UTC' });
    await signUp(page);
    // Seeded oldest first (a few ms apart), so the page lists them the other way round.
    for (const [book, chapter] of [
      ['Psalms', 23],
      ['John', 3],
      ['1 Corinthians', 13],
    ] as const) {
      await bookmarkChapter(page, book, chapter);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const seeded = (
      (await (await page.request.get('/api/bookmarks')).json()) as { items: Bookmark[] }
    ).items;
    expect(seeded.map((item) => `${item.book_name} ${item.chapter_number}`)).toEqual([
      '1 Corinthians 13',
      'John 3',
      'Psalms 23',
    ]);

    await page.goto('/bookmarks');
    await page.getByRole('heading', { level: 1, name: 'Bookmarked Chapters' }).waitFor();
    await page.getByText("Bible chapters you've marked for easy access").waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await cards(page).first().waitFor();
    expect(await cardTitles(page)).toEqual([
      '1 Corinthians Chapter 13',
      'John Chapter 3',
      'Psalms Chapter 23',
    ]);
    const psalms = card(page, 'Psalms Chapter 23');
    const createdOn = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(seeded[2]?.created_at ?? ''));
    await psalms.getByText(`Bookmarked on ${createdOn}`).waitFor();
    expect(
      await page
        .getByRole('searchbox', { name: 'Search bookmarked chapters' })
        .getAttribute('placeholder'),
    ).toBe('Search bookmarked chapters...');

    // Three cards side by side on a desktop, one above the other on a phone, no sideways scroll.
    const wide = await cardBoxes(page);
    expect(new Set(wide.map((box) => box.y)).size).toBe(1);
    expect(new Set(wide.map((box) => box.x)).size).toBe(3);
    await page.setViewportSize(phone);
    const narrow = await cardBoxes(page);
    expect(new Set(narrow.map((box) => box.x)).size).toBe(1);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await page.setViewportSize(desktop);

    await expectAccessible(page);

    // Search: book name or chapter number, any case, asked of the server (decision 012).
    const searched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/bookmarks' && url.searchParams.has('q')) {
        searched.push(url.searchParams.get('q') ?? '');
      }
    });
    await search(page, 'ps');
    await expect.poll(() => cardTitles(page)).toEqual(['Psalms Chapter 23']);
    await search(page, 'JOHN');
    await expect.poll(() => cardTitles(page)).toEqual(['John Chapter 3']);
    await search(page, '13');
    await expect.poll(() => cardTitles(page)).toEqual(['1 Corinthians Chapter 13']);
    expect(searched).toEqual(['ps', 'JOHN', '13']);
    await search(page, 'zzz');
    await page.getByRole('heading', { name: 'No bookmarks found' }).waitFor();
    await page.getByText('Try adjusting your search term').waitFor();
    expect(await cards(page).count()).toBe(0);
    expect(
      await page.getByRole('link', { name: 'Start Reading the Bible' }).getAttribute('href'),
    ).toBe('/read-bible');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => cardTitles(page)).toHaveLength(3);

    // 'Read Chapter' opens the reader at that chapter.
    await search(page, 'ps');
    await expect.poll(() => cardTitles(page)).toEqual(['Psalms Chapter 23']);
    await expect.poll(() => new URL(page.url()).search).toBe('?q=ps');
    await psalms.getByRole('link', { name: /^Read Chapter/ }).click();
    await page.waitForURL((url) => url.pathname === '/read-bible');
    const reader = new URL(page.url());
    expect(reader.searchParams.get('book')).toBe('Psalms');
    expect(reader.searchParams.get('chapter')).toBe('23');
    expect(reader.search).toBe('?book=Psalms&chapter=23');
    await page.getByRole('heading', { name: 'Psalm 23' }).waitFor();
    await page.getByText('The LORD is my shepherd; I shall not want.').waitFor();
    // Back again, the search is still there.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/bookmarks');
    await psalms.waitFor();
    expect(
      await page.getByRole('searchbox', { name: 'Search bookmarked chapters' }).inputValue(),
    ).toBe('ps');
    expect(await cardTitles(page)).toEqual(['Psalms Chapter 23']);
    await search(page, '');
    await expect.poll(() => cardTitles(page)).toHaveLength(3);

    // A failed removal puts the card back and says so.
    await page.route('**/api/bookmarks/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'INTERNAL', message: 'Something went wrong.' }),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Remove bookmark for John 3' }).click();
    await expectToast(page, 'Failed to remove bookmark.');
    await expect.poll(() => cardTitles(page)).toContain('John Chapter 3');
    await page.unrouteAll();

    // Removing one: a toast, focus moves to the next card, and it stays gone after a reload.
    await page.getByRole('button', { name: 'Remove bookmark for John 3' }).click();
    await expectToast(page, 'Bookmark removed');
    expect(await cardTitles(page)).toEqual(['1 Corinthians Chapter 13', 'Psalms Chapter 23']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Remove bookmark for Psalm 23',
    );
    await page.reload();
    await cards(page).first().waitFor();
    expect(await cardTitles(page)).toEqual(['1 Corinthians Chapter 13', 'Psalms Chapter 23']);

    // Dark mode.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await cards(page).first().waitFor();
    expect(await page.evaluate(isDark)).toBe(true);
    await expectAccessible(page);

    // Removing the rest leaves the empty state.
    await page.getByRole('button', { name: 'Remove bookmark for 1 Corinthians 13' }).click();
    await page.getByRole('button', { name: 'Remove bookmark for Psalm 23' }).click();
    await page.getByText('Start bookmarking chapters as you read through the Bible').waitFor();
    await page.getByRole('heading', { name: 'No bookmarks found' }).waitFor();
    await page.getByRole('link', { name: 'Start Reading the Bible' }).waitFor();
    await page.reload();
    await page.getByText('Start bookmarking chapters as you read through the Bible').waitFor();
    expect(await (await page.request.get('/api/bookmarks')).json()).toEqual({
      items: [],
      next_cursor: null,
    });
    await expectAccessible(page);

    // A failed load: a toast and a way to try again.
    await page.route('**/api/bookmarks', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'INTERNAL', message: 'Something went wrong.' }),
      }),
    );
    await page.reload();
    await expectToast(page, 'Error loading bookmarks');
    await page.getByText('Please try refreshing the page.').waitFor();
    await page.getByRole('alert').getByText("We couldn't load your bookmarks.").waitFor();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Start bookmarking chapters as you read through the Bible').waitFor();
    await page.context().close();
  });
});
