// "Last time you were here" (docs/product.md, the reader): a member back in a chapter sees one
// quiet line under its title, when they were last there and links to what they left.
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import {
  baseURL,
  desktop,
  launchBrowser,
  openPage,
  phone,
  waitForQuietNetwork,
} from './support/browser.ts';
import { e2eServer } from './support/server.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const psalm23 = '/read-bible?book=Psalms&chapter=23';

async function post(page: Page, url: string, data: unknown): Promise<void> {
  const response = await page.request.post(url, { data, headers: { origin: baseURL() } });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The member's last reading of Psalm 23 moved back three days, as if read then. */
function readThreeDaysAgo(email: string): void {
  const database = new SqliteDatabase(path.join(e2eServer().dataDir, 'grounded.db'));
  try {
    database.pragma('busy_timeout = 5000');
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3_600_000).toISOString();
    const changed = database
      .prepare(
        `update reading_progress set completed_at = ? where book_name = 'Psalms' and
         chapter_number = 23 and user_id = (select id from users where email = ?)`,
      )
      .run(threeDaysAgo, email).changes;
    expect(changed).toBe(1);
  } finally {
    database.close();
  }
}

/** A member who read Psalm 23 three days ago and left two highlights, a note and a verse. */
async function memberBackInPsalm23(page: Page): Promise<void> {
  const email = `last-visit-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await post(page, '/api/auth/signup', {
    email,
    password: 'lamp-unto-my-feet-105',
    display_name: 'Hannah',
  });
  await post(page, '/api/progress', { book_name: 'Psalms', chapter_number: 23 });
  for (const verse_number of [4, 1]) {
    await post(page, '/api/highlights/toggle', {
      book_name: 'Psalms',
      chapter_number: 23,
      verse_number,
    });
  }
  await post(page, '/api/notes', {
    book_name: 'Psalms',
    chapter_number: 23,
    verse_number: 4,
    end_verse_number: 4,
    text: 'Even here.',
  });
  await post(page, '/api/memory-cards', { reference: 'Psalms 23:1' });
  readThreeDaysAgo(email);
}

const expected = 'You were last here 3 days ago · 2 highlights · 1 note · learning 1 verse';

/** The line as read on screen (the separators' spoken commas left out). */
async function lineText(page: Page): Promise<string> {
  const text = await page.getByTestId('last-visit').evaluate((line) => {
    const copy = line.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.sr-only').forEach((hidden) => hidden.remove());
    return copy.textContent ?? '';
  });
  return text.replace(/\s+/g, ' ').trim();
}

describe('last time you were here', () => {
  for (const { name, viewport, colorScheme } of [
    { name: 'a phone in the dark theme', viewport: phone, colorScheme: 'dark' as const },
    { name: 'a desktop in the light theme', viewport: desktop, colorScheme: 'light' as const },
  ]) {
    it(`shows a returning member the line, reachable by keyboard, on ${name}`, async () => {
      const page = await openPage(browser, { viewport, colorScheme });
      await memberBackInPsalm23(page);
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/reader/')) asked.push(pathname);
      });
      await page.goto(psalm23);
      const line = page.getByTestId('last-visit');
      await expect.poll(() => line.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await lineText(page)).toBe(expected);
      expect(asked).toEqual(['/api/reader/last-visit/Psalms/23']);
      // Right under the title: both read in one go, after the page has settled, so that a
      // scroll between two readings cannot move one and not the other.
      await waitForQuietNetwork(page);
      const gap = await line.evaluate((element) => {
        const title = [...document.querySelectorAll('h2')].find(
          (heading) => heading.textContent?.trim() === 'Psalm 23',
        );
        if (!title) return null;
        return element.getBoundingClientRect().top - title.getBoundingClientRect().bottom;
      });
      expect(gap).not.toBeNull();
      expect(gap!).toBeGreaterThanOrEqual(-1);
      expect(gap!).toBeLessThan(24);
      await expectAccessible(page);

      // From the title, Tab reaches each part in turn.
      await page.getByRole('heading', { name: 'Psalm 23', level: 2 }).focus();
      for (const name of ['2 highlights', '1 note', 'learning 1 verse']) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? null)).toBe(
          name,
        );
      }
      expect(await line.getByRole('link', { name: '1 note' }).getAttribute('href')).toBe(
        '/notes?book=Psalms',
      );
      expect(await line.getByRole('link', { name: 'learning 1 verse' }).getAttribute('href')).toBe(
        '/memorize',
      );

      // Opening it again in the same sitting (this visit already saved) still names the last one.
      await page.reload();
      await expect.poll(() => line.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await lineText(page)).toBe(expected);

      // The highlights' link takes the reader to the first highlighted verse.
      await line.getByRole('link', { name: '2 highlights' }).click();
      await expect
        .poll(() =>
          page.evaluate(() => {
            const verse = document.querySelector('[data-verse="1"]');
            const top = verse?.getBoundingClientRect().top ?? -1;
            return top >= 0 && top < window.innerHeight;
          }),
        )
        .toBe(true);

      // A chapter never read before shows no line.
      await page.goto('/read-bible?book=Psalms&chapter=24');
      await page.getByRole('heading', { name: 'Psalm 24', level: 2 }).waitFor();
      await expect.poll(() => asked.includes('/api/reader/last-visit/Psalms/24')).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(await line.count()).toBe(0);
      await page.context().close();
    });
  }

  it('asks nothing for a visitor', async () => {
    const page = await openPage(browser, { viewport: phone, colorScheme: 'dark' });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/reader/')) asked.push(request.url());
    });
    await page.goto(psalm23);
    await page.getByRole('heading', { name: 'Psalm 23', level: 2 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(await page.getByTestId('last-visit').count()).toBe(0);
    await page.context().close();
  });
});
