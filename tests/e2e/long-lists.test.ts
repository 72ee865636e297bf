// Decision 012: a member's lists at real scale. 500+ journal entries, saved verses and prayers are
// seeded through the API; at phone width the pages load as the person scrolls (and with Load
// more), every entry is reachable, the DOM stays bounded, and a search finds an old entry that
// has not been loaded yet.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInPage } from './support/accounts.ts';
import { baseURL, launchBrowser, openPage, phone } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** How many rows each list gets besides its one old, searchable row. */
const fillers = 519;
/** The DOM budget after scrolling through 500 items (decision 012). */
const maxDomNodes = 5_000;

async function post(page: Page, path: string, data: object): Promise<void> {
  const response = await page.request.post(path, { data, headers: { origin: baseURL() } });
  expect(response.status(), await response.text()).toBe(201);
}

/** Runs `make(0)`…`make(count - 1)`, a few at a time. */
async function seedConcurrently(count: number, make: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await make(index);
      }
    }),
  );
}

type ListWalk = {
  /** Every item id drawn at some point. */
  seen: Set<string>;
  /** The most elements the document held at any point. */
  maxDomNodes: number;
  /** The most rows the list drew at once. */
  maxRows: number;
};

/**
 * Scrolls the window from top to bottom a screen at a time, letting the list load its pages
 * as it nears its end, until everything is loaded and the bottom is reached.
 */
async function scrollThrough(
  page: Page,
  {
    listLabel,
    idAttribute,
    loadMoreLabel,
  }: {
    listLabel: string;
    idAttribute: string;
    /** For a list with no count in a status line: its Load more button is there while it can grow. */
    loadMoreLabel?: string;
  },
): Promise<ListWalk> {
  const walk: ListWalk = { seen: new Set(), maxDomNodes: 0, maxRows: 0 };
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let step = 0; step < 3_000; step += 1) {
    const state = await page.evaluate(
      ({ listLabel, idAttribute, loadMoreLabel }) => {
        const list = document.querySelector(`ul[aria-label="${listLabel}"]`);
        const canGrow = [...document.querySelectorAll('button')].some(
          (button) => button.textContent === loadMoreLabel || button.textContent === 'Loading…',
        );
        const ids = [...document.querySelectorAll(`[${idAttribute}]`)].map(
          (element) => element.getAttribute(idAttribute) ?? '',
        );
        const root = document.documentElement;
        return {
          ids,
          rows: list?.children.length ?? 0,
          nodes: document.querySelectorAll('*').length,
          isAtBottom: window.scrollY + window.innerHeight >= root.scrollHeight - 2,
          status: loadMoreLabel
            ? canGrow
              ? 'so far'
              : ''
            : (document.querySelector('[role="status"]')?.textContent ?? ''),
        };
      },
      { listLabel, idAttribute, loadMoreLabel },
    );
    for (const id of state.ids) walk.seen.add(id);
    walk.maxDomNodes = Math.max(walk.maxDomNodes, state.nodes);
    walk.maxRows = Math.max(walk.maxRows, state.rows);
    if (state.isAtBottom && !state.status.includes('so far')) return walk;
    if (state.isAtBottom) {
      // The next page is on its way: wait for it.
      await page.waitForTimeout(100);
      continue;
    }
    await page.evaluate(() => window.scrollBy(0, Math.round(window.innerHeight * 0.8)));
    // Two frames: the list draws the rows for where it now is.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
  }
  throw new Error('The list never reached its end');
}

/**
 * Focuses Load more as Tab does (scrolling it into view, so the list's end is on screen) and
 * presses it. Until it is pressed, no page comes in above it to push the focused button out of
 * sight (or take it away with the focus); once pressed, the focus goes to the first new row.
 */
