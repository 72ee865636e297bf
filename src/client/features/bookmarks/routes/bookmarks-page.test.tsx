import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bookmark } from '../../../../shared/schemas/reading.ts';
import { notify } from '../../../lib/notify.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { locationNow, renderWithApp } from '../../../test/render.tsx';
import { BookmarksPage } from './bookmarks-page.tsx';

vi.mock('../../../lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

function bookmark(id: string, book_name: string, chapter_number: number, day: number): Bookmark {
  return { id, book_name, chapter_number, created_at: `2026-06-${day}T10:00:00.000Z` };
}

const john3 = bookmark('b-john', 'John', 3, 12);
const psalm23 = bookmark('b-psalm', 'Psalms', 23, 11);
const romans8 = bookmark('b-romans', 'Romans', 8, 10);

function titles(): string[] {
  const list = screen.getByRole('list', { name: 'Bookmarks' });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent ?? '');
}

describe('the bookmarks page', () => {
  beforeEach(() => {
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
  });

  it('lists the bookmarked chapters, newest first, each opening in the reader', async () => {
    fakeApi({ 'GET /api/bookmarks': { body: [john3, psalm23, romans8] } });
    const { person } = renderWithApp(<BookmarksPage />, { route: '/bookmarks' });
    await screen.findByRole('list', { name: 'Bookmarks' });
    expect(titles()).toEqual(['John Chapter 3', 'Psalms Chapter 23', 'Romans Chapter 8']);
    expect(screen.getByText('3 chapters bookmarked')).toBeVisible();
    await person.click(screen.getByRole('link', { name: 'Read Chapter Psalms 23' }));
    expect(locationNow()).toBe('/read-bible?book=Psalms&chapter=23');
  });

  it('filters by book or chapter as the person types, and says when nothing matches', async () => {
    fakeApi({ 'GET /api/bookmarks': { body: [john3, psalm23, romans8] } });
    const { person } = renderWithApp(<BookmarksPage />, { route: '/bookmarks' });
    const search = await screen.findByRole('searchbox', { name: 'Search bookmarked chapters' });
    await person.type(search, 'psa');
    expect(titles()).toEqual(['Psalms Chapter 23']);
    expect(screen.getByText('1 of 3 chapters')).toBeVisible();
    expect(locationNow()).toBe('/bookmarks?q=psa');
    await person.clear(search);
    await person.type(search, 'Jude');
    expect(screen.getByRole('heading', { name: 'No bookmarks found' })).toBeVisible();
    expect(screen.getByText('Try adjusting your search term')).toBeVisible();
    await person.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(titles()).toHaveLength(3);
    expect(search).toHaveFocus();
  });

  it("removes a bookmark at once and toasts 'Bookmark removed'", async () => {
    let list = [john3, psalm23, romans8];
    const { requests } = fakeApi({
      'GET /api/bookmarks': () => ({ body: list }),
      'DELETE /api/bookmarks/b-psalm': () => {
        list = list.filter((item) => item.id !== 'b-psalm');
        return { status: 204 };
      },
    });
    const { person } = renderWithApp(<BookmarksPage />, { route: '/bookmarks' });
    await person.click(
      await screen.findByRole('button', { name: 'Remove bookmark for Psalms 23' }),
    );
    expect(titles()).toEqual(['John Chapter 3', 'Romans Chapter 8']);
    // Focus stays in the list: on the next card's remove button.
    expect(screen.getByRole('button', { name: 'Remove bookmark for Romans 8' })).toHaveFocus();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Bookmark removed'));
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/bookmarks/b-psalm')).toBe(
      true,
    );
  });

  it('counts a bookmark already removed elsewhere as removed', async () => {
    fakeApi({
      'GET /api/bookmarks': { body: [john3] },
      'DELETE /api/bookmarks/b-john': {
        status: 404,
        body: { error: 'NOT_FOUND', message: 'Bookmark not found.' },
      },
    });
    const { person } = renderWithApp(<BookmarksPage />, { route: '/bookmarks' });
    await person.click(await screen.findByRole('button', { name: 'Remove bookmark for John 3' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Bookmark removed'));
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('puts the bookmark back and says so when it cannot be removed', async () => {
    fakeApi({
      'GET /api/bookmarks': { body: [john3, psalm23] },
      'DELETE /api/bookmarks/b-john': {
        status: 500,
        body: { error: 'INTERNAL', message: 'Boom.' },
      },
    });
    const { person } = renderWithApp(<BookmarksPage />, { route: '/bookmarks' });
    await person.click(await screen.findByRole('button', { name: 'Remove bookmark for John 3' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Error', 'Failed to remove bookmark.'),
    );
    expect(titles()).toEqual(['John Chapter 3', 'Psalms Chapter 23']);
  });

  it("toasts 'Error loading bookmarks' for every failed load, and shows Try again", async () => {
    let calls = 0;
    fakeApi({
      'GET /api/bookmarks': () => {
        calls += 1;
        return { status: 500, body: { error: 'INTERNAL', message: 'Boom.' } };
      },
    });
    const { person } = renderWithApp(<BookmarksPage />, { route: '/bookmarks' });
    expect(await screen.findByText("We couldn't load your bookmarks.")).toBeVisible();
    expect(notify.error).toHaveBeenCalledOnce();
    const [title, description] = vi.mocked(notify.error).mock.calls[0] ?? [];
    expect([title, description]).toEqual([
      'Error loading bookmarks',
      'Please try refreshing the page.',
    ]);
    await person.click(screen.getByRole('button', { name: /Try again/i }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(2));
    expect(calls).toBe(2);
  });
});
