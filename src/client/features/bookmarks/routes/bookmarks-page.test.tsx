import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi, type FakeRequest } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp } from '#client/test/render.tsx';
import type { Bookmark } from '#shared/schemas/reading.ts';
import { BookmarksPage } from './bookmarks-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

function bookmark(id: string, book_name: string, chapter_number: number, day: number): Bookmark {
  return { id, book_name, chapter_number, created_at: `2026-06-${day}T10:00:00.000Z` };
}

/** The server's answer to GET /api/bookmarks: one page, with `q` applied as the server does. */
function pageOf(list: Bookmark[], q = '', next_cursor: string | null = null) {
  const needle = q.trim().toLowerCase();
  const items = list.filter(
    (item) =>
      item.book_name.toLowerCase().includes(needle) || String(item.chapter_number).includes(needle),
  );
  return { body: { items, next_cursor } };
}

function queryOf(request: FakeRequest): URLSearchParams {
  return new URL(request.path, 'http://localhost').searchParams;
}

/** The bookmarks page's server: the list (searched by ?q=) and the count in the stats. */
function fakeBookmarks(list: () => Bookmark[], routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/bookmarks': (request) => pageOf(list(), queryOf(request).get('q') ?? ''),
    'GET /api/progress/stats': () => ({
      body: { chaptersRead: 0, booksStarted: 0, bookmarks: list().length },
    }),
    ...routes,
  });
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
    fakeBookmarks(() => [john3, psalm23, romans8]);
    const { person } = renderWithApp(<BookmarksPage />, { route: '/bookmarks' });
    await screen.findByRole('list', { name: 'Bookmarks' });
    expect(titles()).toEqual(['John Chapter 3', 'Psalms Chapter 23', 'Romans Chapter 8']);
    expect(await screen.findByText('3 chapters bookmarked')).toBeVisible();
    await person.click(screen.getByRole('link', { name: 'Read Chapter Psalm 23' }));
    expect(locationNow()).toBe('/read-bible?book=Psalms&chapter=23');
  });

  it('asks the server to search by book or chapter once typing stops, and says when nothing matches', async () => {
    const { requests } = fakeBookmarks(() => [john3, psalm23, romans8]);
    const { person } = renderWithApp(<BookmarksPage />, { route: '/bookmarks' });
    const search = await screen.findByRole('searchbox', { name: 'Search bookmarked chapters' });
    await person.type(search, 'psa');
    await screen.findByText('1 of 3 chapters');
    expect(titles()).toEqual(['Psalms Chapter 23']);
    await waitFor(() => expect(locationNow()).toBe('/bookmarks?q=psa'));
    // One search for the whole word, not one per key press.
    const searches = requests.filter((r) => r.path.startsWith('/api/bookmarks?'));
    expect(searches.map((r) => r.path)).toEqual(['/api/bookmarks?q=psa']);

    await person.clear(search);
    await person.type(search, 'Jude');
    expect(await screen.findByRole('heading', { name: 'No bookmarks found' })).toBeVisible();
    expect(screen.getByText('Try adjusting your search term')).toBeVisible();
    await person.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(search).toHaveFocus();
  });

  it('opens at the search in the address (back from the reader)', async () => {
    const { requests } = fakeBookmarks(() => [john3, psalm23, romans8]);
    renderWithApp(<BookmarksPage />, { route: '/bookmarks?q=8' });
    await screen.findByText('1 of 3 chapters');
    expect(titles()).toEqual(['Romans Chapter 8']);
    expect(requests.filter((r) => r.path.startsWith('/api/bookmarks')).map((r) => r.path)).toEqual([
      '/api/bookmarks?q=8',
    ]);
  });

  it('loads the next page with its cursor from Load more', async () => {
    let olderAnswers = 0;
    const { requests } = fakeBookmarks(() => [john3, psalm23, romans8], {
      'GET /api/bookmarks': (request) => {
        if (queryOf(request).get('cursor') !== 'after-psalms') {
          return pageOf([john3, psalm23], '', 'after-psalms');
        }
        // The first try (asked for on its own, near the end of the list) fails; the button
        // asks again.
        olderAnswers += 1;
        return olderAnswers === 1
          ? { status: 503, body: { error: 'UNAVAILABLE', message: 'Try again.' } }
          : pageOf([romans8]);
      },
    });
    const { person } = renderWithApp(<BookmarksPage />, { route: '/bookmarks' });
    const more = await screen.findByRole('button', { name: 'Load more bookmarks' });
    await waitFor(() => expect(olderAnswers).toBe(1));
    expect(titles()).toEqual(['John Chapter 3', 'Psalms Chapter 23']);
    await person.click(more);
    await waitFor(() =>
      expect(titles()).toEqual(['John Chapter 3', 'Psalms Chapter 23', 'Romans Chapter 8']),
    );
    expect(requests.filter((r) => r.path === '/api/bookmarks?cursor=after-psalms')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more bookmarks' })).not.toBeInTheDocument();
  });

  it("removes a bookmark at once and toasts 'Bookmark removed'", async () => {
    let list = [john3, psalm23, romans8];
    const { requests } = fakeBookmarks(() => list, {
      'DELETE /api/bookmarks/b-psalm': () => {
        list = list.filter((item) => item.id !== 'b-psalm');
        return { status: 204 };
      },
    });
    const { person } = renderWithApp(<BookmarksPage />, { route: '/bookmarks' });
    await person.click(await screen.findByRole('button', { name: 'Remove bookmark for Psalm 23' }));
    expect(titles()).toEqual(['John Chapter 3', 'Romans Chapter 8']);
    // Focus stays in the list: on the next card's remove button.
    expect(screen.getByRole('button', { name: 'Remove bookmark for Romans 8' })).toHaveFocus();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Bookmark removed'));
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/bookmarks/b-psalm')).toBe(
      true,
    );
  });

  it('counts a bookmark already removed elsewhere as removed', async () => {
    fakeBookmarks(() => [john3], {
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
    fakeBookmarks(() => [john3, psalm23], {
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
    fakeBookmarks(() => [], {
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
