import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { Note } from '#shared/schemas/notes.ts';
import { NotesPage } from './notes-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

beforeEach(() => vi.clearAllMocks());

function note(
  id: string,
  [book_name, book_index, chapter, verse, end]: [string, number, number, number, number],
  text: string,
  tags: string[] = [],
): Note {
  const verses = end === verse ? `${verse}` : `${verse}–${end}`;
  return {
    id,
    book_name,
    book_index,
    chapter_number: chapter,
    verse_number: verse,
    end_verse_number: end,
    reference: `${book_name} ${chapter}:${verses}`,
    text,
    tags,
    created_at: '2026-05-01T08:00:00.000Z',
    updated_at: '2026-05-01T08:00:00.000Z',
  };
}

const john = note('n2', ['John', 42, 3, 16, 17], 'God so loved.\nThe whole world.', ['love']);
const psalm = note('n1', ['Psalms', 18, 23, 1, 1], 'The Lord is my shepherd.', ['comfort']);

const gets = (requests: { method: string; path: string }[]) =>
  requests.filter((request) => request.method === 'GET').map((request) => request.path);

describe('the notes page', () => {
  it('shows each note with its place linking to the reader, its tags and date', async () => {
    fakeApi({ 'GET /api/notes': { body: { items: [john, psalm], next_cursor: null } } });
    renderWithApp(<NotesPage />, { route: '/notes' });
    const link = await screen.findByRole('link', { name: 'John 3:16–17' });
    expect(link.getAttribute('href')).toBe('/read-bible?book=John&chapter=3');
    const card = link.closest('article');
    if (!card) throw new Error('no card');
    expect(within(card).getByRole('list', { name: 'Tags' }).textContent).toBe('love');
    expect(within(card).getByText(/God so loved\./).textContent).toBe(
      'God so loved.\nThe whole world.',
    );
    expect(within(card).getByText('May 1, 2026')).toBeTruthy();
  });

  it('searches and filters by book and by the tag in the address', async () => {
    const { requests } = fakeApi({
      'GET /api/notes': (request) => ({
        body: {
          items: request.path.includes('book=Psalms') ? [psalm] : [john, psalm],
          next_cursor: null,
        },
      }),
    });
    const { person } = renderWithApp(<NotesPage />, { route: '/notes?tag=love' });
    await screen.findByRole('link', { name: 'John 3:16–17' });
    expect(gets(requests)).toEqual(['/api/notes?tag=love']);
    await person.selectOptions(screen.getByRole('combobox', { name: 'Book' }), 'Psalms');
    await waitFor(() => expect(gets(requests)).toContain('/api/notes?book=Psalms&tag=love'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'John 3:16–17' })).toBeNull());
    await person.type(screen.getByRole('searchbox', { name: 'Search notes' }), 'shepherd');
    await waitFor(() =>
      expect(gets(requests)).toContain('/api/notes?q=shepherd&book=Psalms&tag=love'),
    );
    expect((screen.getByRole('combobox', { name: 'Tag' }) as HTMLSelectElement).value).toBe('love');
  });

  it('deletes a note only once the person confirms', async () => {
    let stored = [john, psalm];
    const { requests } = fakeApi({
      'GET /api/notes': () => ({ body: { items: stored, next_cursor: null } }),
      [`DELETE /api/notes/${psalm.id}`]: () => {
        stored = [john];
        return { status: 204 };
      },
    });
    const { person } = renderWithApp(<NotesPage />, { route: '/notes' });
    await person.click(await screen.findByRole('button', { name: 'Delete note on Psalms 23:1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
    expect(dialog.textContent).toContain('Your note on Psalms 23:1 will be removed.');
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('link', { name: 'Psalms 23:1' })).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Delete note on Psalms 23:1' }));
    await person.click(
      within(await screen.findByRole('dialog', { name: 'Delete this note?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Psalms 23:1' })).toBeNull());
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
  });
});
