import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFocused } from './support/a11y-keyboard.ts';
import { createAccount, expectToast, submitSignIn } from './support/accounts.ts';
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

type JournalEntry = { id: string; title: string | null; content: string; emotion_tags: string[] };

const prompt = 'What is one thing you are grateful for today?';

/** Signs a fresh user up through the API; the page's context keeps the session cookie. */
async function signUp(page: Page): Promise<void> {
  const response = await page.request.post('/api/auth/signup', {
    data: {
      email: `journal-${Date.now()}@example.com`,
      password: 'pour-out-your-heart-62',
      display_name: 'Hannah',
    },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The newest page of the person's entries, as the API lists them (decision 012). */
async function savedEntries(page: Page): Promise<JournalEntry[]> {
  const response = await page.request.get('/api/journal');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: JournalEntry[] }).items;
}

function writer(page: Page) {
  const form = page.getByRole('form', { name: 'Write a new entry' });
  return {
    form,
    title: form.getByLabel('Title (optional)'),
    content: form.getByLabel('Your thoughts'),
    tag: (name: string) =>
      form.getByRole('group', { name: 'How are you feeling?' }).getByRole('button', { name }),
    save: form.getByRole('button', { name: 'Save Entry' }),
  };
}

function entryCards(page: Page): Locator {
  // Each list item holds one entry, an article named by its title.
  return page.getByRole('list', { name: 'Journal entries' }).getByRole('article');
}

async function cardTitles(page: Page): Promise<string[]> {
  return entryCards(page).getByRole('heading', { level: 2 }).allTextContents();
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('journal', () => {
  it('lets a visitor write, asks them to sign in on Save, and keeps the draft', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'light' });
    await page.goto('/journal');
    await page.getByRole('heading', { level: 1, name: 'Journal' }).waitFor();
    await page.getByRole('region', { name: 'Sign in to keep your journal' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Recent entries' }).count()).toBe(0);

    const form = writer(page);
    await form.title.fill('A quiet morning');
    await form.content.fill('The kettle sang.\nI sat with my coffee.');
    await form.tag('Peaceful').click();
    expect(await form.tag('Peaceful').getAttribute('aria-pressed')).toBe('true');
    await expectAccessibleInBothThemes(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await form.save.click();
    await expectToast(page, 'Sign in required');
    await page
      .locator('[data-sonner-toast]')
      .getByText('Please sign in to save your journal entries.')
      .waitFor();

    // The draft survives a reload: the server draws the writer empty, and the app takes up the
    // draft kept on this device once it has started.
    await page.reload();
    await form.content.waitFor();
    await expect
      .poll(() => form.content.inputValue())
      .toBe('The kettle sang.\nI sat with my coffee.');
    expect(await form.title.inputValue()).toBe('A quiet morning');
    expect(await form.tag('Peaceful').getAttribute('aria-pressed')).toBe('true');

    // The toast's action goes to /auth; the list of entries is for members only.
    await form.save.click();
    await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/auth');
    await page.goto('/journal-entries');
    await page.waitForURL('**/auth');
    await page.context().close();
  });

  it(
    'saves, lists, searches, edits and deletes entries for a signed-in user',
    { timeout: 120_000 },
    async () => {
      const page = await openPage(browser, { viewport: desktop, colorScheme: 'light' });
      await signUp(page);
      await page.goto('/journal');
      const form = writer(page);
      await page.getByRole('heading', { name: 'Recent entries' }).waitFor();
      await page.getByText('Your saved entries will appear here.').waitFor();

      // Empty content: 'Entry required', and the cursor goes to the text area.
      await form.save.click();
      await expectToast(page, 'Entry required');
      await page
        .locator('[data-sonner-toast]')
        .getByText('Please write something before saving your entry.')
        .waitFor();
      await expect
        .poll(() => form.content.evaluate((element) => element === document.activeElement))
        .toBe(true);

      // A title, a tag and a prompt (appended on a new line, focus back in the text area).
      await form.title.fill('Morning gratitude');
      await form.content.fill('Sunlight on the table.');
      await form.content.evaluate((element: HTMLTextAreaElement) => element.blur());
      await form.tag('Grateful').click();
      await form.form.getByRole('button', { name: prompt }).click();
      expect(await form.content.inputValue()).toBe(`Sunlight on the table.\n${prompt}\n`);
      expect(await form.content.evaluate((element) => element === document.activeElement)).toBe(
        true,
      );
      await page.keyboard.type('My family.');
      await form.save.click();
      await expectToast(page, 'Entry Saved');

      // The form and the draft are cleared; the entry is at the top of the recent entries.
      await expect.poll(() => form.content.inputValue()).toBe('');
      expect(await form.title.inputValue()).toBe('');
      expect(await form.tag('Grateful').getAttribute('aria-pressed')).toBe('false');
      expect(await page.evaluate(() => localStorage.getItem('grounded.journal.draft'))).toBeNull();
      const recent = page.getByRole('list', { name: 'Recent entries' });
      const first = recent.getByRole('listitem').filter({ hasText: 'Morning gratitude' });
      await first.waitFor();
      await first.getByText(`Sunlight on the table. ${prompt} My family.`).waitFor();
      await first.getByText('Grateful', { exact: true }).waitFor();
      const [saved] = await savedEntries(page);
      expect(saved?.content).toBe(`Sunlight on the table.\n${prompt}\nMy family.`);
      expect(saved?.emotion_tags).toEqual(['Grateful']);

      // Arriving from a verse: it is shown, links to the reader and is saved with the entry.
      await page.goto('/journal?verse=John%203%3A16');
      await form.form.getByText('Reflecting on').waitFor();
      const verseLink = form.form.getByRole('link', { name: 'John 3:16' });
      expect(await verseLink.getAttribute('href')).toBe('/read-bible?book=John&chapter=3');
      await form.title.fill('Evening');
      await form.content.fill(
        'For God so loved the world. I keep coming back to this verse when the day has been long and I have nothing left to give.',
      );
      await form.tag('Peaceful').click();
      await form.save.click();
      await expectToast(page, 'Entry Saved');
      await expect.poll(() => form.form.getByText('Reflecting on').count()).toBe(0);
      expect(new URL(page.url()).search).toBe('');
      const evening = recent.getByRole('listitem').filter({ hasText: 'Evening' });
      await evening.getByRole('link', { name: 'John 3:16' }).waitFor();
      // A 100-character preview, cut with '…'.
      const preview = await evening.locator('p').last().textContent();
      expect(preview?.endsWith('…')).toBe(true);
      expect(preview?.length).toBeLessThanOrEqual(101);
      expect((await savedEntries(page))[0]).toMatchObject({
        title: 'Evening',
        verse_reference: 'John 3:16',
      });
      await expectAccessibleInBothThemes(page);

      // All entries, newest first.
      await page.getByRole('link', { name: 'View all entries' }).click();
      await page.getByRole('heading', { level: 1, name: 'My Journal Entries' }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to Journal' }).getAttribute('href')).toBe(
        '/journal',
      );
      await entryCards(page).first().waitFor();
      expect(await cardTitles(page)).toEqual(['Evening', 'Morning gratitude']);
      await expectAccessibleInBothThemes(page);

      // Search over title and content, and the feeling filter.
      const search = page.getByRole('searchbox', { name: 'Search journal entries' });
      await search.fill('sunlight');
      await expect.poll(() => cardTitles(page), searchWait).toEqual(['Morning gratitude']);
      await search.fill('evening');
      await expect.poll(() => cardTitles(page), searchWait).toEqual(['Evening']);
      await search.fill('');
      const chips = page.getByRole('group', { name: 'Filter by feeling' });
      await chips.getByRole('button', { name: 'Grateful' }).click();
      await expect.poll(() => cardTitles(page), searchWait).toEqual(['Morning gratitude']);
      await chips.getByRole('button', { name: 'Anxious' }).click();
      await page.getByText('No entries match your search.').waitFor();
      await chips.getByRole('button', { name: 'All' }).click();
      await expect
        .poll(() => cardTitles(page), searchWait)
        .toEqual(['Evening', 'Morning gratitude']);

      // Edit: title and content, kept after a reload, line breaks shown as written.
      const morning = page.getByRole('article', { name: 'Morning gratitude' });
      await morning.getByRole('button', { name: 'Edit Morning gratitude' }).click();
      const editTitle = page.getByLabel('Title (optional)');
      await editTitle.fill('Morning thanks');
      await page.getByLabel('Entry', { exact: true }).fill('Line one.\nLine <b>two</b>.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Entry Updated');
      await page.reload();
      const thanks = page.getByRole('article', { name: 'Morning thanks' });
      await thanks.waitFor();
      expect(await thanks.locator('p.whitespace-pre-wrap').innerText()).toBe(
        'Line one.\nLine <b>two</b>.',
      );
      expect(await thanks.locator('b').count()).toBe(0);

      // Cancel leaves the entry as it was.
      await thanks.getByRole('button', { name: 'Edit Morning thanks' }).click();
      await page.getByLabel('Title (optional)').fill('Not this');
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(await cardTitles(page)).toEqual(['Evening', 'Morning thanks']);

      // Delete asks first.
      await page
        .getByRole('article', { name: 'Evening' })
        .getByRole('button', { name: 'Delete Evening' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
      await dialog.getByText('This cannot be undone.').waitFor();
      await expectAccessibleInBothThemes(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await cardTitles(page)).toEqual(['Evening', 'Morning thanks']);

      await page.getByRole('button', { name: 'Delete Evening' }).click();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToast(page, 'Entry Deleted');
      await expect.poll(() => cardTitles(page), searchWait).toEqual(['Morning thanks']);
      await page.reload();
      await entryCards(page).first().waitFor();
      expect(await cardTitles(page)).toEqual(['Morning thanks']);
      expect((await savedEntries(page)).map((entry) => entry.title)).toEqual(['Morning thanks']);

      // Finished at phone width too.
      await page.setViewportSize(phone);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.goto('/journal');
      await page.getByRole('heading', { name: 'Recent entries' }).waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.context().close();
    },
  );

  // Deleting one's only entry left the focus on the page body.
  it('keeps the focus in place when entries are deleted, down to the empty state', async () => {
    const page = await openPage(browser, { viewport: desktop, colorScheme: 'light' });
    await signUp(page);
    for (const title of ['First light', 'Midday', 'Evening prayer']) {
      const response = await page.request.post('/api/journal', {
        data: { title, content: `${title} words.`, emotion_tags: [], verse_reference: null },
        headers: { origin: baseURL() },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
    await page.goto('/journal-entries');
    await entryCards(page).nth(2).waitFor();
    const [top = '', middle = '', bottom = ''] = await cardTitles(page);
    const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });

    async function deleteEntry(title: string) {
      await page.getByRole('button', { name: `Delete ${title}` }).click();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => cardTitles(page), searchWait).not.toContain(title);
    }

    // A middle entry: focus moves to the next one.
    await deleteEntry(middle);
    await expectFocused(page.getByRole('button', { name: `Delete ${bottom}` }));
    // The last one: to the one before it.
    await deleteEntry(bottom);
    await expectFocused(page.getByRole('button', { name: `Delete ${top}` }));
    // The only one: into the empty state, whose link the keyboard can follow at once.
    await deleteEntry(top);
    await page.getByRole('heading', { name: 'No journal entries yet' }).waitFor();
    const write = page.getByRole('link', { name: 'Write your first entry' });
    await expectFocused(write);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/journal');
    await page.context().close();
  });

  // docs/product.md §4: the visitor's entry waited for them and is saved once they have signed in.
  it("saves a visitor's entry after they sign in from 'Sign in required'", async () => {
    const account = await createAccount('Hannah');
    const page = await openPage(browser, { viewport: desktop, colorScheme: 'light' });
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const words = 'I lay it all down tonight, every worry about tomorrow.';
    await page.goto('/journal');
    const form = writer(page);
    await form.title.fill('Laying it down');
    await form.content.fill(words);
    await form.tag('Hopeful').click();
    await form.save.click();
    await expectToast(page, 'Sign in required');
    await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/auth');
    // The journal's first read after sign-in starts before the resumed save and answers after
    // it (as on a slow phone): the list must still end up with the new entry.
    let heldRead: Promise<void> | undefined;
    await page.route('**/api/journal?**', async (route) => {
      if (route.request().method() !== 'GET' || heldRead !== undefined) return route.fallback();
      heldRead = (async () => {
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 1500));
        // The app may have dropped this read for a fresher one meanwhile; its request is then
        // gone and there is nothing left to answer.
        await route.fulfill({ response }).catch(() => undefined);
      })();
      return heldRead;
    });
    await submitSignIn(page, account.email, account.password);

    await page.waitForURL((url) => url.pathname === '/journal');
    await expectToast(page, 'Entry Saved');
    const recent = page.getByRole('list', { name: 'Recent entries' });
    await recent.getByRole('listitem').filter({ hasText: 'Laying it down' }).waitFor();
    const entries = await savedEntries(page);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ title: 'Laying it down', content: words });
    expect(entries[0]?.emotion_tags).toEqual(['Hopeful']);
    // The late answer has landed by now, and the list still shows the entry it did not know of.
    await heldRead;
    await recent.getByRole('listitem').filter({ hasText: 'Laying it down' }).waitFor();
    // Saved, so the writer is cleared as after any save, and nothing of it waits in the tab.
    await expect.poll(() => form.content.inputValue()).toBe('');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(logged.filter((line) => line.includes('lay it all down'))).toEqual([]);

    // Once only: a reload does not save it again.
    await page.reload();
    await recent.getByRole('listitem').first().waitFor();
    expect(await savedEntries(page)).toHaveLength(1);
    await page.context().close();
  });
});
