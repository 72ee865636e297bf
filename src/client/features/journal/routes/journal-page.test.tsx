import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { draftStorageKey } from '#client/features/journal/lib/journal-draft.ts';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { JournalEntry } from '#shared/schemas/journal.ts';
import { JournalPage } from './journal-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

beforeEach(() => vi.clearAllMocks());

function saved(body: Partial<JournalEntry>): JournalEntry {
  return {
    id: 'entry-1',
    title: null,
    content: '',
    emotion_tags: [],
    verse_reference: null,
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-01T08:00:00.000Z',
    ...body,
  };
}

function writer() {
  const form = screen.getByRole('form', { name: 'Write a new entry' });
  return {
    form,
    title: within(form).getByLabelText('Title (optional)'),
    content: within(form).getByLabelText('Your thoughts'),
    save: within(form).getByRole('button', { name: 'Save Entry' }),
  };
}

describe('the journal writer', () => {
  it('holds the title and the entry to their limits', () => {
    fakeApi({ 'GET /api/journal': { body: { items: [], next_cursor: null } } });
    renderWithApp(<JournalPage />, { route: '/journal' });
    expect(writer().title).toHaveAttribute('maxlength', '120');
    expect(writer().content).toHaveAttribute('maxlength', '20000');
  });

  it('asks for words before saving and puts the cursor in the text area', async () => {
    const { requests } = fakeApi({
      'GET /api/journal': { body: { items: [], next_cursor: null } },
    });
    const { person } = renderWithApp(<JournalPage />, { route: '/journal' });
    await person.type(writer().content, '   ');
    await person.click(writer().save);

    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Entry required',
        'Please write something before saving your entry.',
      ),
    );
    expect(writer().content).toHaveFocus();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('saves the title, words, feelings and prompt, then starts over', async () => {
    const { requests } = fakeApi({
      'GET /api/journal': { body: { items: [], next_cursor: null } },
      'POST /api/journal': (request) => ({
        status: 201,
        body: saved(request.body as Partial<JournalEntry>),
      }),
    });
    const { person } = renderWithApp(<JournalPage />, { route: '/journal' });
    await person.type(writer().title, 'Morning gratitude');
    await person.type(writer().content, 'Sunlight on the table.');
    await person.click(within(writer().form).getByRole('button', { name: 'Grateful' }));
    expect(within(writer().form).getByRole('button', { name: 'Grateful' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await person.click(writer().save);

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Entry Saved',
        'Your journal entry has been saved.',
      ),
    );
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      title: 'Morning gratitude',
      content: 'Sunlight on the table.',
      emotion_tags: ['Grateful'],
      verse_reference: null,
    });
    expect(writer().title).toHaveValue('');
    expect(writer().content).toHaveValue('');
    expect(window.localStorage.getItem(draftStorageKey)).toBeNull();
  });

  it('adds a chosen prompt on a new line and keeps the cursor in the text area', async () => {
    fakeApi({ 'GET /api/journal': { body: { items: [], next_cursor: null } } });
    const { person } = renderWithApp(<JournalPage />, { route: '/journal' });
    await person.type(writer().content, 'Quiet.');
    const prompt = within(writer().form).getAllByRole('listitem')[0];
    const promptButton = within(prompt!).getByRole('button');
    await person.click(promptButton);
    expect(writer().content).toHaveValue(`Quiet.\n${promptButton.textContent ?? ''}\n`);
    expect(writer().content).toHaveFocus();
  });

  it('keeps the draft on this device and brings it back', async () => {
    fakeApi({ 'GET /api/journal': { body: { items: [], next_cursor: null } } });
    const first = renderWithApp(<JournalPage />, { route: '/journal' });
    await first.person.type(writer().title, 'Kept');
    await first.person.type(writer().content, 'Not saved yet');
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(draftStorageKey) ?? '{}')).toMatchObject({
        title: 'Kept',
        content: 'Not saved yet',
      }),
    );
    first.unmount();

    renderWithApp(<JournalPage />, { route: '/journal' });
    expect(writer().title).toHaveValue('Kept');
    expect(writer().content).toHaveValue('Not saved yet');
  });

  it('reflects on the verse from the address, which can be removed', async () => {
    const { requests } = fakeApi({
      'GET /api/journal': { body: { items: [], next_cursor: null } },
      'POST /api/journal': (request) => ({
        status: 201,
        body: saved(request.body as Partial<JournalEntry>),
      }),
    });
    const { person } = renderWithApp(<JournalPage />, { route: '/journal?verse=John%203:16' });
    expect(within(writer().form).getByRole('link', { name: 'John 3:16' })).toBeInTheDocument();
    await person.type(writer().content, 'Loved.');
    await person.click(writer().save);
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
        verse_reference: 'John 3:16',
      }),
    );
  });

  it('asks a visitor to sign in when they save', async () => {
    const { requests } = fakeApi({});
    const { person } = renderWithApp(<JournalPage />, { route: '/journal', user: null });
    await person.type(writer().content, 'A visitor writes.');
    await person.click(writer().save);
    expect(notify.error).toHaveBeenCalledWith(
      'Sign in required',
      'Please sign in to save your journal entries.',
      expect.objectContaining({ label: 'Sign In' }),
    );
    expect(requests).toEqual([]);
  });

  it('asks the server for the five newest entries only, and lists them', async () => {
    const five = Array.from({ length: 5 }, (_, index) =>
      saved({ id: `e${index}`, title: `Entry ${index}`, content: `Words ${index}.` }),
    );
    const { requests } = fakeApi({
      'GET /api/journal': { body: { items: five, next_cursor: 'older' } },
    });
    renderWithApp(<JournalPage />, { route: '/journal' });
    const recent = await screen.findByRole('list', { name: 'Recent entries' });
    expect(
      within(recent)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Entry 0', 'Entry 1', 'Entry 2', 'Entry 3', 'Entry 4']);
    expect(requests.filter((request) => request.method === 'GET').map((r) => r.path)).toEqual([
      '/api/journal?limit=5',
    ]);
    expect(screen.getByRole('link', { name: 'View all entries' })).toHaveAttribute(
      'href',
      '/journal-entries',
    );
  });

  it('toasts once when the recent entries cannot be loaded, and shows it in place', async () => {
    fakeApi({ 'GET /api/journal': { status: 500, body: { error: 'INTERNAL', message: 'Boom.' } } });
    renderWithApp(<JournalPage />, { route: '/journal' });
    await screen.findByText("We couldn't load your journal entries.");
    expect(notify.error).toHaveBeenCalledOnce();
    expect(vi.mocked(notify.error).mock.calls[0]?.slice(0, 2)).toEqual([
      'Error',
      'Failed to load your journal entries.',
    ]);
  });
});
