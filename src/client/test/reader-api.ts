// The reader's requests besides the chapter, answered as for someone with nothing saved yet:
// what the reader's component tests start from (each adds its chapters and changes).
import type { fakeApi, FakeRequest } from './fake-api.ts';

type Routes = Parameters<typeof fakeApi>[0];

export function readerRoutes({ bookmarks = 0 }: { bookmarks?: number } = {}): Routes {
  return {
    'GET /api/bookmarks/status': { body: { bookmarked: false } },
    'GET /api/highlights': { body: { items: [], next_cursor: null } },
    'GET /api/progress/stats': { body: { chaptersRead: 1, booksStarted: 1, bookmarks } },
    'GET /api/reading-plan': { body: { plan: null } },
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
