import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { StreakResponse } from '#shared/schemas/habits.ts';
import { StreakCard } from './streak-card.tsx';

// 2026-03-03 is a Tuesday.
const streak: StreakResponse = {
  current: 3,
  longest: 5,
  today: '2026-03-03',
  today_counted: true,
  rest_day: 'sunday',
  days: [
    { date: '2025-03-31', kinds: ['read'] }, // before the 12 months shown
    { date: '2025-04-10', kinds: ['journal'] },
    { date: '2026-02-26', kinds: ['read'] },
    { date: '2026-02-27', kinds: ['read'] },
    { date: '2026-02-28', kinds: ['plan'] },
    { date: '2026-03-01', kinds: ['review'] },
    { date: '2026-03-02', kinds: ['read', 'journal'] },
    { date: '2026-03-03', kinds: ['read'] },
  ],
};

function tableRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Days that counted in the last 12 months' });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe('the streak card', () => {
  it('shows the current and longest streak, that today counts, and the rest day', async () => {
    fakeApi({ 'GET /api/streak': { body: streak } });
    renderWithApp(<StreakCard />);
    const current = await screen.findByText('Current streak');
    expect(current.nextElementSibling).toHaveTextContent('3 days');
    expect(screen.getByText('Longest streak').nextElementSibling).toHaveTextContent('5 days');
    expect(screen.getByText('Today counts.')).toBeInTheDocument();
    expect(screen.getByText(/Rest day: Sunday/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change it in Settings' })).toHaveAttribute(
      'href',
      '/settings#streak-rest-day',
    );
  });

  it('lists the 12 months and the days that counted in a table for screen readers', async () => {
    fakeApi({ 'GET /api/streak': { body: streak } });
    renderWithApp(<StreakCard />);
    await screen.findByText('Current streak');
    const rows = tableRows();
    expect(rows[0]).toEqual(['Month', 'Days counted', 'Dates']);
    expect(rows).toHaveLength(13);
    expect(rows[1]).toEqual(['April 2025', '1 day', '10']);
    expect(rows[2]).toEqual(['May 2025', '0 days', 'None']);
    expect(rows[11]).toEqual(['February 2026', '3 days', '26, 27 and 28']);
    expect(rows[12]).toEqual(['March 2026', '3 days', '1, 2 and 3 (today)']);
  });

  it('says what would make today count, and when today is the rest day', async () => {
    fakeApi({
      'GET /api/streak': {
        body: { ...streak, current: 1, today_counted: false, days: streak.days.slice(0, -1) },
      },
    });
    renderWithApp(<StreakCard />);
    expect(await screen.findByText('Today does not count yet.')).toBeInTheDocument();
    expect(screen.getByText('Current streak').nextElementSibling).toHaveTextContent('1 day');
    expect(tableRows()[12]).toEqual(['March 2026', '2 days', '1 and 2']);
  });

  it('tells the rest day apart, and offers to choose one when there is none', async () => {
    fakeApi({
      'GET /api/streak': { body: { ...streak, today_counted: false, rest_day: 'tuesday' } },
    });
    renderWithApp(<StreakCard />);
    expect(await screen.findByText('Today is your rest day.')).toBeInTheDocument();

    fakeApi({ 'GET /api/streak': { body: { ...streak, rest_day: null } } });
    renderWithApp(<StreakCard />);
    expect(await screen.findByText('No rest day.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose one in Settings' })).toBeInTheDocument();
  });

  it('says so when the streak cannot be loaded, and tries again', async () => {
    let fails = true;
    fakeApi({
      'GET /api/streak': () =>
        fails ? { status: 500, body: { error: 'INTERNAL', message: 'Boom.' } } : { body: streak },
    });
    const { person } = renderWithApp(<StreakCard />);
    expect(await screen.findByText("We couldn't load your streak.")).toBeInTheDocument();
    fails = false;
    await person.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Today counts.')).toBeInTheDocument();
  });
});
