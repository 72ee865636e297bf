import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { translationStorageKey } from '#client/lib/translation-device.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { readerRoutes, sent } from '#client/test/reader-api.ts';
import { locationNow, renderWithApp, testUser } from '#client/test/render.tsx';
import type { ChapterResponse, ChapterVerse } from '#shared/schemas/bible.ts';
import { ReadBiblePage } from './read-bible-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

function verse(number: number, text: string, extra: Partial<ChapterVerse> = {}): ChapterVerse {
  return { verse: number, text, segments: [{ text }], is_paragraph_start: number === 1, ...extra };
}

function chapter(
  translation: ChapterResponse['translation'],
  verses: ChapterVerse[],
): ChapterResponse {
  return {
    translation,
    reference: 'Romans 14',
    book: 'Romans',
    book_index: 44,
    chapter: 14,
    chapters_in_book: 16,
    verses,
    passages: [],
    canonical: 0,
    previous: { book: 'Romans', chapter: 13 },
    next: { book: 'Romans', chapter: 15 },
  };
}

// Romans 14: the KJV has 23 verses; the WEB 26 (its 24–26 are the KJV's Romans 16:25–27).
const kjv = chapter('kjv', [
  verse(1, 'Him that is weak in the faith receive ye.'),
  verse(23, 'for whatsoever is not of faith is sin.'),
]);
const web = chapter('web', [
  verse(1, 'Now accept one who is weak in faith.', {
    heading: 'A heading of the WEB',
    segments: [
      { text: 'Now accept one', line_start: true },
      { text: 'who is weak in faith.', line_start: true },
    ],
  }),
  verse(23, 'whatever is not of faith is sin.'),
  verse(24, 'Now to him who is able to establish you.'),
]);
const asv = chapter('asv', [
  verse(1, 'But him that is weak in faith receive ye.'),
  verse(23, 'and whatsoever is not of faith is sin.'),
]);

function fakeReaderApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/bible/Romans/14': { body: kjv },
    'GET /api/bible/Romans/14?translation=web': { body: web },
    'GET /api/bible/Romans/14?translation=asv': { body: asv },
    ...readerRoutes(),
    'GET /api/bookmarks': { body: { items: [], next_cursor: null } },
    ...extra,
  });
}

const romans14 = '/read-bible?book=Romans&chapter=14';
const memberSettings = {
  user_id: testUser.id,
  daily_verse_notifications: true,
  journal_reminders: true,
  dark_mode: false,
  reminder_days: [],
  reminder_time: '09:00:00',
  reminder_timezone: 'UTC',
  translation: 'kjv',
  updated_at: '2026-06-01T10:00:00.000Z',
};

