import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isoDay } from '#client/lib/dates.ts';
import { notify } from '#client/lib/notify.ts';
import { fakeApi, type FakeRequest } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp } from '#client/test/render.tsx';
import type { Enrollment, FollowedDay, PlanDay, PlanSummary } from '#shared/schemas/plans.ts';
import { PlansPage } from './plans-page.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const gospels: PlanSummary = {
  id: 'gospels-30',
  kind: 'library',
  title: 'The Gospels in 30 Days',
  description: 'Matthew, Mark, Luke and John in a month.',
  days: 30,
  chapters: 89,
  mood: null,
  self_paced: false,
};
const year: PlanSummary = {
  id: 'bible-in-a-year',
  kind: 'library',
  title: 'The Bible in a Year',
  description: 'Every chapter of the Bible in 365 days.',
  days: 365,
  chapters: 1189,
  mood: null,
  self_paced: false,
};

/** The Gospels' days as the server would give them: three chapters of Matthew a day. */
function gospelDay(day: number): PlanDay {
  const readings = [0, 1, 2].map((offset) => {
    const chapter = (day - 1) * 3 + offset + 1;
    return { book_index: 39, chapter, verses: null, label: `Matthew ${chapter}` };
  });
  return { day, readings, prompt: null, focus: null };
}

const today = isoDay(new Date());

function followedDay(day: number, done = [false, false, false], date = today): FollowedDay {
  return { ...gospelDay(day), date, done, complete: done.every(Boolean) };
}

function enrollment(overrides: Partial<Enrollment> = {}): Enrollment {
  return {
    id: 'e-1',
    plan: gospels,
    status: 'active',
    start_date: today,
    end_date: '2099-12-31',
    paused_on: null,
    days_done: 0,
    days_behind: 0,
    today: [followedDay(1)],
    created_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

function queryOf(request: FakeRequest): URLSearchParams {
  return new URL(request.path, 'http://localhost').searchParams;
}

/** The plans' server: the library, a plan's days (?from=&count=), and one's own plans. */
function fakePlans(mine: () => Enrollment[], routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/plans': { body: { items: [year, gospels] } },
    'GET /api/plans/gospels-30/days': (request) => {
      const from = Number(queryOf(request).get('from'));
      const count = Number(queryOf(request).get('count'));
      const days = [];
      for (let day = from; day < from + count && day <= gospels.days; day += 1) {
        days.push(gospelDay(day));
      }
      return { body: { plan: gospels, days } };
    },
    'GET /api/my-plans': () => ({ body: { items: mine() } }),
    'GET /api/streak': {
      body: { current: 0, longest: 0, today, today_counted: false, rest_day: null, days: [] },
    },
    ...routes,
  });
}

function yourPlans() {
  return screen.getByRole('region', { name: 'Your plans' });
}

