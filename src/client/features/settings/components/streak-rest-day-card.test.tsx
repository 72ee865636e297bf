import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreakResponse } from '../../../../shared/schemas/habits.ts';
import { notify } from '../../../lib/notify.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { StreakRestDayCard } from './streak-rest-day-card.tsx';

vi.mock('../../../lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const streak: StreakResponse = {
  current: 2,
  longest: 4,
  today: '2026-03-03',
  today_counted: true,
  rest_day: null,
  days: [],
};

beforeEach(() => {
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

describe('the streak rest day card (issue 26 item 5)', () => {
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