describe('the reader in three translations', { timeout: 15_000 }, () => {
  beforeAll(async () => {
    Element.prototype.scrollIntoView = () => undefined;
    await import('#client/features/bible/components/verse-dialog.tsx');
  }, 60_000);
  beforeEach(() => localStorage.clear());

  it('switches a visitor to the WEB, says so in the address and remembers it on the device', async () => {
    fakeReaderApi();
    const { person } = renderWithApp(<ReadBiblePage />, { route: romans14, user: null });
    expect(await screen.findByText(/Him that is weak in the faith/)).toBeVisible();
    await person.selectOptions(
      screen.getByRole('combobox', { name: 'Translation' }),
      'WEB · World English Bible',
    );
    expect(await screen.findByText('who is weak in faith.', { exact: false })).toBeVisible();
    expect(screen.queryByText(/Him that is weak in the faith/)).not.toBeInTheDocument();
    expect(locationNow()).toBe('/read-bible?book=Romans&chapter=14&translation=web');
    expect(localStorage.getItem(translationStorageKey)).toBe('web');
    // The intro names the translation read.
    expect(screen.getByText(/^The World English Bible\./)).toBeVisible();
  });

  it('opens an address without a translation in the one the device remembers', async () => {
    localStorage.setItem(translationStorageKey, 'asv');
    fakeReaderApi();
    renderWithApp(<ReadBiblePage />, { route: romans14, user: null });
    expect(await screen.findByText(/But him that is weak in faith/)).toBeVisible();
    await waitFor(() =>
      expect(locationNow()).toBe('/read-bible?book=Romans&chapter=14&translation=asv'),
    );
  });

  it("saves a member's choice in their settings", async () => {
    const { requests } = fakeReaderApi({
      'GET /api/settings': { body: memberSettings },
      'PATCH /api/settings': (request) => ({
        body: { ...memberSettings, ...(request.body as object) },
      }),
    });
    const { person } = renderWithApp(<ReadBiblePage />, { route: romans14 });
    await screen.findByText(/Him that is weak in the faith/);
    await person.selectOptions(screen.getByRole('combobox', { name: 'Translation' }), 'asv');
    await waitFor(() =>
      expect(sent(requests, 'PATCH', '/api/settings')[0]?.body).toEqual({ translation: 'asv' }),
    );
    expect(await screen.findByText(/But him that is weak in faith/)).toBeVisible();
  });

  it("opens in a member's saved translation", async () => {
    fakeReaderApi({ 'GET /api/settings': { body: { ...memberSettings, translation: 'web' } } });
    renderWithApp(<ReadBiblePage />, { route: romans14 });
    expect(await screen.findByText(/whatever is not of faith is sin/)).toBeVisible();
    expect(localStorage.getItem(translationStorageKey)).toBe('web');
  });

  it("draws the WEB's heading and poetry lines", async () => {
    fakeReaderApi();
    renderWithApp(<ReadBiblePage />, {
      route: `${romans14}&translation=web`,
      user: null,
    });
    const first = await screen.findByRole('button', { name: /Now accept one/ });
    expect(screen.getByText('A heading of the WEB')).toBeVisible();
    // The second line of the verse starts a line of its own; the first starts the paragraph.
    expect(first.querySelectorAll('br')).toHaveLength(1);
    expect(first.textContent).toBe('1\u00a0Now accept onewho is weak in faith.');
  });

  it('reads two translations side by side, a row a verse, keeping every verse of each', async () => {
    fakeReaderApi();
    const { person } = renderWithApp(<ReadBiblePage />, { route: romans14, user: null });
    await screen.findByText(/Him that is weak in the faith/);
    await person.selectOptions(screen.getByRole('combobox', { name: 'Compare with' }), 'web');
    await waitFor(() =>
      expect(locationNow()).toBe('/read-bible?book=Romans&chapter=14&parallel=web'),
    );
    const row1 = await waitFor(() => {
      const row = document.querySelector('[data-row="1"]');
      expect(row?.textContent).toContain('Now accept one');
      return row as HTMLElement;
    });
    expect(row1.textContent).toContain('Him that is weak in the faith');
    // The WEB's verse 24 is kept, and the KJV's side says it has none there.
    const row24 = document.querySelector('[data-row="24"]') as HTMLElement;
    expect(row24.textContent).toContain('Now to him who is able to establish you.');
    expect(within(row24).getByText(/The KJV has no verse 24 here\./)).toBeVisible();
    // The first translation's verses still open the dialog.
    expect(screen.getByRole('button', { name: /Him that is weak/ })).toBeVisible();
  });

  it('shows a tapped verse in all three translations', async () => {
    fakeReaderApi();
    const { person } = renderWithApp(<ReadBiblePage />, {
      route: `${romans14}&translation=web`,
      user: null,
    });
    await person.click(await screen.findByRole('button', { name: /whatever is not of faith/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Verse' });
    expect(within(dialog).getByText('(WEB)')).toBeVisible();
    const others = within(dialog).getByRole('list', { name: 'In other translations' });
    expect(await within(others).findByText('for whatsoever is not of faith is sin.')).toBeVisible();
    expect(await within(others).findByText('and whatsoever is not of faith is sin.')).toBeVisible();
  });
});
