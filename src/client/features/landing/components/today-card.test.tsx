import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { StreakResponse } from '#shared/schemas/habits.ts';
import type { Enrollment, FollowedDay } from '#shared/schemas/plans.ts';
import { TodayCard } from './today-card.tsx';

const streak: StreakResponse = {
  current: 1,
  longest: 4,
  today: '2026-03-03',
  today_counted: true,
  rest_day: null,
  days: [{ date: '2026-03-03', kinds: ['read'] }],
};

function day(number: number, labels: [string, number, number, boolean][]): FollowedDay {
  return {
    day: number,
    date: '2026-03-03',
    readings: labels.map(([label, book_index, chapter]) => ({
      label,
      book_index,
      chapter,
      verses: null,
    })),
    done: labels.map(([, , , done]) => done),
    complete: labels.every(([, , , done]) => done),
    prompt: null,
    focus: null,
  };
}

function enrollment(id: string, title: string, today: FollowedDay[], status = 'active') {
  return {
    id,
    plan: {
      id: `plan-${id}`,
      kind: 'library',
      title,
      description: '',
      days: 30,
      chapters: 89,
      mood: null,
    },
    status,
    start_date: '2026-03-01',
    end_date: '2026-03-30',
    paused_on: null,
    days_done: 2,
    days_behind: 0,
    today,
    created_at: '2026-03-01T08:00:00.000Z',
  } as Enrollment;
}

function fakeToday(items: Enrollment[], dueCount: number) {
  return fakeApi({
    'GET /api/my-plans': { body: { items } },
    'GET /api/memory-cards/due-count': { body: { count: dueCount } },
    'GET /api/streak': { body: streak },
  });
}

describe("the home page's Today card", () => {
  it("lists today's readings of each plan followed, the verses due and the streak", async () => {
    fakeToday(
      [
        enrollment('a', 'The Gospels in 30 Days', [
          day(3, [
            ['Matthew 5', 39, 5, true],
            ['Matthew 6', 39, 6, false],
          ]),
        ]),
        enrollment('b', 'Psalms and Proverbs', [day(3, [['1 John 4', 61, 4, false]])]),
        enrollment('c', 'Paused plan', [day(9, [['Genesis 9', 0, 9, false]])], 'paused'),
      ],
      3,
    );
    renderWithApp(<TodayCard />);
    const gospels = await screen.findByRole('heading', { name: 'The Gospels in 30 Days' });
    const list = within(gospels.parentElement as HTMLElement);
    expect(list.getByRole('link', { name: 'Matthew 5 (read)' })).toHaveAttribute(
      'href',
      '/read-bible?book=Matthew&chapter=5',
    );
    expect(list.getByRole('link', { name: 'Matthew 6' })).toHaveAttribute(
      'href',
      '/read-bible?book=Matthew&chapter=6',
    );
    expect(screen.getByRole('link', { name: '1 John 4' })).toHaveAttribute(
      'href',
      '/read-bible?book=1%20John&chapter=4',
    );
    // A paused plan has nothing due.
    expect(screen.queryByText('Paused plan')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3 verses to review' })).toHaveAttribute(
      'href',
      '/memorize',
    );
    const streakLink = await screen.findByRole('link', { name: /^Streak/ });
    expect(streakLink).toHaveAccessibleName('Streak: 1 day, today counted');
    expect(streakLink).toHaveAttribute('href', '/plans');
    expect(screen.getByRole('link', { name: 'Your plans' })).toHaveAttribute('href', '/plans');
  });

  it('invites a member with no plan and nothing due to pick a plan', async () => {
    fakeToday([], 0);
    renderWithApp(<TodayCard />);
    expect(await screen.findByRole('link', { name: 'Pick a plan' })).toHaveAttribute(
      'href',
      '/plans',
    );
    expect(screen.queryByRole('link', { name: /to review/ })).not.toBeInTheDocument();
  });

  it('shows the verses due without a plan, and says when no reading is due today', async () => {
    fakeToday([], 1);
    renderWithApp(<TodayCard />);
    expect(await screen.findByRole('link', { name: '1 verse to review' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pick a plan' })).not.toBeInTheDocument();

    fakeToday([enrollment('a', 'Paused plan', [], 'paused')], 0);
    renderWithApp(<TodayCard />);
    expect(await screen.findByText('No readings are due today in your plans.')).toBeInTheDocument();
  });
});
