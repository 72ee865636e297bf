import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { john3, readerRoutes, sent } from '#client/test/reader-api.ts';
import { locationNow, renderWithApp } from '#client/test/render.tsx';
import type { SearchResponse } from '#shared/schemas/bible.ts';
import type { Bookmark, Highlight } from '#shared/schemas/reading.ts';
import { ReadBiblePage } from './read-bible-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const psalm23: SearchResponse = {
  query: 'ps 23',
  kind: 'reference',
  total: 1,
  results: [
    {
      reference: 'Psalms 23:1',
      book: 'Psalms',
      chapter: 23,
      verse: 1,
      content: 'The LORD is my shepherd; I shall not want.',
      highlights: [],
    },
  ],
};

const bookmark: Bookmark = {
  id: 'bookmark-1',
  book_name: 'Genesis',
  chapter_number: 1,
  created_at: '2026-06-01T10:00:00.000Z',
};

/** The reader's server: John 3, no bookmarks or highlights yet; `extra` adds or replaces routes. */
function fakeReaderApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    ...readerRoutes({ bookmarks: 1 }),
    'GET /api/bible/John/3': { body: john3 },
    'GET /api/bookmarks': { body: { items: [bookmark], next_cursor: null } },
    ...extra,
  });
}

const john3Address = '/read-bible?book=John&chapter=3';

function highlight(verse_number: number): Highlight {
  return {
    id: `highlight-${verse_number}`,
    book_name: 'John',
    chapter_number: 3,
    verse_number,
    tags: [],
    created_at: '2026-06-01T10:00:00.000Z',
  };
}