describe('the plans screen', () => {
  beforeEach(() => {
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
  });

  it('shows a visitor the library, each plan with its length, and an invitation to follow', async () => {
    const { requests } = fakePlans(() => []);
    const { person } = renderWithApp(<PlansPage />, { route: '/plans', user: null });
    const library = await screen.findByRole('region', { name: 'Plan library' });
    const cards = await within(library).findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'The Bible in a Year',
      'The Gospels in 30 Days',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('365 days · 1,189 chapters')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Follow a plan, a day at a time' })).toBeVisible();
    expect(requests.some((request) => request.path === '/api/my-plans')).toBe(false);

    await person.click(screen.getByRole('link', { name: 'See the plan: The Gospels in 30 Days' }));
    expect(locationNow()).toBe('/plans?plan=gospels-30');
  });

  it('tells a member with no plans, kindly, where to start', async () => {
    fakePlans(() => []);
    renderWithApp(<PlansPage />, { route: '/plans' });
    expect(await within(yourPlans()).findByText(/You are not following a plan yet/)).toBeVisible();
    expect(screen.getByRole('region', { name: 'Your streak' })).toBeInTheDocument();
  });

  it('opens a plan at its address: description, length and the first week, a week more at a time', async () => {
    const { requests } = fakePlans(() => []);
    const { person } = renderWithApp(<PlansPage />, {
      route: '/plans?plan=gospels-30',
      user: null,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Gospels in 30 Days' }),
    ).toBeVisible();
    expect(screen.getByText('30 days · 89 chapters')).toBeVisible();
    expect(screen.getByText('Matthew, Mark, Luke and John in a month.')).toBeVisible();
    const days = () => within(screen.getByRole('region', { name: 'Day by day' }));
    expect(days().getAllByText(/^Day \d+$/)).toHaveLength(7);
    expect(days().getByRole('link', { name: 'Matthew 1' })).toHaveAttribute(
      'href',
      '/read-bible?book=Matthew&chapter=1',
    );
    expect(screen.getByText('Showing the first 7 of 30 days')).toBeVisible();

    const more = screen.getByRole('button', { name: 'Show more days' });
    await person.click(more);
    await waitFor(() => expect(days().getAllByText(/^Day \d+$/)).toHaveLength(14));
    expect(more).toHaveFocus();
    expect(requests.map((request) => request.path)).toContain(
      '/api/plans/gospels-30/days?from=8&count=7',
    );
    // A visitor is invited to sign up instead of a start form.
    expect(screen.getByRole('heading', { name: 'Follow this plan' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start this plan' })).not.toBeInTheDocument();
  });

  it('says so when a plan is not found', async () => {
    fakePlans(() => [], {
      'GET /api/plans/nope/days': {
        status: 404,
        body: { error: 'NOT_FOUND', message: 'That plan was not found.' },
      },
    });
    renderWithApp(<PlansPage />, { route: '/plans?plan=nope' });
    expect(await screen.findByRole('heading', { name: 'Plan not found' })).toBeVisible();
  });

  it('starts a plan from a chosen date, and shows it first among your plans at once', async () => {
    let mine: Enrollment[] = [];
    const started = enrollment({ start_date: '2099-01-05', today: [] });
    const { requests } = fakePlans(() => mine, {
      'POST /api/my-plans': () => {
        mine = [started];
        return { status: 201, body: started };
      },
    });
    const { person } = renderWithApp(<PlansPage />, { route: '/plans?plan=gospels-30' });
    const date = await screen.findByLabelText('Start date');
    expect(date).toHaveValue(today);
    fireEvent.change(date, { target: { value: '2099-01-05' } });
    await person.click(screen.getByRole('button', { name: 'Start this plan' }));

    await waitFor(() => expect(locationNow()).toBe('/plans'));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      plan_id: 'gospels-30',
      start_date: '2099-01-05',
    });
    const card = await within(yourPlans()).findByRole('article', {
      name: 'The Gospels in 30 Days',
    });
    expect(within(card).getByText('Starts Jan 5, 2099')).toBeVisible();
    expect(within(card).getByRole('heading', { name: 'The Gospels in 30 Days' })).toHaveFocus();
    expect(notify.success).toHaveBeenCalledWith(
      'Plan started',
      'You are following The Gospels in 30 Days.',
    );
  });

  it('starts the plan read at its own pace without a date, saying nothing is ever missed', async () => {
    const wholeBible: PlanSummary = {
      id: 'whole-bible',
      kind: 'library',
      title: 'The Whole Bible, a Chapter at a Time',
      description: 'Read the whole Bible, one chapter at a time, at your own pace.',
      days: 1189,
      chapters: 1189,
      mood: null,
      self_paced: true,
    };
    const genesis = (day: number): PlanDay => ({
      day,
      readings: [{ book_index: 0, chapter: day, verses: null, label: `Genesis ${day}` }],
      prompt: null,
      focus: null,
    });
    const { requests } = fakePlans(() => [], {
      'GET /api/plans': { body: { items: [wholeBible, gospels] } },
      'GET /api/plans/whole-bible/days': () => ({
        body: { plan: wholeBible, days: [1, 2, 3, 4, 5, 6, 7].map(genesis) },
      }),
      'POST /api/my-plans': () => ({ status: 409, body: { error: 'CONFLICT', message: 'No.' } }),
    });
    const { person } = renderWithApp(<PlansPage />, { route: '/plans?plan=whole-bible' });
    const form = await screen.findByRole('form', {
      name: 'Start The Whole Bible, a Chapter at a Time',
    });
    expect(within(form).queryByLabelText('Start date')).not.toBeInTheDocument();
    expect(within(form).getByText(/no day is ever missed/)).toBeVisible();
    await person.click(within(form).getByRole('button', { name: 'Start this plan' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        plan_id: 'whole-bible',
      }),
    );
  });

  it("toasts the server's own words when a plan cannot be followed", async () => {
    fakePlans(() => [], {
      'POST /api/my-plans': {
        status: 409,
        body: {
          error: 'CONFLICT',
          message: 'You can follow up to 10 plans at once. Finish or leave one first.',
        },
      },
    });
    const { person } = renderWithApp(<PlansPage />, { route: '/plans?plan=gospels-30' });
    await person.click(await screen.findByRole('button', { name: 'Start this plan' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Could not start the plan',
        'You can follow up to 10 plans at once. Finish or leave one first.',
      ),
    );
    expect(locationNow()).toBe('/plans?plan=gospels-30');
  });

  it('ticks a reading at once, and the whole day, each saved on the server', async () => {
    let current = enrollment({ days_done: 3, today: [followedDay(4)] });
    const { requests } = fakePlans(() => [current], {
      'PUT /api/my-plans/e-1/days/4': (request) => {
        const body = request.body as { done: boolean; readings?: number[] };
        const done = [0, 1, 2].map((index) =>
          body.readings === undefined || body.readings.includes(index)
            ? body.done
            : (current.today[0]?.done[index] ?? false),
        );
        current = {
          ...current,
          days_done: done.every(Boolean) ? 4 : 3,
          today: [followedDay(4, done)],
        };
        return { body: current };
      },
    });
    const { person } = renderWithApp(<PlansPage />, { route: '/plans' });
    const card = await within(yourPlans()).findByRole('article', {
      name: 'The Gospels in 30 Days',
    });
    expect(within(card).getByText('Day 4 of 30')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Matthew 10' })).toHaveAttribute(
      'href',
      '/read-bible?book=Matthew&chapter=10',
    );

    const first = within(card).getByRole('checkbox', { name: 'Matthew 10 done' });
    await person.click(first);
    expect(first).toBeChecked();
    const puts = () => requests.filter((request) => request.method === 'PUT');
    await waitFor(() =>
      expect(puts()).toMatchObject([
        { path: '/api/my-plans/e-1/days/4', body: { done: true, readings: [0] } },
      ]),
    );
    // A plan day can make the streak's day: it is asked again.
    await waitFor(() => expect(requests.at(-1)?.path).toBe('/api/streak'));

    await person.click(within(card).getByRole('button', { name: 'Mark day 4 done' }));
    expect(await within(card).findByText('Day 4 done')).toBeVisible();
    expect(within(card).getByRole('checkbox', { name: 'Matthew 12 done' })).toBeChecked();
    expect(puts().at(-1)?.body).toEqual({ done: true });
    await waitFor(() =>
      expect(within(card).getByRole('progressbar')).toHaveAttribute(
        'aria-valuetext',
        '4 of 30 days done',
      ),
    );
  });

  it('puts a tick back when it cannot be saved', async () => {
    fakePlans(() => [enrollment()], {
      'PUT /api/my-plans/e-1/days/1': {
        status: 500,
        body: { error: 'INTERNAL', message: 'Boom.' },
      },
    });
    const { person } = renderWithApp(<PlansPage />, { route: '/plans' });
    const box = await screen.findByRole('checkbox', { name: 'Matthew 1 done' });
    await person.click(box);
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Could not save',
        'There was an error saving your reading.',
      ),
    );
    expect(box).not.toBeChecked();
  });

  it('explains catch-up, and catches up a plan that is behind', async () => {
    const missed = followedDay(2, [false, false, false], '2000-01-01');
    let current = enrollment({ days_behind: 1, today: [missed, followedDay(3)] });
    const { requests } = fakePlans(() => [current], {
      'POST /api/my-plans/e-1/catch-up': () => {
        current = { ...current, days_behind: 0, today: [followedDay(2), followedDay(3)] };
        return { body: current };
      },
    });
    const { person } = renderWithApp(<PlansPage />, { route: '/plans' });
    const card = await within(yourPlans()).findByRole('article', {
      name: 'The Gospels in 30 Days',
    });
    expect(within(card).getByText(/Missed · Jan 1/)).toBeVisible();
    const catchUp = within(card).getByRole('button', { name: 'Catch up' });
    expect(catchUp).toHaveAccessibleDescription(
      '1 day behind. Catch up spreads the missed days evenly over the days left, one day today, so you still finish on Dec 31, 2099.',
    );
    await person.click(catchUp);
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'You are caught up',
        'The days you missed in The Gospels in 30 Days are spread over the days ahead.',
      ),
    );
    expect(within(card).queryByRole('button', { name: 'Catch up' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/my-plans/e-1/catch-up')).toBe(true);
  });

  it('pauses a plan and resumes it', async () => {
    let current = enrollment();
    fakePlans(() => [current], {
      'POST /api/my-plans/e-1/pause': () => {
        current = { ...current, status: 'paused', paused_on: '2026-11-20', today: [] };
        return { body: current };
      },
      'POST /api/my-plans/e-1/resume': () => {
        current = { ...current, status: 'active', paused_on: null, today: [followedDay(1)] };
        return { body: current };
      },
    });
    const { person } = renderWithApp(<PlansPage />, { route: '/plans' });
    await person.click(await screen.findByRole('button', { name: 'Pause The Gospels in 30 Days' }));
    expect(await screen.findByText('Paused since Nov 20, 2026')).toBeVisible();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith(
      'Plan paused',
      'The Gospels in 30 Days will wait for you. Resume it whenever you are ready.',
    );

    await person.click(screen.getByRole('button', { name: 'Resume The Gospels in 30 Days' }));
    expect(await screen.findByRole('checkbox', { name: 'Matthew 1 done' })).toBeVisible();
  });

  it('asks before leaving a plan, then takes it away and keeps the focus on Your plans', async () => {
    let mine = [enrollment()];
    const { requests } = fakePlans(() => mine, {
      'DELETE /api/my-plans/e-1': () => {
        mine = [];
        return { status: 204 };
      },
    });
    const { person } = renderWithApp(<PlansPage />, { route: '/plans' });
    await person.click(await screen.findByRole('button', { name: 'Leave The Gospels in 30 Days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this plan?' });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await person.click(within(dialog).getByRole('button', { name: 'Leave plan' }));

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'Plan left',
        'The Gospels in 30 Days is no longer one of your plans.',
      ),
    );
    expect(within(yourPlans()).queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your plans' })).toHaveFocus();
  });

  it('shows a followed plan as followed, in the library and on its page', async () => {
    fakePlans(() => [enrollment()]);
    const { person } = renderWithApp(<PlansPage />, { route: '/plans' });
    const library = await screen.findByRole('region', { name: 'Plan library' });
    const card = (await within(library).findAllByRole('article'))[1] as HTMLElement;
    await waitFor(() => expect(within(card).getByText('Following')).toBeVisible());
    await person.click(within(card).getByRole('link', { name: /See the plan/ }));
    expect(
      await screen.findByRole('heading', { name: 'You are following this plan' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start this plan' })).not.toBeInTheDocument();
  });
});
