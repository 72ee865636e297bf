import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { defaultSettings, type UserSettings } from '#shared/schemas/settings.ts';
import { NotificationsCard } from './notifications-card.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const settings: UserSettings = {
  ...defaultSettings,
  user_id: 'user-1',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function fakeSettings() {
  return fakeApi({
    'GET /api/settings': { body: settings },
    'PATCH /api/settings': (request) => ({
      body: { ...settings, ...(request.body as Partial<UserSettings>) },
    }),
  });
}

beforeEach(() => vi.mocked(notify.success).mockClear());

describe('the notifications card', () => {
  // The time-zone list holds some 400 zones, which happy-dom's select walks slowly.
  it('saves the days and time chosen', { timeout: 15_000 }, async () => {
    const { requests } = fakeSettings();
    const { person } = renderWithApp(<NotificationsCard />);
    const save = await screen.findByRole('button', { name: 'Save notification settings' });
    expect(save).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Saturday' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await person.click(screen.getByRole('button', { name: 'Saturday' }));
    await person.click(screen.getByRole('button', { name: 'Sunday' }));
    expect(screen.getByRole('button', { name: 'Sunday' })).toHaveAttribute('aria-pressed', 'false');
    // happy-dom's time field takes no typing; a change is what the browser's picker sends.
    fireEvent.change(screen.getByLabelText('Reminder time'), { target: { value: '07:30' } });
    await person.selectOptions(screen.getByLabelText('Time zone'), 'Europe/London');
    await person.click(save);

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Settings Saved',
        'Your notification settings have been updated.',
      ),
    );
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      daily_verse_notifications: true,
      journal_reminders: true,
      reminder_days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      reminder_time: '07:30',
      reminder_timezone: 'Europe/London',
    });
    // Saved: nothing left to save, and the next reminder is named from what was saved (once
    // the time-zone code it needs has come).
    expect(save).toBeDisabled();
    expect(await screen.findByText(/Next reminder:/)).toBeInTheDocument();
  });

  it('needs a day while reminders are on, and takes focus to the days', async () => {
    const { requests } = fakeSettings();
    const { person } = renderWithApp(<NotificationsCard />);
    await screen.findByRole('button', { name: 'Monday' });
    for (const day of [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]) {
      await person.click(screen.getByRole('button', { name: day }));
    }
    await person.click(screen.getByRole('button', { name: 'Save notification settings' }));

    const days = screen.getByRole('group', { name: 'Reminder days' });
    expect(days).toHaveAccessibleDescription('Choose at least one day.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Monday' })).toHaveFocus());
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([]);

    // With reminders off no day is needed: the message goes and the save is sent.
    await person.click(screen.getByRole('switch', { name: 'Journal reminders' }));
    expect(screen.queryByText('Choose at least one day.')).not.toBeInTheDocument();
    expect(
      screen.getByText('Turn on journal reminders to choose when they arrive.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Reminder time')).toBeDisabled();
    await person.click(screen.getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PATCH')?.body).toMatchObject({
        journal_reminders: false,
        reminder_days: [],
      }),
    );
  });

  it("shows the server's refusal below the form", async () => {
    fakeApi({
      'GET /api/settings': { body: settings },
      'PATCH /api/settings': {
        status: 400,
        body: {
          error: 'VALIDATION_ERROR',
          message: 'Choose a valid time zone, such as Europe/London.',
        },
      },
    });
    const { person } = renderWithApp(<NotificationsCard />);
    await person.click(await screen.findByRole('switch', { name: 'Daily verse notifications' }));
    await person.click(screen.getByRole('button', { name: 'Save notification settings' }));

    expect(
      await screen.findByText('Choose a valid time zone, such as Europe/London.'),
    ).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(
      'Save Failed',
      'There was an error saving your settings. Please try again.',
    );
  });
});