async function loadMoreByKeyboard(
  page: Page,
  { name, before, after }: { name: string; before: string; after: string },
): Promise<void> {
  const button = page.getByRole('button', { name });
  await button.evaluate((element: HTMLElement) => element.focus());
  // What must not happen would happen within a few frames of the scroll.
  await page.waitForTimeout(600);
  await page.getByRole('status').getByText(before).waitFor();
  expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await button.evaluate(isOnScreen)).toBe(true);
  const rowsBefore = Number(/\d+/.exec(before)?.[0]);
  await page.keyboard.press('Enter');
  await page.getByRole('status').getByText(after).waitFor();
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-posinset')),
    )
    .toBe(String(rowsBefore + 1));
}

/** Whether the element is drawn, wholly, in the window. */
function isOnScreen(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
}

describe('long lists', { timeout: 300_000 }, () => {
  it('pages through 520 journal entries at phone width, and finds an old one by search', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'light' });
    await signUpInPage(page, 'Hannah');
    // The oldest entry, written first; the search finds it before it is loaded.
    await post(page, '/api/journal', {
      title: 'The old lighthouse',
      content: 'We walked to the lighthouse at dusk.',
      emotion_tags: ['Peaceful'],
      verse_reference: null,
    });
    await seedConcurrently(fillers, (index) =>
      post(page, '/api/journal', {
        title: `Entry ${index + 1}`,
        content: `Day ${index + 1}: a few quiet words about the morning.`,
        emotion_tags: [],
        verse_reference: null,
      }),
    );

    await page.goto('/journal-entries');
    const list = page.getByRole('list', { name: 'Journal entries' });
    await list.getByRole('article').first().waitFor();
    await page.getByRole('status').getByText('Showing 20 entries so far').waitFor();
    expect(await page.getByRole('article', { name: 'The old lighthouse' }).count()).toBe(0);

    // A search over everything, on the server: the old entry, its words marked.
    const search = page.getByRole('searchbox', { name: 'Search journal entries' });
    await search.fill('lighthouse');
    const found = page.getByRole('article', { name: 'The old lighthouse' });
    await found.waitFor();
    expect(await list.getByRole('article').count()).toBe(1);
    expect(await found.locator('mark').allTextContents()).toEqual(['lighthouse', 'lighthouse']);
    expect(new URL(page.url()).search).toBe('?q=lighthouse');
    await search.fill('');
    await page.getByRole('status').getByText('Showing 20 entries so far').waitFor();

    // Load more, by keyboard, then the rest as the person scrolls.
    await loadMoreByKeyboard(page, {
      name: 'Load more entries',
      before: 'Showing 20 entries so far',
      after: 'Showing 40 entries so far',
    });
    const walk = await scrollThrough(page, {
      listLabel: 'Journal entries',
      idAttribute: 'data-entry-id',
    });
    await page
      .getByRole('status')
      .getByText(`${fillers + 1} entries`)
      .waitFor();
    expect(walk.seen.size).toBe(fillers + 1);
    expect(walk.maxDomNodes).toBeLessThanOrEqual(maxDomNodes);
    expect(walk.maxRows).toBeLessThan(60);
    // The last card is the oldest entry.
    await found.waitFor();
    await page.context().close();
  });

  it('keeps the words of an entry being edited when the person scrolls far away and back', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    await signUpInPage(page, 'Ruth');
    await seedConcurrently(60, (index) =>
      post(page, '/api/journal', {
        title: `Morning ${index + 1}`,
        content: `A few words for morning ${index + 1}.`,
        emotion_tags: [],
        verse_reference: null,
      }),
    );
    // The virtualizer's code held back until the person is editing (a slow phone): the list
    // keeps its rows in the flow while the focus is in it, and must still load pages as the
    // person scrolls on.
    let releaseVirtualizer = () => {};
    const isEditing = new Promise<void>((resolve) => (releaseVirtualizer = resolve));
    await page.route(/\/assets\/paged-list-virtualizer-[^/]*\.js$/, async (route) => {
      await isEditing;
      await route.fallback();
    });
    await page.goto('/journal-entries');
    const list = page.getByRole('list', { name: 'Journal entries' });
    const first = list.getByRole('article').first();
    await first.getByRole('button', { name: /^Edit / }).click();
    const content = first.getByRole('textbox', { name: 'Entry' });
    await content.fill('Words not saved yet, written on the bus.');
    releaseVirtualizer();

    // Far down the list (more pages load on the way), where the card would be out of the DOM.
    for (let step = 0; step < 12; step += 1) {
      await page.evaluate(() => window.scrollBy(0, window.innerHeight * 2));
      await page.waitForTimeout(100);
    }
    await page
      .getByRole('status')
      .getByText(/Showing (4|6)0 entries|60 entries/)
      .waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(5_000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect
      .poll(() => list.getByRole('textbox', { name: 'Entry' }).inputValue())
      .toBe('Words not saved yet, written on the bus.');
    await page.context().close();
  });

  it('pages through 520 saved verses at phone width, and finds an old one by search', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'light' });
    await signUpInPage(page, 'Lydia');
    await post(page, '/api/saved-verses', {
      text: 'In that day, saith the LORD of hosts, will I take thee, O Zerubbabel, my servant.',
      reference: 'Haggai 2:23',
      theme: 'Hope',
    });
    await seedConcurrently(fillers, (index) =>
      post(page, '/api/saved-verses', {
        text: `A verse kept for the long list, number ${index + 1}.`,
        reference: `Psalms ${Math.floor(index / 10) + 1}:${(index % 10) + 1}`,
        theme: 'Bible Reading',
      }),
    );

    await page.goto('/saved-verses');
    const list = page.getByRole('list', { name: 'Saved verses' });
    await list.getByRole('article').first().waitFor();
    await page.getByRole('status').getByText('Showing 20 saved verses so far').waitFor();

    const search = page.getByRole('searchbox', { name: 'Search saved verses' });
    await search.fill('zerubbabel');
    const found = page.getByRole('article', { name: 'Haggai 2:23' });
    await found.waitFor();
    expect(await list.getByRole('article').count()).toBe(1);
    expect(await found.locator('mark').allTextContents()).toEqual(['Zerubbabel']);
    await page.getByRole('status').getByText('1 matching verse').waitFor();
    await search.fill('');
    await page.getByRole('status').getByText('Showing 20 saved verses so far').waitFor();

    await loadMoreByKeyboard(page, {
      name: 'Load more verses',
      before: 'Showing 20 saved verses so far',
      after: 'Showing 40 saved verses so far',
    });
    const walk = await scrollThrough(page, {
      listLabel: 'Saved verses',
      idAttribute: 'data-verse-id',
    });
    await page
      .getByRole('status')
      .getByText(`${fillers + 1} saved verses`)
      .waitFor();
    expect(walk.seen.size).toBe(fillers + 1);
    expect(walk.maxDomNodes).toBeLessThanOrEqual(maxDomNodes);
    expect(walk.maxRows).toBeLessThan(60);
    await found.waitFor();
    await page.context().close();
  });
  it('pages through 520 prayer requests at phone width with the DOM bounded', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    await signUpInPage(page, 'Anna');
    await seedConcurrently(fillers + 1, (index) =>
      post(page, '/api/prayers', { title: `A prayer on the long list, number ${index + 1}` }),
    );

    await page.goto('/prayer');
    const list = page.getByRole('list', { name: 'My prayer list' });
    await list.getByRole('article').first().waitFor();
    const walk = await scrollThrough(page, {
      listLabel: 'My prayer list',
      idAttribute: 'data-prayer-id',
      loadMoreLabel: 'Load more prayers',
    });
    expect(walk.seen.size).toBe(fillers + 1);
    expect(walk.maxDomNodes).toBeLessThanOrEqual(maxDomNodes);
    expect(walk.maxRows).toBeLessThan(60);
    await page.getByText('A prayer on the long list, number 1', { exact: true }).waitFor();
    await page.context().close();
  });
});
