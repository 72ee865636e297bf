// The reader's requests besides the chapter, answered as for someone with nothing saved yet:
// what the reader's component tests start from (each adds its chapters and changes).
import type { ChapterResponse } from '#shared/schemas/bible.ts';
import type { fakeApi, FakeRequest } from './fake-api.ts';

type Routes = Parameters<typeof fakeApi>[0];

export function readerRoutes({ bookmarks = 0 }: { bookmarks?: number } = {}): Routes {
  return {
    'GET /api/bookmarks/status': { body: { bookmarked: false } },
    'GET /api/highlights': { body: { items: [], next_cursor: null } },
    'GET /api/progress/stats': { body: { chaptersRead: 1, booksStarted: 1, bookmarks } },
    'GET /api/my-plans': { body: { items: [] } },
    'POST /api/progress': (request) => ({
      status: 201,
      body: { progress: { ...(request.body as object), completed_at: '' }, plan: null },
    }),
    'GET /api/saved-verses/status': { body: { saved: false } },
  };
}

/** The requests sent with this method to this path (with its query string, if it had one). */
export function sent(requests: FakeRequest[], method: string, path: string): FakeRequest[] {
  return requests.filter((request) => request.method === method && request.path === path);
}

/** John 3:16–17 as the chapter API answers it: the chapter the reader's tests open. */
export const john3: ChapterResponse = {
  translation: 'kjv',
  reference: 'John 3',
  book: 'John',
  book_index: 42,
  chapter: 3,
  chapters_in_book: 21,
  verses: [
    {
      verse: 16,
      text: 'For God so loved the world, that he gave his only begotten Son.',
      segments: [{ text: 'For God so loved the world, that he gave his only begotten Son.' }],
      is_paragraph_start: true,
    },
    {
      verse: 17,
      text: 'For God sent not his Son into the world to condemn the world.',
      segments: [{ text: 'For God sent not his Son into the world to condemn the world.' }],
      is_paragraph_start: false,
    },
  ],
  passages: [],
  canonical: 0,
  previous: { book: 'John', chapter: 2 },
  next: { book: 'John', chapter: 4 },
};
