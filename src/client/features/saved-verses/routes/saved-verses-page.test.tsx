import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp } from '#client/test/render.tsx';
import type { SavedVerse } from '#shared/schemas/verses.ts';
import { SavedVersesPage } from './saved-verses-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const psalm: SavedVerse = {
  id: 'v2',
  text: 'The LORD is my shepherd; I shall not want.',
  reference: 'Psalm 23:1',
  theme: 'Peace',
  emotion_tag: 'peaceful',
  custom_note: 'For hard mornings',
  translation: 'kjv',
  tags: [],
  created_at: '2026-06-02T10:00:00.000Z',
};
/** Saved in the WEB (decision 015). */
const joshua: SavedVerse = {
  id: 'v1',
  text: 'Be strong and courageous. Don’t be afraid.',
  reference: 'Joshua 1:9',
  theme: 'Courage and Strength',
  emotion_tag: null,
  custom_note: null,
  translation: 'web',
  tags: [],
  created_at: '2026-06-01T10:00:00.000Z',
};

/** The KJV's Joshua 1:9 as GET /api/bible/passage answers it. */
const joshuaInKjv = {
  translation: 'kjv',
  reference: 'Joshua 1:9',
  verses: [
    {
      book: 'Joshua',
      chapter: 1,
      verse: 9,
      text: 'Have not I commanded thee? Be strong and of a good courage; be not afraid.',
      segments: [
        {
          text: 'Have not I commanded thee? Be strong and of a good courage; be not afraid.',
        },
      ],
      is_paragraph_start: false,
    },
  ],
};

/** Each card's heading: its reference, then its translation, e.g. 'Psalm 23:1 (KJV)'. */
function listedHeadings(): string[] {
  const list = screen.getByRole('list', { name: 'Saved verses' });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent ?? '');
}

function listedReferences(): string[] {
  return listedHeadings().map((heading) => heading.replace(/ \((KJV|WEB|ASV)\)$/, ''));
}

