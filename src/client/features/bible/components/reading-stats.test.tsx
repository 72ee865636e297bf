import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeRequest } from '#client/test/fake-api.ts';
import { giveElementsASize, renderWithApp } from '#client/test/render.tsx';
import type { Bookmark, ReadingProgress } from '#shared/schemas/reading.ts';
import { ReadingStats } from './reading-stats.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

function read(book_name: string, chapter_number: number): ReadingProgress {
  return {
    id: `progress-${book_name}-${chapter_number}`,
    book_name,
    chapter_number,
    reading_time_seconds: null,
    completed_at: '2026-06-01T10:00:00.000Z',
    updated_at: '2026-06-01T10:00:00.000Z',
  };
}

const john4: Bookmark = {
  id: 'bookmark-john-4',
  book_name: 'John',
  chapter_number: 4,
  created_at: '2026-06-02T10:00:00.000Z',
};

function cursorOf(request: FakeRequest): string | null {
  return new URL(request.path, 'http://localhost').searchParams.get('cursor');
}

function fakeStatsApi(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/progress/stats': { body: { chaptersRead: 3, booksStarted: 2, bookmarks: 1 } },
    ...routes,
  });
}

function paths(requests: FakeRequest[], prefix: string): string[] {
  return requests.filter((request) => request.path.startsWith(prefix)).map((r) => r.path);
}

describe("the reader's stats", () => {
  // The lists are virtualized inside the popovers' 320 px scroll areas.
  beforeEach(() => giveElementsASize({ width: 320, height: 56 }));

  it('lists the chapters read a page at a time; Load more sends the cursor', async () => {
    let olderAnswers = 0;
    const { requests } = fakeStatsApi({
      'GET /api/progress': (request) => {
        if (cursorOf(request) !== 'after-john-2') {
          return {
            body: { items: [read('John', 3), read('John', 2)], next_cursor: 'after-john-2' },
          };
        }
        // The try made on its own near the end of the list fails; the button asks again.
        olderAnswers += 1;
        return olderAnswers === 1
          ? { status: 503, body: { error: 'UNAVAILABLE', message: 'Try again.' } }
          : { body: { items: [read('Genesis', 1)], next_cursor: null } };
      },
    });
    const { person } = renderWithApp(<ReadingStats />);
    await person.click(await screen.findByRole('button', { name: /3\s*Chapters Read/ }));
    const list = await screen.findByRole('list', { name: 'Chapters read' });
    await within(list).findByRole('link', { name: /John 3/ });
    await waitFor(() => expect(olderAnswers).toBe(1));
    await person.click(screen.getByRole('button', { name: 'Load more chapters' }));
    expect(await within(list).findByRole('link', { name: /Genesis 1/ })).toBeVisible();
    expect(paths(requests, '/api/progress?')).toEqual([
      '/api/progress?cursor=after-john-2',
      '/api/progress?cursor=after-john-2',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more chapters' })).not.toBeInTheDocument();
    // Only the list that was opened is asked for.
    expect(paths(requests, '/api/progress/books')).toEqual([]);
    expect(paths(requests, '/api/bookmarks')).toEqual([]);
  });

  it('lists the books started as the server counts them', async () => {
    const { requests } = fakeStatsApi({
      'GET /api/progress/books': {
        body: {
          items: [
            {
              book_name: 'John',
              chapters_read: 2,
              latest_chapter: 3,
              last_read_at: '2026-06-01T10:00:00.000Z',
            },
            {
              book_name: 'Genesis',
              chapters_read: 1,
              latest_chapter: 1,
              last_read_at: '2026-05-01T10:00:00.000Z',
            },
          ],
        },
      },
    });
    const { person } = renderWithApp(<ReadingStats />);
    await person.click(await screen.findByRole('button', { name: /2\s*Books Started/ }));
    const john = await screen.findByRole('link', { name: /^John/ });
    expect(john).toHaveTextContent('2 chapters read · last John 3');
    expect(screen.getByRole('link', { name: /^Genesis/ })).toHaveTextContent(
      '1 chapter read · last Genesis 1',
    );
    // Not worked out from every chapter read.
    expect(paths(requests, '/api/progress?')).toEqual([]);
    expect(paths(requests, '/api/progress')).not.toContain('/api/progress');
  });

  it('lists the bookmarks once their popover opens', async () => {
    const { requests } = fakeStatsApi({
      'GET /api/bookmarks': { body: { items: [john4], next_cursor: null } },
    });
    const { person } = renderWithApp(<ReadingStats />);
    const trigger = await screen.findByRole('button', { name: /1\s*Bookmarks/ });
    expect(paths(requests, '/api/bookmarks')).toEqual([]);
    await person.click(trigger);
    const list = await screen.findByRole('list', { name: 'Bookmarked chapters' });
    expect(within(list).getByRole('link', { name: /John 4/ })).toBeVisible();
    expect(paths(requests, '/api/bookmarks')).toEqual(['/api/bookmarks']);
  });
});
