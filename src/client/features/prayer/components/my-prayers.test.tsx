import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { weekdays } from '#shared/rules/settings.ts';
import type { PrayerRequest } from '#shared/schemas/prayers.ts';
import { MyPrayers } from './my-prayers.tsx';
import { reminderDaysText, testimonyFromPrayer } from './prayer-list.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

beforeEach(() => vi.clearAllMocks());

function prayer(id: string, title: string, extra: Partial<PrayerRequest> = {}): PrayerRequest {
  return {
    id,
    title,
    details: null,
    person: null,
    verse_reference: null,
    reminder_days: null,
    reminder_time: null,
    answered_on: null,
    answer_note: null,
    days_to_answer: null,
    prayed_today: false,
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-01T08:00:00.000Z',
    ...extra,
  };
}

const older = prayer('p1', 'Lord, thank You.', { details: 'Lord, thank You.' });
const answered = prayer('p9', 'For rain', {
  answered_on: '2025-03-09',
  answer_note: 'It rained all night.',
  days_to_answer: 8,
});

describe('my prayer list', () => {
  it('lists the open prayers and saves a new one to the list, its first line the title', async () => {
    const open = [older];
    const { requests } = fakeApi({
      'GET /api/prayers': (request) => {
        const isAnswered =
          new URL(request.path, 'http://localhost').searchParams.get('answered') === 'true';
        return { body: { items: isAnswered ? [answered] : open, next_cursor: null } };
      },
      'POST /api/prayers': (request) => {
        const saved = { ...prayer('p2', 'x'), ...(request.body as object) };
        open.unshift(saved);
        return { status: 201, body: saved };
      },
    });
    const { person } = renderWithApp(<MyPrayers />, { route: '/prayer' });
    const list = await screen.findByRole('list', { name: 'My prayer list' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Lord, thank You.')).toBeInTheDocument();
    expect(requests[0]?.path).toBe('/api/prayers?answered=false');

    const text = screen.getByLabelText('Write your own prayer');
    const save = screen.getByRole('button', { name: 'Save Prayer' });
    expect(save).toBeDisabled();
    await person.type(text, '  Give me peace.{Enter}And patience. ');
    await person.type(screen.getByLabelText('Verse (optional)'), 'Philippians 4:7');
    await person.type(screen.getByLabelText('Praying for (optional)'), 'Me');
    await person.click(save);

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Prayer Saved'));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      title: 'Give me peace.',
      details: 'Give me peace.\nAnd patience.',
      person: 'Me',
      verse_reference: 'Philippians 4:7',
    });
    expect(text).toHaveValue('');
    await within(list).findByText('Give me peace.');
  });

  it('shows answered prayers with how long each took, under their own tab', async () => {
    fakeApi({
      'GET /api/prayers?answered=false': { body: { items: [older], next_cursor: null } },
      'GET /api/prayers?answered=true': { body: { items: [answered], next_cursor: null } },
    });
    const { person } = renderWithApp(<MyPrayers />, { route: '/prayer' });
    await screen.findByRole('list', { name: 'My prayer list' });
    await person.click(screen.getByRole('tab', { name: 'Answered prayers' }));
    const list = await screen.findByRole('list', { name: 'Answered prayers' });
    expect(within(list).getByText('For rain')).toBeInTheDocument();
    expect(within(list).getByText(/Answered after 8 days/)).toBeInTheDocument();
    expect(within(list).getByText('It rained all night.')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Share as a testimony' })).toBeInTheDocument();
  });

  it('fills a testimony from an answered prayer', () => {
    expect(testimonyFromPrayer({ ...answered, person: 'the farm' })).toEqual({
      testimonyDraft: {
        feeling: 'I was praying: For rain (for the farm).',
        god_reminded: 'It rained all night. Answered after 8 days.',
      },
    });
  });

  it('prays through the list one prayer at a time: Prayed, then Next', async () => {
    const second = prayer('p3', 'For my sister', { person: 'Anna' });
    const { requests } = fakeApi({
      'GET /api/prayers?answered=false': { body: { items: [second, older], next_cursor: null } },
      'POST /api/prayers/p3/prayed': { body: { ...second, prayed_today: true } },
    });
    const { person } = renderWithApp(<MyPrayers />, { route: '/prayer' });
    await screen.findByRole('list', { name: 'My prayer list' });
    await person.click(screen.getByRole('button', { name: 'Pray through my list' }));
    const session = screen.getByRole('region', { name: 'Pray through my list' });
    expect(within(session).getByText('For my sister')).toBeInTheDocument();
    expect(within(session).getByText('Prayer 1 of 2')).toBeInTheDocument();
    await person.click(within(session).getByRole('button', { name: 'Prayed' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api/prayers/p3/prayed')).toBe(true),
    );
    await person.click(within(session).getByRole('button', { name: 'Next' }));
    expect(within(session).getByText('Lord, thank You.')).toBeInTheDocument();
  });

  it('edits a prayer and sets its reminder: the chosen days and time', async () => {
    const { requests } = fakeApi({
      'GET /api/prayers?answered=false': { body: { items: [older], next_cursor: null } },
      'PATCH /api/prayers/p1': (request) => ({
        body: { ...older, ...(request.body as object) },
      }),
    });
    const { person } = renderWithApp(<MyPrayers />, { route: '/prayer' });
    const list = await screen.findByRole('list', { name: 'My prayer list' });
    await person.click(within(list).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit prayer' });
    await person.clear(within(dialog).getByLabelText('Title'));
    await person.type(within(dialog).getByLabelText('Title'), 'Thank You, Lord');
    await person.click(within(dialog).getByRole('checkbox', { name: 'thu' }));
    await person.click(within(dialog).getByRole('checkbox', { name: 'mon' }));
    // Days without a time are not a reminder yet.
    await person.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(notify.error).toHaveBeenCalledWith(
      'Save Failed',
      'A reminder needs both its days and a time.',
    );
    await person.type(within(dialog).getByLabelText('Reminder time'), '07:30');
    await person.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Prayer Saved'));
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      title: 'Thank You, Lord',
      details: 'Lord, thank You.',
      person: '',
      verse_reference: '',
      reminder_days: ['thursday', 'monday'],
      reminder_time: '07:30',
    });
  });

  it('names a reminder on every day, or on weekdays, as a person says it', () => {
    expect(reminderDaysText(['sunday', ...weekdays.slice(0, 6)])).toBe('every day');
    expect(reminderDaysText(['friday', 'monday', 'tuesday', 'wednesday', 'thursday'])).toBe(
      'weekdays',
    );
    expect(reminderDaysText(['saturday', 'monday'])).toBe('mon, sat');
  });

  it('keeps the words and says so when the save fails', async () => {
    fakeApi({
      'GET /api/prayers': { body: { items: [], next_cursor: null } },
      'POST /api/prayers': { status: 500, body: { error: 'INTERNAL', message: 'x' } },
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
