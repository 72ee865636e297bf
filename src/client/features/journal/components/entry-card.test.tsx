import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { translationStorageKey } from '#client/lib/translation-device.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { JournalEntry } from '#shared/schemas/journal.ts';
import { EntryCard } from './entry-card.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

beforeEach(() => vi.clearAllMocks());

const entry: JournalEntry = {
  id: 'entry-1',
  title: 'Morning gratitude',
  content: 'Sunlight on the table.',
  emotion_tags: ['Grateful'],
  verse_reference: null,
  created_at: '2025-03-01T08:00:00.000Z',
  updated_at: '2025-03-01T08:00:00.000Z',
};

function drawCard(onDeleted = vi.fn()) {
  const drawn = renderWithApp(
    <ul>
      <EntryCard entry={entry} onDeleted={onDeleted} />
    </ul>,
    { route: '/journal-entries' },
  );
  return { ...drawn, onDeleted };
}

describe('a journal entry card', () => {
  it("links its verse to the reader in this device's translation", () => {
    localStorage.setItem(translationStorageKey, 'web');
    fakeApi({});
    renderWithApp(
      <ul>
        <EntryCard entry={{ ...entry, verse_reference: 'John 3:16' }} onDeleted={vi.fn()} />
      </ul>,
      { route: '/journal-entries' },
    );
    expect(screen.getByRole('link', { name: 'John 3:16' })).toHaveAttribute(
      'href',
      '/read-bible?book=John&chapter=3&translation=web',
    );
  });

  it('shows the entry, and edits its title and words', async () => {
    const { requests } = fakeApi({
      'PATCH /api/journal/entry-1': (request) => ({
        body: { ...entry, ...(request.body as object) },
      }),
    });
    const { person } = drawCard();
    expect(screen.getByRole('heading', { name: 'Morning gratitude' })).toBeInTheDocument();
    expect(screen.getByText('Sunlight on the table.')).toBeInTheDocument();

    await person.click(screen.getByRole('button', { name: 'Edit Morning gratitude' }));
    const title = screen.getByLabelText('Title (optional)');
    const content = screen.getByLabelText('Entry');
    expect(title).toHaveFocus();
    expect(title).toHaveValue('Morning gratitude');
    expect(title).toHaveAttribute('maxlength', '120');
    expect(content).toHaveAttribute('maxlength', '20000');
    await person.clear(content);
    await person.type(content, 'Rain on the window.');
    await person.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Entry Updated',
        'Your journal entry has been updated.',
      ),
    );
    expect(requests).toEqual([
      {
        method: 'PATCH',
        path: '/api/journal/entry-1',
        body: { title: 'Morning gratitude', content: 'Rain on the window.' },
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit Morning gratitude' })).toHaveFocus(),
    );
  });

  it('asks for words before saving an edit', async () => {
    const { requests } = fakeApi({});
    const { person } = drawCard();
    await person.click(screen.getByRole('button', { name: 'Edit Morning gratitude' }));
    await person.clear(screen.getByLabelText('Entry'));
    await person.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Entry required',
        'Please write something before saving your entry.',
      ),
    );
    expect(screen.getByLabelText('Entry')).toHaveFocus();
    expect(requests).toEqual([]);
  });

  it('puts the entry back as it was on Cancel', async () => {
    const { requests } = fakeApi({});
    const { person } = drawCard();
    await person.click(screen.getByRole('button', { name: 'Edit Morning gratitude' }));
    await person.type(screen.getByLabelText('Title (optional)'), ' changed');
    await person.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('heading', { name: 'Morning gratitude' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit Morning gratitude' })).toHaveFocus(),
    );
    await person.click(screen.getByRole('button', { name: 'Edit Morning gratitude' }));
    expect(screen.getByLabelText('Title (optional)')).toHaveValue('Morning gratitude');
    expect(requests).toEqual([]);
  });

  it('asks before deleting, and Cancel keeps the entry', async () => {
    const { requests } = fakeApi({ 'DELETE /api/journal/entry-1': { status: 204 } });
    const { person, onDeleted } = drawCard();
    await person.click(screen.getByRole('button', { name: 'Delete Morning gratitude' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    expect(dialog).toHaveTextContent(
      '“Morning gratitude” will be removed from your journal. This cannot be undone.',
    );
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests).toEqual([]);

    await person.click(screen.getByRole('button', { name: 'Delete Morning gratitude' }));
    await person.click(
      within(screen.getByRole('dialog', { name: 'Delete this entry?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(requests).toEqual([{ method: 'DELETE', path: '/api/journal/entry-1', body: undefined }]);
    expect(notify.success).toHaveBeenCalledWith(
      'Entry Deleted',
      'Your journal entry has been deleted.',
    );
  });

  it('keeps the dialog open and says so when the delete fails', async () => {
    fakeApi({
      'DELETE /api/journal/entry-1': { status: 500, body: { error: 'INTERNAL', message: 'x' } },
    });
    const { person, onDeleted } = drawCard();
    await person.click(screen.getByRole('button', { name: 'Delete Morning gratitude' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    await person.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Delete Failed',
        'There was an error deleting your entry.',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Delete this entry?' })).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