describe('the saved verses page', () => {
  beforeEach(() => {
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
  });

  it("lists the signed-in person's verses, newest first", async () => {
    fakeApi({ 'GET /api/saved-verses': { body: { items: [psalm, joshua], next_cursor: null } } });
    renderWithApp(<SavedVersesPage />);
    await screen.findByRole('list', { name: 'Saved verses' });
    expect(listedHeadings()).toEqual(['Psalm 23:1 (KJV)', 'Joshua 1:9 (WEB)']);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('2 saved verses');
    expect(screen.getByText('For hard mornings')).toBeInTheDocument();
  });

  it(
    'asks the server for a theme chip and a search, keeps both in the address, and marks the words found',
    { timeout: 20_000 },
    async () => {
      const { requests } = fakeApi({
        // The server's filters (decision 012), as the fake sees them.
        'GET /api/saved-verses': (request) => {
          const params = new URL(request.path, 'http://localhost').searchParams;
          const q = params.get('q');
          if (q === 'shepherd') {
            const match = {
              ...psalm,
              matches: { text: [[15, 23]], reference: [], emotion_tag: [] },
            };
            return { body: { items: [match], next_cursor: null } };
          }
          if (q) return { body: { items: [], next_cursor: null } };
          if (params.get('theme') === 'Strength')
            return { body: { items: [joshua], next_cursor: null } };
          return { body: { items: [psalm, joshua], next_cursor: null } };
        },
      });
      const { person } = renderWithApp(<SavedVersesPage />, { route: '/saved-verses' });
      await screen.findByRole('list', { name: 'Saved verses' });

      await person.click(screen.getByRole('button', { name: 'Strength' }));
      expect(screen.getByRole('button', { name: 'Strength' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await waitFor(() => expect(listedReferences()).toEqual(['Joshua 1:9']));
      expect(screen.getByText('1 matching verse')).toBeInTheDocument();
      expect(locationNow()).toBe('/saved-verses?theme=strength');
      expect(requests.at(-1)?.path).toBe('/api/saved-verses?theme=Strength');

      await person.click(screen.getByRole('button', { name: 'All' }));
      await person.type(screen.getByRole('searchbox', { name: 'Search saved verses' }), 'shepherd');
      await waitFor(() => expect(locationNow()).toBe('/saved-verses?q=shepherd'));
      await waitFor(() => expect(listedReferences()).toEqual(['Psalm 23:1']));
      // One request for the settled words, not one per key.
      expect(requests.filter((request) => request.path.includes('q=')).map((r) => r.path)).toEqual([
        '/api/saved-verses?q=shepherd',
      ]);
      const marks = screen.getAllByText('shepherd', { selector: 'mark' });
      expect(marks).toHaveLength(1);

      await person.clear(screen.getByRole('searchbox', { name: 'Search saved verses' }));
      await person.type(screen.getByRole('searchbox', { name: 'Search saved verses' }), 'manna');
      await screen.findByRole('heading', { name: 'No verses match your search' });
      expect(screen.queryByRole('list', { name: 'Saved verses' })).not.toBeInTheDocument();
      await person.click(screen.getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(listedReferences()).toEqual(['Psalm 23:1', 'Joshua 1:9']));
      expect(locationNow()).toBe('/saved-verses');
    },
  );

  it('loads older verses with the cursor, and says how many are shown so far', async () => {
    const { requests } = fakeApi({
      'GET /api/saved-verses': { body: { items: [psalm], next_cursor: 'page-2' } },
      'GET /api/saved-verses?cursor=page-2': { body: { items: [joshua], next_cursor: null } },
    });
    renderWithApp(<SavedVersesPage />, { route: '/saved-verses' });
    await screen.findByRole('list', { name: 'Saved verses' });
    await waitFor(() => expect(listedReferences()).toEqual(['Psalm 23:1', 'Joshua 1:9']));
    // The list's own pages (each card also asks whether its verse is learned by heart).
    expect(
      requests.map((request) => request.path).filter((path) => path.startsWith('/api/saved-')),
    ).toEqual(['/api/saved-verses', '/api/saved-verses?cursor=page-2']);
    expect(screen.getByText('2 saved verses')).toBeInTheDocument();
  });

  it('shows a verse in the translation it was saved in, and in another on request', async () => {
    const { requests } = fakeApi({
      'GET /api/saved-verses': { body: { items: [psalm, joshua], next_cursor: null } },
      'GET /api/bible/passage': (request) => {
        const params = new URL(request.path, 'http://localhost').searchParams;
        return params.get('reference') === 'Joshua 1:9' && params.get('translation') === null
          ? { body: joshuaInKjv }
          : { status: 404, body: { error: 'NOT_FOUND', message: 'Not found.' } };
      },
    });
    const { person } = renderWithApp(<SavedVersesPage />);
    const card = (await screen.findByRole('article', { name: 'Joshua 1:9 (WEB)' })) as HTMLElement;
    expect(within(card).getByText(joshua.text, { exact: false })).toBeInTheDocument();
    const choice = within(card).getByRole('group', { name: 'Read Joshua 1:9 in' });
    expect(within(choice).getByRole('button', { name: 'WEB' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Nothing is asked for until another translation is chosen.
    expect(requests.some((request) => request.path.startsWith('/api/bible/passage'))).toBe(false);

    await person.click(within(choice).getByRole('button', { name: 'KJV' }));
    await within(card).findByText(joshuaInKjv.verses[0]!.text, { exact: false });
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('Joshua 1:9 (KJV)');
    expect(within(choice).getByRole('button', { name: 'KJV' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(choice).getByRole('button', { name: 'WEB' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(
      within(card).getByText('You saved this verse in the World English Bible.'),
    ).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toContain(
      '/api/bible/passage?reference=Joshua+1%3A9',
    );

    // Back to the translation it was saved in: the saved words, with no request.
    const asked = requests.length;
    await person.click(within(choice).getByRole('button', { name: 'WEB' }));
    expect(within(card).getByText(joshua.text, { exact: false })).toBeInTheDocument();
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('Joshua 1:9 (WEB)');
    expect(requests).toHaveLength(asked);
  });

  it('says so when another translation cannot be loaded, and keeps the saved words', async () => {
    fakeApi({
      'GET /api/saved-verses': { body: { items: [joshua], next_cursor: null } },
      'GET /api/bible/passage': { status: 500, body: { error: 'INTERNAL', message: 'Boom.' } },
    });
    const { person } = renderWithApp(<SavedVersesPage />);
    const card = (await screen.findByRole('article', { name: 'Joshua 1:9 (WEB)' })) as HTMLElement;
    await person.click(within(card).getByRole('button', { name: 'ASV' }));
    expect(
      await within(card).findByText(
        'The ASV text could not be loaded. Try again later.',
        {},
        {
          timeout: 10_000,
        },
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText(joshua.text, { exact: false })).toBeInTheDocument();
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('Joshua 1:9 (WEB)');
  });

  it("removes a verse at once with 'Verse removed', and Undo saves it again", async () => {
    let list = [psalm, joshua];
    const { requests } = fakeApi({
      'GET /api/saved-verses': () => ({ body: { items: list, next_cursor: null } }),
      'DELETE /api/saved-verses/v2': () => {
        list = [joshua];
        return { status: 204 };
      },
      'POST /api/saved-verses': () => {
        const again = { ...psalm, id: 'v3', created_at: '2026-06-03T10:00:00.000Z' };
        list = [again, joshua];
        return { status: 201, body: again };
      },
    });
    const { person } = renderWithApp(<SavedVersesPage />);
    await screen.findByRole('list', { name: 'Saved verses' });

    await person.click(screen.getByRole('button', { name: 'Delete Psalm 23:1' }));
    expect(listedReferences()).toEqual(['Joshua 1:9']);
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Verse removed',
        'Psalm 23:1',
        expect.objectContaining({ label: 'Undo' }),
      ),
    );
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/saved-verses/v2')).toBe(
      true,
    );

    const undo = vi.mocked(notify.success).mock.calls[0]?.[2];
    undo?.onClick();
    await waitFor(() => expect(listedReferences()).toEqual(['Psalm 23:1', 'Joshua 1:9']));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      text: psalm.text,
      reference: psalm.reference,
      theme: psalm.theme,
      emotion_tag: psalm.emotion_tag,
      custom_note: psalm.custom_note,
      translation: 'kjv',
    });
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Verse restored',
        'Psalm 23:1 is back in your saved verses.',
      ),
    );
  });

  it("puts a verse back with 'Delete Failed' when the removal fails", async () => {
    fakeApi({
      'GET /api/saved-verses': { body: { items: [psalm, joshua], next_cursor: null } },
      'DELETE /api/saved-verses/v2': { status: 500, body: { error: 'INTERNAL', message: 'Boom.' } },
    });
    const { person } = renderWithApp(<SavedVersesPage />);
    await screen.findByRole('list', { name: 'Saved verses' });
    await person.click(screen.getByRole('button', { name: 'Delete Psalm 23:1' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(vi.mocked(notify.error).mock.calls[0]?.[0]).toBe('Delete Failed');
    await waitFor(() => expect(listedReferences()).toEqual(['Psalm 23:1', 'Joshua 1:9']));
  });

  it("toasts 'Error loading saved verses' on a failed load, and again when 'Try again' fails", async () => {
    fakeApi({
      'GET /api/saved-verses': { status: 500, body: { error: 'INTERNAL', message: 'Boom.' } },
    });
    const { person } = renderWithApp(<SavedVersesPage />);
    await screen.findByText("We couldn't load your saved verses.");
    expect(vi.mocked(notify.error).mock.calls[0]?.slice(0, 2)).toEqual([
      'Error loading saved verses',
      'Please try refreshing the page.',
    ]);
    await person.click(screen.getByRole('button', { name: /try again/i }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(2));
  });

  it('shows a visitor the two example verses, and asks them to sign in to delete', async () => {
    const { requests } = fakeApi({});
    const { person } = renderWithApp(<SavedVersesPage />, { user: null });
    const examples = screen.getByRole('list', { name: 'Example verses' });
    expect(within(examples).getAllByRole('listitem')).toHaveLength(2);
    await person.click(
      within(examples).getAllByRole('button', { name: /^Delete/ })[0] as HTMLElement,
    );
    expect(notify.error).toHaveBeenCalledWith(
      'Sign in required',
      'Please sign in to keep and manage your own verses.',
      expect.objectContaining({ label: 'Sign In' }),
    );
    expect(requests).toHaveLength(0);
  });
});
