import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { JournalEntry } from '#shared/schemas/journal.ts';
import { MyPrayers } from './my-prayers.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

beforeEach(() => vi.clearAllMocks());

function entry(id: string, content: string, tags: string[], created_at: string): JournalEntry {
  return {
    id,
    title: tags.includes('prayer') ? 'Prayer Entry' : null,
    content,
    emotion_tags: tags,
    verse_reference: null,
    created_at,
    updated_at: created_at,
  };
}

const older = entry('p1', 'Lord, thank You.', ['prayer'], '2025-03-01T08:00:00.000Z');
const notAPrayer = entry('j1', 'A journal entry.', ['Grateful'], '2025-03-02T08:00:00.000Z');

describe('my prayers', () => {
  it('asks the server for the entries tagged prayer, and saves a new one as a journal entry', async () => {
    const journal = [notAPrayer, older];
    const { requests } = fakeApi({
      // The server keeps the entries with the tag asked for.
      'GET /api/journal': (request) => {
        const tag = new URL(request.path, 'http://localhost').searchParams.get('tag');
        const items = journal.filter((item) => !tag || item.emotion_tags.includes(tag));
        return { body: { items, next_cursor: null } };
      },
      'POST /api/journal': (request) => {
        const saved = {
          ...entry('p2', 'Give me peace.', ['prayer'], '2025-03-03T08:00:00.000Z'),
          ...(request.body as object),
        };
        journal.unshift(saved);
        return { status: 201, body: saved };
      },
    });
    const { person } = renderWithApp(<MyPrayers />, { route: '/prayer' });
    const list = await screen.findByRole('list', { name: 'Saved prayers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Lord, thank You.')).toBeInTheDocument();
    expect(screen.queryByText('A journal entry.')).not.toBeInTheDocument();
    expect(requests[0]?.path).toBe('/api/journal?tag=prayer');

    const text = screen.getByLabelText('Write your own prayer');
    const save = screen.getByRole('button', { name: 'Save Prayer' });
    expect(text).toHaveAttribute('maxlength', '20000');
    expect(save).toBeDisabled();
    await person.type(text, '  Give me peace. ');
    expect(save).toBeEnabled();
    await person.click(save);

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Prayer Saved'));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      title: 'Prayer Entry',
      content: 'Give me peace.',
      emotion_tags: ['prayer'],
      verse_reference: null,
    });
    expect(text).toHaveValue('');
    await within(list).findByText('Give me peace.');
  });

  it('loads older prayers a page at a time with Load more', async () => {
    const newer = entry('p2', 'Give me peace.', ['prayer'], '2025-03-03T08:00:00.000Z');
    const { requests } = fakeApi({
      'GET /api/journal?tag=prayer': { body: { items: [newer], next_cursor: 'page-2' } },
      'GET /api/journal?tag=prayer&cursor=page-2': { body: { items: [older], next_cursor: null } },
    });
    renderWithApp(<MyPrayers />, { route: '/prayer' });
    const list = await screen.findByRole('list', { name: 'Saved prayers' });
    await within(list).findByText('Lord, thank You.');
    expect(within(list).getByText('Give me peace.')).toBeInTheDocument();
    expect(requests.map((request) => request.path)).toEqual([
      '/api/journal?tag=prayer',
      '/api/journal?tag=prayer&cursor=page-2',
    ]);
    // Nothing more to load: the button is gone.
    expect(screen.queryByRole('button', { name: 'Load more prayers' })).not.toBeInTheDocument();
  });

  it('keeps the words and says so when the save fails', async () => {
    fakeApi({
      'GET /api/journal': { body: { items: [], next_cursor: null } },
      'POST /api/journal': { status: 500, body: { error: 'INTERNAL', message: 'x' } },
    });
    const { person } = renderWithApp(<MyPrayers />, { route: '/prayer' });
    await screen.findByText('Prayers you save will appear here, newest first.');
    await person.type(screen.getByLabelText('Write your own prayer'), 'Amen.');
    await person.click(screen.getByRole('button', { name: 'Save Prayer' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Save Failed',
        'There was an error saving your prayer.',
      ),
    );
    expect(screen.getByLabelText('Write your own prayer')).toHaveValue('Amen.');
  });

  it('asks a visitor to sign in when they save', async () => {
    const { requests } = fakeApi({});
    const { person } = renderWithApp(<MyPrayers />, { route: '/prayer', user: null });
    expect(screen.getByText('Sign in to save your prayers.')).toBeInTheDocument();
    await person.type(screen.getByLabelText('Write your own prayer'), 'Hear me.');
    await person.click(screen.getByRole('button', { name: 'Save Prayer' }));
    expect(notify.error).toHaveBeenCalledWith(
      'Sign in required',
      'Please sign in to save your prayers.',
      expect.objectContaining({ label: 'Sign In' }),
    );
    expect(requests).toEqual([]);
  });
});
