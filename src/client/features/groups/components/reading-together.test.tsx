import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReadingTogether } from '#client/features/groups/components/reading-together.tsx';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { Group, GroupReading } from '#shared/schemas/groups.ts';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const plan = {
  plan_id: 'gospels-30',
  title: 'The Gospels in 30 Days',
  start_date: '2026-11-20',
  days: 30,
};

function group(role: Group['my_role'], withPlan = true): Group {
  return {
    id: 'g1',
    name: 'Tuesday group',
    description: '',
    member_count: 3,
    my_role: role,
    joined_at: '2026-11-01T10:00:00.000Z',
    owner: { user_id: 'u2', display_name: 'Ruth', profile_image_url: null },
    plan: withPlan ? plan : null,
    created_at: '2026-11-01T10:00:00.000Z',
  };
}

const person = (user_id: string, display_name: string) => ({
  user_id,
  display_name,
  profile_image_url: null,
});

function reading(overrides: Partial<GroupReading> = {}): GroupReading {
  return {
    plan,
    day: 9,
    readings: [{ label: 'John 3', href: '/bible/john/3' }],
    following: false,
    read_today: [person('u2', 'Ruth'), person('u3', 'Sam')],
    check_ins: [
      {
        ...person('u2', 'Ruth'),
        text: 'Born again, what a gift',
        created_at: '2026-11-28T09:00:00.000Z',
      },
    ],
    my_check_in: null,
    ...overrides,
  };
}

describe('ReadingTogether', () => {
  it("shows today's day, its readings, who read and the check-ins", async () => {
    fakeApi({ 'GET /api/groups/g1/reading': { body: reading() } });
    renderWithApp(<ReadingTogether group={group('member')} />);
    expect(await screen.findByText('Day 9 of 30')).toBeVisible();
    expect(screen.getByRole('link', { name: 'John 3' })).toHaveAttribute('href', '/bible/john/3');
    expect(screen.getByText('Read today: Ruth and Sam')).toBeVisible();
    expect(screen.getByText('Born again, what a gift')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Choose/ })).toBeNull();
  });

  it('follows the plan from the group’s day 1 in one tap', async () => {
    let following = false;
    const api = fakeApi({
      'GET /api/groups/g1/reading': () => ({ body: reading({ following }) }),
      'POST /api/my-plans': () => {
        following = true;
        return { status: 201, body: {} };
      },
    });
    const { person: user } = renderWithApp(<ReadingTogether group={group('member')} />);
    await user.click(await screen.findByRole('button', { name: 'Follow this plan' }));
    expect(await screen.findByText('You follow this plan.')).toBeVisible();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      plan_id: 'gospels-30',
      start_date: '2026-11-20',
    });
  });

  it('sends my one-line check-in', async () => {
    const api = fakeApi({
      'GET /api/groups/g1/reading': { body: reading() },
      'PUT /api/groups/g1/check-in': { body: {} },
    });
    const { person: user } = renderWithApp(<ReadingTogether group={group('member')} />);
    await user.type(await screen.findByLabelText('Check in for today'), 'Grateful today');
    expect(screen.getByText('14 / 140 characters')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
        text: 'Grateful today',
      }),
    );
  });

  it('lets a leader choose a library plan and its day 1', async () => {
    const api = fakeApi({
      'GET /api/groups/g1/reading': {
        body: reading({ plan: null, day: null, readings: [], read_today: [], check_ins: [] }),
      },
      'GET /api/plans': {
        body: {
          items: [
            {
              id: 'gospels-30',
              kind: 'library',
              title: 'The Gospels in 30 Days',
              description: '',
              days: 30,
              chapters: 89,
              mood: null,
              self_paced: false,
            },
          ],
        },
      },
      'PUT /api/groups/g1/plan': { body: {} },
    });
    const { person: user } = renderWithApp(<ReadingTogether group={group('leader', false)} />);
    await user.click(await screen.findByRole('button', { name: 'Choose a plan' }));
    await screen.findByRole('option', { name: 'The Gospels in 30 Days (30 days)' });
    await user.selectOptions(screen.getByLabelText('Plan'), 'gospels-30');
    await user.clear(screen.getByLabelText('Day 1'));
    await user.type(screen.getByLabelText('Day 1'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Read this together' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
        plan_id: 'gospels-30',
        start_date: '2026-12-01',
      }),
    );
  });
});
