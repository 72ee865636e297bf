import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JournalListItem } from '#client/api/journal.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp } from '#client/test/render.tsx';
import type { JournalEntry } from '#shared/schemas/journal.ts';
import { JournalEntriesPage } from './journal-entries-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

beforeEach(() => vi.clearAllMocks());

function entry(id: string, title: string, content: string, tags: string[] = []): JournalEntry {
  return {
    id,
    title,
    content,
    emotion_tags: tags,
    verse_reference: null,
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-01T08:00:00.000Z',
  };
}

const evening = entry('e2', 'Evening', 'The lamps are lit.', ['Peaceful']);
const morning = entry('e1', 'Morning gratitude', 'Sunlight on the table.', ['Grateful']);
const lighthouse = entry('e0', 'An old lighthouse', 'We walked to the lighthouse at dusk.');

function cardTitles(): string[] {
  const list = screen.getByRole('list', { name: 'Journal entries' });
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent ?? '');
}

const gets = (requests: { method: string; path: string }[]) =>
  requests.filter((request) => request.method === 'GET').map((request) => request.path);

describe('my journal entries', () => {
  it(
    'loads older entries with Load more, sending the cursor of the page before',
    { timeout: 20_000 },
    async () => {
      // Cards a browser would measure at 300 px: only those near the screen are drawn, so the
      // list does not reach its end by itself here.
      const offsetHeight = vi
        .spyOn(HTMLElement.prototype, 'offsetHeight', 'get')
        .mockImplementation(function (this: HTMLElement) {
          return this.tagName === 'LI' ? 300 : 0;
        });
      const firstPage = Array.from({ length: 20 }, (_, index) =>
        entry(`p${index}`, `Entry ${index}`, `Words ${index}.`),
      );
      const { requests } = fakeApi({
        'GET /api/journal': { body: { items: firstPage, next_cursor: 'page-2' } },
        'GET /api/journal?cursor=page-2': { body: { items: [lighthouse], next_cursor: null } },
      });
      const { person } = renderWithApp(<JournalEntriesPage />, { route: '/journal-entries' });
      await screen.findByRole('list', { name: 'Journal entries' });
      // The list can grow: once the virtualizer has come, only the cards near the screen stay.
      await waitFor(() => expect(cardTitles().length).toBeLessThan(20), { timeout: 5000 });
      // More entries wait on the server: the count says only what is here.
      expect(screen.getByRole('status')).toHaveTextContent('Showing 20 entries so far');

      await person.click(screen.getByRole('button', { name: 'Load more entries' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('21 entries'));
      expect(gets(requests)).toEqual(['/api/journal', '/api/journal?cursor=page-2']);
      expect(screen.queryByRole('button', { name: 'Load more entries' })).not.toBeInTheDocument();
      offsetHeight.mockRestore();
    },
  );

  it(
    'searches title and text on the server, keeps the words in the address, and marks them',
    { timeout: 20_000 },
    async () => {
      const found: JournalListItem = {
        ...lighthouse,
        matches: {
          title: [[7, 17]],
          content: [[17, 27]],
        },
      };
      const { requests } = fakeApi({
        'GET /api/journal': (request) => {
          const q = new URL(request.path, 'http://localhost').searchParams.get('q');
          if (q === 'lighthouse') return { body: { items: [found], next_cursor: null } };
          if (q) return { body: { items: [], next_cursor: null } };
          return { body: { items: [evening, morning], next_cursor: null } };
        },
      });
      const { person } = renderWithApp(<JournalEntriesPage />, { route: '/journal-entries' });
      await screen.findByRole('list', { name: 'Journal entries' });
      expect(screen.getByRole('status')).toHaveTextContent('2 entries');

      const search = screen.getByRole('searchbox', { name: 'Search journal entries' });
      await person.type(search, 'lighthouse');
      await waitFor(() => expect(cardTitles()).toEqual(['An old lighthouse']));
      await waitFor(() => expect(locationNow()).toBe('/journal-entries?q=lighthouse'));
      // One request once typing stopped, not one per key.
      expect(gets(requests).filter((path) => path.includes('q='))).toEqual([
        '/api/journal?q=lighthouse',
      ]);
      const marks = screen.getAllByText('lighthouse', { selector: 'mark' });
      expect(marks).toHaveLength(2);
      expect(screen.getByRole('status')).toHaveTextContent('1 matching entry');
      // The words are shown as text, in their card.
      expect(screen.getByText(/We walked to the/)).toHaveTextContent(
        'We walked to the lighthouse at dusk.',
      );

      await person.clear(search);
      await person.type(search, 'manna');
      await screen.findByText('No entries match your search.');
      await person.click(screen.getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(cardTitles()).toEqual(['Evening', 'Morning gratitude']));
      await waitFor(() => expect(locationNow()).toBe('/journal-entries'));
      expect(search).toHaveFocus();
    },
  );

  it(
    'starts from the search in the address, and filters by feeling on the server',
    { timeout: 20_000 },
    async () => {
      const { requests } = fakeApi({
        'GET /api/journal': (request) => {
          const params = new URL(request.path, 'http://localhost').searchParams;
          if (params.get('tag') === 'Grateful')
            return { body: { items: [morning], next_cursor: null } };
          return { body: { items: [lighthouse], next_cursor: null } };
        },
      });
      const { person } = renderWithApp(<JournalEntriesPage />, {
        route: '/journal-entries?q=lighthouse',
      });
      await screen.findByRole('list', { name: 'Journal entries' });
      expect(screen.getByRole('searchbox', { name: 'Search journal entries' })).toHaveValue(
        'lighthouse',
      );
      expect(gets(requests)[0]).toBe('/api/journal?q=lighthouse');

      await person.clear(screen.getByRole('searchbox', { name: 'Search journal entries' }));
      const chips = screen.getByRole('group', { name: 'Filter by feeling' });
      await person.click(within(chips).getByRole('button', { name: 'Grateful' }));
      await waitFor(() => expect(gets(requests)).toContain('/api/journal?tag=Grateful'));
      await waitFor(() => expect(cardTitles()).toEqual(['Morning gratitude']));
    },
  );

  it('shows the empty state when there are no entries at all', async () => {
    fakeApi({ 'GET /api/journal': { body: { items: [], next_cursor: null } } });
    renderWithApp(<JournalEntriesPage />, { route: '/journal-entries' });
    await screen.findByRole('heading', { name: 'No journal entries yet' });
    expect(screen.getByRole('link', { name: 'Write your first entry' })).toHaveAttribute(
      'href',
      '/journal',
    );
  });
});
