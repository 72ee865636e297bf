import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { HabitReminder, StreakResponse } from '#shared/schemas/habits.ts';
import { defaultSettings, type UserSettings } from '#shared/schemas/settings.ts';
import { ReadingReminderCard, StreakRestDayCard } from './habit-settings-cards.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const settings: UserSettings = {
  ...defaultSettings,
  user_id: 'user-1',
  reminder_timezone: 'America/New_York',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const saved: HabitReminder = { enabled: false, time: '07:00', days: ['monday', 'friday'] };

function fakeReminder(answer?: { status: number; body: unknown }) {
  return fakeApi({
    'GET /api/settings': { body: settings },
    'GET /api/habit-reminder': { body: saved },
    'PUT /api/habit-reminder': (request) => answer ?? { body: request.body },
  });
}

beforeEach(() => {
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

describe('the daily reading reminder card', () => {
  it('turns the reminder on at the days and time chosen', async () => {
    const { requests } = fakeReminder();
    const { person } = renderWithApp(<ReadingReminderCard />);
    const save = await screen.findByRole('button', { name: 'Save reading reminder' });
    expect(save).toBeDisabled();
    expect(screen.getByLabelText('Reading reminder time')).toBeDisabled();
    expect(screen.getByLabelText('Reading reminder time')).toHaveAccessibleDescription(
      'In your notification time zone, America/New York.',
    );

    await person.click(screen.getByRole('switch', { name: 'Reading reminders' }));
    await person.click(screen.getByRole('button', { name: 'Friday' }));
    await person.click(screen.getByRole('button', { name: 'Sunday' }));
    // happy-dom's time field takes no typing; a change is what the browser's picker sends.
    fireEvent.change(screen.getByLabelText('Reading reminder time'), {
      target: { value: '06:45' },
    });
    await person.click(save);

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Settings Saved',
        'Your daily reading reminder has been updated.',
      ),
    );
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      enabled: true,
      time: '06:45',
      days: ['monday', 'sunday'],
    });
    expect(save).toBeDisabled();
  });

  it('needs a day and a time, and takes focus to the first problem', async () => {
    const { requests } = fakeReminder();
    const { person } = renderWithApp(<ReadingReminderCard />);
    await person.click(await screen.findByRole('switch', { name: 'Reading reminders' }));
    await person.click(screen.getByRole('button', { name: 'Monday' }));
    await person.click(screen.getByRole('button', { name: 'Friday' }));
    fireEvent.change(screen.getByLabelText('Reading reminder time'), { target: { value: '' } });
    await person.click(screen.getByRole('button', { name: 'Save reading reminder' }));

    expect(screen.getByRole('group', { name: 'Reading days' })).toHaveAccessibleDescription(
      'Choose at least one day.',
    );
    expect(await screen.findByText('Choose a time.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Monday' })).toHaveFocus());
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    // Turned off again, the days it had are kept, so only the time is missing.
    await person.click(screen.getByRole('switch', { name: 'Reading reminders' }));
    expect(screen.queryByText('Choose at least one day.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Friday' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("shows the server's refusal below the form", async () => {
    fakeReminder({
      status: 400,
      body: { error: 'VALIDATION_ERROR', message: 'Choose a time.' },
    });
    const { person } = renderWithApp(<ReadingReminderCard />);
    await person.click(await screen.findByRole('switch', { name: 'Reading reminders' }));
    await person.click(screen.getByRole('button', { name: 'Save reading reminder' }));
    expect(await screen.findByText('Choose a time.')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(
      'Save Failed',
      'There was an error saving your reminder. Please try again.',
    );
  });
});

const streak: StreakResponse = {
  current: 2,
  longest: 4,
  today: '2026-03-03',
  today_counted: true,
  rest_day: null,
  days: [],
};

describe('the streak rest day card', () => {
  it('saves the weekday chosen, then none', async () => {
    const { requests } = fakeApi({
      'GET /api/streak': { body: streak },
      'PUT /api/streak/settings': (request) => ({
        body: { ...streak, ...(request.body as object) },
      }),
    });
    const { person } = renderWithApp(<StreakRestDayCard />);
    expect(
      screen.getByText('One day a week you can rest without breaking your streak.'),
    ).toBeInTheDocument();
    const select = await screen.findByRole('combobox', { name: 'Rest day' });
    expect(select).toHaveValue('none');
    const save = screen.getByRole('button', { name: 'Save rest day' });
    expect(save).toBeDisabled();

    await person.selectOptions(select, 'Sunday');
    await person.click(save);
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Settings Saved',
        'Your streak rest day has been updated.',
      ),
    );
    expect(requests.filter((request) => request.method === 'PUT').map((r) => r.body)).toEqual([
      { rest_day: 'sunday' },
    ]);
    expect(screen.getByRole('combobox', { name: 'Rest day' })).toHaveValue('sunday');
    expect(screen.getByRole('button', { name: 'Save rest day' })).toBeDisabled();

    await person.selectOptions(screen.getByRole('combobox', { name: 'Rest day' }), 'None');
    await person.click(screen.getByRole('button', { name: 'Save rest day' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'PUT').at(-1)?.body).toEqual({
        rest_day: null,
      }),
    );
  });

  it("says 'Save Failed' and keeps the choice when the save fails", async () => {
    fakeApi({
      'GET /api/streak': { body: { ...streak, rest_day: 'saturday' } },
      'PUT /api/streak/settings': { status: 500, body: { error: 'INTERNAL', message: 'Boom.' } },
    });
    const { person } = renderWithApp(<StreakRestDayCard />);
    const select = await screen.findByRole('combobox', { name: 'Rest day' });
    expect(select).toHaveValue('saturday');
    await person.selectOptions(select, 'Wednesday');
    await person.click(screen.getByRole('button', { name: 'Save rest day' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Save Failed',
        'There was an error saving your rest day. Please try again.',
      ),
    );
    expect(select).toHaveValue('wednesday');
  });
});
