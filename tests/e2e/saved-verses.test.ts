import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast } from './support/accounts.ts';
import { expectAccessible } from './support/axe.ts';
import { baseURL, desktop, launchBrowser, openPage, phone } from './support/browser.ts';

/** Searches and filters ask the server once typing stops (decision 012): results take a moment. */
const searchWait = { timeout: 10_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

type SavedVerse = { id: string; reference: string; created_at: string };

/** Seeded oldest first; the page lists them the other way round. */
const seeds: Record<string, string>[] = [
  {
    text: 'Peace I leave with you, my peace I give unto you: not as the world giveth, give I unto you. Let not your heart be troubled, neither let it be afraid.',
    reference: 'John 14:27',
    theme: 'Peace',
  },
  {
    text: 'Now the God of hope fill you with all joy and peace in believing, that ye may abound in hope, through the power of the Holy Ghost.',
    reference: 'Romans 15:13',
    theme: 'Hope',
    custom_note: 'Read this before the interview.',
  },
  {
    text: 'Be careful for nothing; but in every thing by prayer and supplication with thanksgiving let your requests be made known unto God.',
    reference: 'Philippians 4:6',
    theme: 'Bible Reading',
    emotion_tag: 'anxious',
  },
];

/** Signs a fresh user up through the API; the page's context keeps the session cookie. */
async function signUp(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/signup', {
    data: {
      email: `saved-verses-${Date.now()}@example.com`,
      password: 'lamp-unto-my-feet-105',
      display_name: 'Lydia',
    },
    headers: { origin: baseURL() },
  });
  expect(response.status()).toBe(201);
}