// A shared machine can be slow to draw the whole reader (66 books in a select) in happy-dom.
describe('the reader', { timeout: 15_000 }, () => {
  beforeAll(async () => {
    // happy-dom draws no layout.
    Element.prototype.scrollIntoView = () => undefined;
    // The screen's lazy parts load while the reader reads; loaded here once, so that the first
    // test to leave the page idle does not pay for them.
    await Promise.all([
      import('#client/features/bible/components/verse-dialog.tsx'),
      import('#client/features/bible/components/reading-stats.tsx'),
      import('#client/features/bible/components/reading-plan-control.tsx'),
    ]);
  }, 60_000);
  beforeEach(() => {
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
  });

  it('shows the chapter in the address with its verses', async () => {
    fakeReaderApi();
    renderWithApp(<ReadBiblePage />, { route: john3Address });
    expect(await screen.findByRole('heading', { name: 'John 3', level: 2 })).toBeVisible();
    const chapter = screen.getByRole('article', { name: 'John 3' });
    expect(await within(chapter).findByText(/For God so loved the world/)).toBeVisible();
    expect(within(chapter).getByText(/to condemn the world/)).toBeVisible();
    expect(screen.getByText('John 3 loaded.')).toBeInTheDocument();
    expect(screen.getByText('New Testament')).toBeVisible();
  });

  it('goes to the next and the previous chapter', async () => {
    fakeReaderApi();
    const { person } = renderWithApp(<ReadBiblePage />, { route: john3Address, user: null });
    await screen.findByText(/For God so loved the world/);
    const bar = () => within(screen.getByRole('navigation', { name: 'Chapter navigation' }));
    const pager = () =>
      within(screen.getByRole('navigation', { name: 'Previous and next chapter' }));
    await person.click(bar().getByRole('button', { name: 'Next chapter' }));
    expect(locationNow()).toBe('/read-bible?book=John&chapter=4');
    expect(await screen.findByText('John 4', { selector: 'h2' })).toBeVisible();
    await person.click(bar().getByRole('button', { name: 'Previous chapter' }));
    expect(locationNow()).toBe(john3Address);
    await person.click(pager().getByRole('button', { name: /Previous chapter John 2/ }));
    expect(locationNow()).toBe('/read-bible?book=John&chapter=2');
    await person.click(pager().getByRole('button', { name: /Next chapter John 3/ }));
    expect(locationNow()).toBe(john3Address);
  });

  it("toasts 'Loading Error' once with Retry when the chapter cannot load, and Retry asks again", async () => {
    let calls = 0;
    fakeReaderApi({
      'GET /api/bible/John/3': () =>
        ++calls === 1
          ? { status: 404, body: { error: 'NOT_FOUND', message: 'Chapter not found' } }
          : { body: john3 },
    });
    renderWithApp(<ReadBiblePage />, { route: john3Address });
    expect(await screen.findByText('Unable to load chapter content.')).toBeVisible();
    await waitFor(() => expect(notify.error).toHaveBeenCalledOnce());
    const [title, description, action] = vi.mocked(notify.error).mock.calls[0] ?? [];
    expect(title).toBe('Loading Error');
    expect(description).toBe('Failed to load chapter content.');
    expect(action?.label).toBe('Retry');
    action?.onClick();
    expect(await screen.findByText(/For God so loved the world/)).toBeVisible();
    expect(calls).toBe(2);
    expect(notify.error).toHaveBeenCalledOnce();
  });

  it("records a signed-in reader's chapter as read, once", async () => {
    const { requests } = fakeReaderApi();
    renderWithApp(<ReadBiblePage />, { route: john3Address });
    await screen.findByText(/For God so loved the world/);
    await waitFor(() => expect(sent(requests, 'POST', '/api/progress')).toHaveLength(1));
    expect(sent(requests, 'POST', '/api/progress')[0]?.body).toEqual({
      book_name: 'John',
      chapter_number: 3,
    });
    // The answer refreshes the counts; the chapter is still recorded only once.
    await waitFor(() =>
      expect(sent(requests, 'GET', '/api/progress/stats').length).toBeGreaterThan(1),
    );
    expect(sent(requests, 'POST', '/api/progress')).toHaveLength(1);
  });

  it('shows a member when they were last in the chapter and what they left, from one request', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3_600_000).toISOString();
    const { requests } = fakeReaderApi({
      'GET /api/reader/last-visit/John/3': {
        body: {
          book_name: 'John',
          chapter_number: 3,
          last_visit_at: threeDaysAgo,
          highlights: { count: 2, verses: [16, 17] },
          notes: { count: 1, verses: [16] },
          memorizing: { count: 0, verses: [] },
          prayers: { count: 0, verses: [] },
          journal: { count: 0, verses: [] },
        },
      },
    });
    renderWithApp(<ReadBiblePage />, { route: john3Address });
    const line = await screen.findByTestId('last-visit');
    expect(line.textContent?.replace(/ · , /g, ' · ')).toBe(
      'You were last here 3 days ago · 2 highlights · 1 note',
    );
    expect(within(line).getByRole('link', { name: '1 note' })).toHaveAttribute(
      'href',
      '/notes?book=John',
    );
    expect(sent(requests, 'GET', '/api/reader/last-visit/John/3')).toHaveLength(1);
    // This visit is recorded for next time by the chapter's save as read.
    await waitFor(() => expect(sent(requests, 'POST', '/api/progress')).toHaveLength(1));
  });

  it('shows no line for a chapter the member has not read before', async () => {
    const { requests } = fakeReaderApi({
      'GET /api/reader/last-visit/John/3': {
        body: {
          book_name: 'John',
          chapter_number: 3,
          last_visit_at: null,
          highlights: { count: 0, verses: [] },
          notes: { count: 0, verses: [] },
          memorizing: { count: 0, verses: [] },
          prayers: { count: 0, verses: [] },
          journal: { count: 0, verses: [] },
        },
      },
    });
    renderWithApp(<ReadBiblePage />, { route: john3Address });
    await screen.findByText(/For God so loved the world/);
    await waitFor(() =>
      expect(sent(requests, 'GET', '/api/reader/last-visit/John/3')).toHaveLength(1),
    );
    expect(screen.queryByTestId('last-visit')).toBeNull();
  });

  it("does not record a visitor's reading", async () => {
    const { requests } = fakeReaderApi();
    renderWithApp(<ReadBiblePage />, { route: john3Address, user: null });
    await screen.findByText(/For God so loved the world/);
    expect(screen.getByText("Keep your place in God's Word")).toBeVisible();
    expect(sent(requests, 'POST', '/api/progress')).toHaveLength(0);
    expect(requests.filter((request) => request.path.startsWith('/api/bookmarks'))).toEqual([]);
    expect(requests.filter((request) => request.path.startsWith('/api/reader'))).toEqual([]);
  });

  it('bookmarks the chapter', async () => {
    const { requests } = fakeReaderApi({
      'POST /api/bookmarks/toggle': { body: { bookmarked: true } },
    });
    const { person } = renderWithApp(<ReadBiblePage />, { route: john3Address });
    await screen.findByText(/For God so loved the world/);
    const button = screen.getByRole('button', { name: 'Bookmark' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await person.click(button);
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Chapter bookmarked', 'John 3'),
    );
    expect(sent(requests, 'POST', '/api/bookmarks/toggle')[0]?.body).toEqual({
      book_name: 'John',
      chapter_number: 3,
    });
  });

  it('asks whether this chapter is bookmarked (not for the whole list), and removes its bookmark', async () => {
    const { requests } = fakeReaderApi({
      'GET /api/bookmarks/status?book_name=John&chapter_number=3': { body: { bookmarked: true } },
      'POST /api/bookmarks/toggle': { body: { bookmarked: false } },
    });
    const { person } = renderWithApp(<ReadBiblePage />, { route: john3Address });
    const button = await screen.findByRole('button', { name: 'Bookmark', pressed: true });
    expect(sent(requests, 'GET', '/api/bookmarks')).toEqual([]);
    await person.click(button);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Bookmark removed'));
    expect(sent(requests, 'POST', '/api/bookmarks/toggle')).toHaveLength(1);
    // The toggle's answer is the chapter's status: the button follows it without asking again.
    expect(await screen.findByRole('button', { name: 'Bookmark', pressed: false })).toBeVisible();
    expect(
      sent(requests, 'GET', '/api/bookmarks/status?book_name=John&chapter_number=3'),
    ).toHaveLength(1);
  });

  it('highlights a tapped verse', async () => {
    let highlights: Highlight[] = [];
    const { requests } = fakeReaderApi({
      'GET /api/highlights': () => ({ body: { items: highlights, next_cursor: null } }),
      'POST /api/highlights/toggle': () => {
        highlights = [highlight(16)];
        return { body: { highlighted: true } };
      },
    });
    const { person } = renderWithApp(<ReadBiblePage />, { route: john3Address });
    const verse = await screen.findByRole('button', { name: /For God so loved the world/ });
    expect(verse).toHaveAttribute('aria-pressed', 'false');
    await person.click(verse);
    await waitFor(() => expect(verse).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() =>
      expect(sent(requests, 'POST', '/api/highlights/toggle')[0]?.body).toEqual({
        book_name: 'John',
        chapter_number: 3,
        verse_number: 16,
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Save Verse' })).toBeVisible();
  });

  it("follows the chapter's highlights page after page, a hundred at a time", async () => {
    const { requests } = fakeReaderApi({
      'GET /api/highlights': (request) =>
        new URL(request.path, 'http://localhost').searchParams.get('cursor') === 'after-17'
          ? { body: { items: [highlight(16)], next_cursor: null } }
          : { body: { items: [highlight(17)], next_cursor: 'after-17' } },
    });
    renderWithApp(<ReadBiblePage />, { route: john3Address });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /For God so loved the world/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(screen.getByRole('button', { name: /to condemn the world/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      requests.filter((request) => request.path.startsWith('/api/highlights')).map((r) => r.path),
    ).toEqual([
      '/api/highlights?book_name=John&chapter_number=3&limit=100',
      '/api/highlights?book_name=John&chapter_number=3&limit=100&cursor=after-17',
    ]);
  });

  it("saves a tapped verse as 'Bible Reading' from its dialog", async () => {
    const { requests } = fakeReaderApi({
      'POST /api/highlights/toggle': { body: { highlighted: true } },
      'POST /api/saved-verses': (request) => ({
        status: 201,
        body: { ...(request.body as object), id: 'saved-1', created_at: '2026-06-01T10:00:00Z' },
      }),
    });
    const { person } = renderWithApp(<ReadBiblePage />, { route: john3Address });
    await person.click(await screen.findByRole('button', { name: /For God so loved the world/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Verse' });
    await person.click(within(dialog).getByRole('button', { name: 'Save Verse' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Verse saved',
        'John 3:16 is in your saved verses.',
      ),
    );
    expect(sent(requests, 'POST', '/api/saved-verses')[0]?.body).toEqual({
      text: john3.verses[0]?.text,
      reference: 'John 3:16',
      theme: 'Bible Reading',
      emotion_tag: null,
      custom_note: null,
      translation: 'kjv',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows a tapped verse's cross-references best first, more on asking, with the source named", async () => {
    const reference = (index: number) => ({
      reference: `Romans 5:${index + 1}`,
      book: 'Romans',
      chapter: 5,
      verse: index + 1,
      text: `Words of Romans 5:${index + 1}.`,
      votes: 100 - index,
    });
    const { requests } = fakeReaderApi({
      'POST /api/highlights/toggle': { body: { highlighted: true } },
      'GET /api/study/John/3/16/cross-references': (request) => {
        const offset = Number(new URL(request.path, 'http://localhost').searchParams.get('offset'));
        const items = Array.from({ length: 7 }, (_, index) => reference(index)).slice(
          offset,
          offset + 5,
        );
        return {
          body: {
            reference: 'John 3:16',
            translation: 'kjv',
            total: 7,
            items,
            attribution: 'Cross-references: OpenBible.info (CC BY)',
          },
        };
      },
    });
    const { person } = renderWithApp(<ReadBiblePage />, { route: john3Address });
    await person.click(await screen.findByRole('button', { name: /For God so loved the world/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Verse' });
    const section = await within(dialog).findByRole('region', { name: 'Cross-references' });
    await within(section).findByRole('link', { name: 'Romans 5:1' });
    expect(within(section).getAllByRole('link')).toHaveLength(5);
    expect(within(section).getByRole('link', { name: 'Romans 5:1' })).toHaveAttribute(
      'href',
      '/read-bible?book=Romans&chapter=5',
    );
    expect(within(section).getByText('Words of Romans 5:1.')).toBeVisible();
    expect(within(section).getByText('Cross-references: OpenBible.info (CC BY)')).toBeVisible();

    await person.click(
      within(section).getByRole('button', { name: 'More cross-references (5 of 7 shown)' }),
    );
    await within(section).findByRole('link', { name: 'Romans 5:7' });
    expect(within(section).getAllByRole('link')).toHaveLength(7);
    expect(within(section).queryByRole('button', { name: /More cross-references/ })).toBeNull();
    const asked = requests.filter((request) =>
      request.path.startsWith('/api/study/John/3/16/cross-references?'),
    );
    expect(asked.map((request) => new URL(request.path, 'http://localhost').search)).toEqual([
      '?translation=kjv&offset=0&limit=5',
      '?translation=kjv&offset=5&limit=5',
    ]);
  });

  it('fetches the next chapter ahead without a toast when that fails', async () => {
    const { requests } = fakeReaderApi();
    renderWithApp(<ReadBiblePage />, { route: john3Address });
    await screen.findByText(/For God so loved the world/);
    // John 4 is not on the fake server: a 404, quietly.
    await waitFor(() => expect(sent(requests, 'GET', '/api/bible/John/4')).toHaveLength(1), {
      timeout: 5000,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('opens the passage a search names', async () => {
    fakeReaderApi({ 'GET /api/bible/search': { body: psalm23 } });
    const { person } = renderWithApp(<ReadBiblePage />, { route: john3Address });
    await screen.findByText(/For God so loved the world/);
    await person.type(screen.getByRole('combobox', { name: 'Search the Bible' }), 'ps 23{Enter}');
    await waitFor(() => expect(locationNow()).toBe('/read-bible?book=Psalms&chapter=23'));
    // One psalm is written as a person writes it; the address keeps the book's name.
    expect(await screen.findByRole('heading', { name: 'Psalm 23', level: 2 })).toBeVisible();
    expect(document.title).toMatch(/^Psalm 23 · Read the Bible/);
  });
});