async function saveVerse(page: Page, verse: Record<string, string>): Promise<void> {
  const response = await page.request.post('/api/saved-verses', {
    data: verse,
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The references of the newest page of saved verses, as the API lists them (decision 012). */
async function savedReferences(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/saved-verses');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: SavedVerse[] };
  return items.map((verse) => verse.reference);
}

function cards(page: Page, list = 'Saved verses'): Locator {
  return page.getByRole('list', { name: list }).getByRole('listitem');
}

/** The references on the cards, in page order (without the translation each names, ' (KJV)'). */
async function cardReferences(page: Page, list = 'Saved verses'): Promise<string[]> {
  const headings = await cards(page, list).getByRole('heading', { level: 2 }).allTextContents();
  return headings.map((heading) => heading.replace(/ \((KJV|WEB|ASV)\)$/, ''));
}

/** A card by its reference: an example is a named list item, a member's verse an article. */
function card(page: Page, reference: string): Locator {
  return page
    .getByRole('article', { name: reference })
    .or(page.getByRole('listitem', { name: reference }));
}

async function search(page: Page, term: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search saved verses' }).fill(term);
}

function chip(page: Page, name: string): Locator {
  return page.getByRole('group', { name: 'Filter by theme' }).getByRole('button', { name });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

describe('saved verses', () => {
  it('shows a visitor the two demo verses as examples, and asks them to sign in', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    await page.goto('/saved-verses');
    await page.getByRole('heading', { level: 1, name: 'Saved Verses' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await cards(page, 'Example verses').first().waitFor();
    expect(await cardReferences(page, 'Example verses')).toEqual([
      'Philippians 4:13',
      'Jeremiah 29:11',
    ]);
    for (const item of await cards(page, 'Example verses').all()) {
      await item.getByText('Example', { exact: true }).waitFor();
    }
    await card(page, 'Philippians 4:13')
      .getByText('I can do all things through Christ which strengtheneth me.')
      .waitFor();

    const prompt = page.getByRole('region', { name: 'Sign in to save your own verses' });
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(await prompt.getByRole('link', { name: 'Sign Up Free' }).getAttribute('href')).toBe(
      '/auth',
    );
    expect(
      await page.getByRole('link', { name: 'Find a verse for how you feel' }).getAttribute('href'),
    ).toBe('/feeling');
    await expectAccessible(page);

    // The filters work on the examples too.
    await chip(page, 'Hope').click();
    expect(await cardReferences(page, 'Example verses')).toEqual(['Jeremiah 29:11']);
    await chip(page, 'All').click();

    // Deleting or journaling needs an account.
    await card(page, 'Philippians 4:13')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expectToast(page, 'Sign in required');
    await card(page, 'Jeremiah 29:11')
      .getByRole('button', { name: /^Journal/ })
      .click();
    await expectToast(page, 'Please sign in to access your journal.');
    expect(new URL(page.url()).pathname).toBe('/saved-verses');
    expect(await cardReferences(page, 'Example verses')).toHaveLength(2);

    await page.setViewportSize(phone);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.context().close();
  });

  it('lists, filters, deletes with undo and journals about saved verses', async () => {
    const page = await openPage(browser, { colorScheme: 'light', timezoneId: 'UTC' });
    await signUp(page);

    // Nothing saved yet: where verses come from.
    await page.goto('/saved-verses');
    await page.getByRole('heading', { name: 'No saved verses yet' }).waitFor();
    const main = page.getByRole('main');
    expect(
      await main.getByRole('link', { name: 'Find a verse for how you feel' }).getAttribute('href'),
    ).toBe('/feeling');
    expect(await main.getByRole('link', { name: 'Read the Bible' }).getAttribute('href')).toBe(
      '/read-bible',
    );
    expect(await page.getByRole('list', { name: 'Example verses' }).count()).toBe(0);

    for (const seed of seeds) {
      await saveVerse(page, seed);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await savedReferences(page)).toEqual(['Philippians 4:6', 'Romans 15:13', 'John 14:27']);

    // A failed load: a toast, and a way to try again. Reached from another screen: loaded
    // afresh, the page comes with its first verses drawn by the server, and asks no list API.
    await page.route('**/api/saved-verses', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'INTERNAL', message: 'Something went wrong.' }),
      }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Explore' }).click();
    await page.getByRole('menuitem', { name: 'Saved Verses' }).click();
    await expectToast(page, 'Error loading saved verses');
    await page.getByText('Please try refreshing the page.').waitFor();
    await page.getByRole('alert').getByText("We couldn't load your saved verses.").waitFor();
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again' }).click();

    // Newest first, each with its words, theme, feeling, note and date.
    await cards(page).first().waitFor();
    expect(await cardReferences(page)).toEqual(['Philippians 4:6', 'Romans 15:13', 'John 14:27']);
    expect(await page.getByRole('list', { name: 'Example verses' }).count()).toBe(0);
    const romans = card(page, 'Romans 15:13');
    await romans.getByText('Now the God of hope fill you with all joy').waitFor();
    await romans.getByText('Read this before the interview.').waitFor();
    const today = new Intl.DateTimeFormat('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    await romans.getByText(`Saved ${today}`).waitFor();
    await card(page, 'Philippians 4:6').getByText('Feeling: anxious').waitFor();
    await page.getByRole('status').getByText('3 saved verses').waitFor();
    await expectAccessible(page);

    // Phone: one column, no sideways scroll.
    await page.setViewportSize(phone);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.setViewportSize(desktop);

    // Search over text, reference and feeling; chips over theme and feeling; both combine.
    // They run on the server (decision 012) and stay in the address; the words found are marked.
    await search(page, 'anxious');
    await expect.poll(() => cardReferences(page), searchWait).toEqual(['Philippians 4:6']);
    expect(await card(page, 'Philippians 4:6').locator('mark').allTextContents()).toEqual([
      'anxious',
    ]);
    await page.getByRole('status').getByText('1 matching verse').waitFor();
    await search(page, 'ROMANS');
    await expect.poll(() => cardReferences(page), searchWait).toEqual(['Romans 15:13']);
    expect(new URL(page.url()).search).toBe('?q=ROMANS');
    await search(page, '');
    await chip(page, 'Hope').click();
    expect(await chip(page, 'Hope').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => cardReferences(page), searchWait).toEqual(['Romans 15:13']);
    await expect.poll(() => new URL(page.url()).search, searchWait).toBe('?theme=hope');
    await search(page, 'troubled');
    await page.getByRole('heading', { name: 'No verses match your search' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => cardReferences(page), searchWait).toHaveLength(3);
    expect(await chip(page, 'All').getAttribute('aria-pressed')).toBe('true');

    // Delete, then Undo: it is saved again (and so comes first), also after a reload.
    await romans.getByRole('button', { name: /^Delete/ }).click();
    await expectToast(page, 'Verse removed');
    expect(await cardReferences(page)).toEqual(['Philippians 4:6', 'John 14:27']);
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Verse removed' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expectToast(page, 'Verse restored');
    await expect.poll(() => cardReferences(page), searchWait).toContain('Romans 15:13');
    await page.reload();
    await cards(page).first().waitFor();
    expect(await cardReferences(page)).toEqual(['Romans 15:13', 'Philippians 4:6', 'John 14:27']);
    await card(page, 'Romans 15:13').getByText('Read this before the interview.').waitFor();

    // Delete without undo: gone, also after a reload.
    await card(page, 'John 14:27')
      .getByRole('button', { name: /^Delete/ })
      .click();
    await expectToast(page, 'Verse removed');
    await expect.poll(() => savedReferences(page)).toEqual(['Romans 15:13', 'Philippians 4:6']);
    await page.reload();
    await cards(page).first().waitFor();
    expect(await cardReferences(page)).toEqual(['Romans 15:13', 'Philippians 4:6']);

    // Dark mode.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await cards(page).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await expectAccessible(page);

    // Journal about a verse.
    await card(page, 'Philippians 4:6')
      .getByRole('link', { name: /^Journal/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/journal');
    const journal = new URL(page.url());
    expect(journal.searchParams.get('verse')).toBe('Philippians 4:6');
    expect(journal.search).toBe('?verse=Philippians%204%3A6');
    await page.context().close();
  });
  it('finds verses under the chips their verse and feeling stand for', async () => {
    const page = await openPage(browser, { colorScheme: 'light' });
    await signUp(page);
    const reader = (reference: string, text: string) => ({
      text,
      reference,
      theme: 'Bible Reading',
    });
    // Oldest first; the page lists them newest first.
    for (const seed of [
      reader(
        'Leviticus 4:10',
        'As it was taken off from the bullock of the sacrifice of peace offerings.',
      ),
      reader('Isaiah 40:31', 'But they that wait upon the LORD shall renew their strength.'),
      reader('John 3:16', 'For God so loved the world, that he gave his only begotten Son.'),
      reader('Psalms 23:4', 'Yea, though I walk through the valley of the shadow of death.'),
      // Saved from /feeling: theme and feeling are both the mood (product §9).
      {
        text: 'Thou wilt keep him in perfect peace, whose mind is stayed on thee.',
        reference: 'Isaiah 26:3',
        theme: 'anxious',
        emotion_tag: 'anxious',
      },
    ]) {
      await saveVerse(page, seed);
    }

    await page.goto('/saved-verses');
    await cards(page).first().waitFor();
    expect(await cardReferences(page)).toHaveLength(5);
    // The chips ask the server (decision 012), which reads them as the page used to.
    const underChip = async (name: string, references: string[]) => {
      await chip(page, name).click();
      expect(await chip(page, name).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => cardReferences(page), searchWait).toEqual(references);
    };
    await underChip('Peace', ['Isaiah 26:3']);
    await underChip('Comfort', ['Isaiah 26:3', 'Psalm 23:4']);
    await underChip('Love', ['John 3:16']);
    await underChip('Strength', ['Psalm 23:4', 'Isaiah 40:31']);
    await underChip('Hope', ['Isaiah 40:31']);
    await page.getByRole('status').getByText('1 matching verse').waitFor();
    await chip(page, 'Joy').click();
    await page.getByRole('heading', { name: 'No verses match your search' }).waitFor();
    await page.context().close();
  });
});
