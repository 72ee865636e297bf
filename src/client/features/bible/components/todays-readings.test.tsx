import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ReadBiblePage } from '#client/features/bible/routes/read-bible-page.tsx';
import { notify } from '#client/lib/notify.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { john3, readerRoutes, sent } from '#client/test/reader-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import type { Enrollment } from '#shared/schemas/plans.ts';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

/** The Gospels in 30 Days on its day 10, John 3 and John 4 due; `read` the chapters done. */
function gospels(read: { john3: boolean; john4: boolean }): Enrollment {
  const done = [read.john3, read.john4];
  return {
    id: 'e-1',
    plan: {
      id: 'gospels-30',
      kind: 'library',
      title: 'The Gospels in 30 Days',
      description: 'The four Gospels in a month.',
      days: 30,
      chapters: 89,
      mood: null,
      self_paced: false,
    },
    status: 'active',
    start_date: '2026-11-18',
    end_date: '2026-12-17',
    paused_on: null,
    days_done: 9,
    days_behind: 0,
    today: [
      {
        day: 10,
        date: '2026-11-27',
        readings: [
          { book_index: 42, chapter: 3, verses: null, label: 'John 3' },
          { book_index: 42, chapter: 4, verses: null, label: 'John 4' },
        ],
        prompt: null,
        focus: null,
        done,
        complete: done.every(Boolean),
      },
    ],
    created_at: '2026-11-18T08:00:00.000Z',
  };
}

/** The reading plan, followed, asking for John 4 next. */
function wholeBible(): Enrollment {
  return {
    id: 'e-2',
    plan: {
      id: 'whole-bible',
      kind: 'library',
      title: 'The Whole Bible, a Chapter at a Time',
      description: 'Read the whole Bible, one chapter at a time, at your own pace.',
      days: 1189,
      chapters: 1189,
      mood: null,
      self_paced: true,
    },
    status: 'active',
    start_date: '2026-11-27',
    end_date: '2029-09-01',
    paused_on: null,
    days_done: 1000,
    days_behind: 0,
    today: [
      {
        day: 1001,
        date: '2026-11-27',
        readings: [{ book_index: 42, chapter: 4, verses: null, label: 'John 4' }],
        prompt: null,
        focus: null,
        done: [false],
        complete: false,
      },
    ],
    created_at: '2026-11-27T08:00:00.000Z',
  };
}

describe("the reader's 'Today's readings'", { timeout: 15_000 }, () => {
  beforeAll(async () => {
    Element.prototype.scrollIntoView = () => undefined;
    await Promise.all([
      import('./todays-readings.tsx'),
      import('./reading-stats.tsx'),
      import('./reading-plan-control.tsx'),
    ]);
  }, 60_000);

  it('lists the readings to do, and ticks the chapter once reading it has been saved', async () => {
    let isSaved = false;
    // The save is answered once the panel has shown the chapter still to read.
    let answerSave = () => {};
    const saveAnswered = new Promise<void>((resolve) => (answerSave = resolve));
    const { requests } = fakeApi({
      ...readerRoutes(),
      'GET /api/bible/John/3': { body: john3 },
      'GET /api/my-plans': () => ({ body: { items: [gospels({ john3: isSaved, john4: false })] } }),
      'POST /api/progress': async (request) => {
        await saveAnswered;
        isSaved = true;
        return {
          status: 201,
          body: { progress: { ...(request.body as object), completed_at: '' }, plan: null },
        };
      },
    });
    renderWithApp(<ReadBiblePage />, { route: '/read-bible?book=John&chapter=3' });
    const panel = await screen.findByRole('region', { name: "Today's readings" });
    expect(within(panel).getByText('0 of 2 read', { exact: false })).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'John 3' })).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'John 4' })).toHaveAttribute(
      'href',
      '/read-bible?book=John&chapter=4',
    );
    expect(within(panel).getByRole('link', { name: 'The Gospels in 30 Days' })).toHaveAttribute(
      'href',
      '/plans',
    );
    answerSave();

    // The chapter on screen is saved as read; the server ticks it in the plan, and the list
    // is asked for again.
    await waitFor(() =>
      expect(within(panel).getByText('1 of 2 read', { exact: false })).toBeVisible(),
    );
    expect(within(panel).queryByRole('link', { name: 'John 3' })).not.toBeInTheDocument();
    expect(within(panel).getByText('John 3')).toHaveClass('line-through');
    expect(sent(requests, 'POST', '/api/progress')).toHaveLength(1);
    expect(sent(requests, 'GET', '/api/my-plans').length).toBeGreaterThan(1);
  });

  it('shows nothing, and says nothing, without readings today or when plans cannot be loaded', async () => {
    const { requests } = fakeApi({
      ...readerRoutes(),
      'GET /api/bible/John/3': { body: john3 },
      'GET /api/my-plans': { status: 500, body: { error: 'INTERNAL', message: 'Boom.' } },
    });
    renderWithApp(<ReadBiblePage />, { route: '/read-bible?book=John&chapter=3' });
    await screen.findByText(/For God so loved the world/);
    await waitFor(() => expect(sent(requests, 'GET', '/api/my-plans').length).toBeGreaterThan(0));
    await screen.findByRole('region', { name: 'Your reading' });
    expect(screen.queryByRole('region', { name: "Today's readings" })).not.toBeInTheDocument();
    // Not knowing what the member follows, the reader does not offer to start a plan either.
    expect(screen.queryByRole('button', { name: 'Start reading plan' })).not.toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('offers the reading plan only to a member who follows no plan, and starts it as one of them', async () => {
    let followed: Enrollment[] = [];
    const { requests } = fakeApi({
      ...readerRoutes(),
      'GET /api/bible/John/3': { body: john3 },
      'GET /api/my-plans': () => ({ body: { items: followed } }),
      'POST /api/reading-plan': () => {
        followed = [wholeBible()];
        return { status: 201, body: { plan: null } };
      },
    });
    const { person } = renderWithApp(<ReadBiblePage />, {
      route: '/read-bible?book=John&chapter=3',
    });
    await screen.findByText('Read the whole Bible, one chapter at a time.');
    expect(screen.getByRole('link', { name: 'Other plans' })).toHaveAttribute('href', '/plans');
    await person.click(screen.getByRole('button', { name: 'Start reading plan' }));

    // Started, it is a plan followed: its next chapter is among today's readings, and there
    // is no second plan system beside it.
    const panel = await screen.findByRole('region', { name: "Today's readings" });
    expect(within(panel).getByRole('link', { name: 'John 4' })).toBeVisible();
    expect(within(panel).getByText('The Whole Bible, a Chapter at a Time')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start reading plan' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Continue plan/)).not.toBeInTheDocument();
    expect(sent(requests, 'POST', '/api/reading-plan')).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith(
      'Reading plan started',
      'Each chapter you read moves your plan along.',
    );
  });

  it("does not offer the reading plan to a member following M'Cheyne", async () => {
    fakeApi({
      ...readerRoutes(),
      'GET /api/bible/John/3': { body: john3 },
      'GET /api/my-plans': { body: { items: [gospels({ john3: false, john4: false })] } },
    });
    renderWithApp(<ReadBiblePage />, { route: '/read-bible?book=John&chapter=3' });
    await screen.findByRole('region', { name: "Today's readings" });
    expect(
      screen.queryByText('Read the whole Bible, one chapter at a time.'),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start reading plan' })).not.toBeInTheDocument();
  });

  it('asks nothing for a visitor', async () => {
    const { requests } = fakeApi({
      ...readerRoutes(),
      'GET /api/bible/John/3': { body: john3 },
    });
    renderWithApp(<ReadBiblePage />, { route: '/read-bible?book=John&chapter=3', user: null });
    await screen.findByText(/For God so loved the world/);
    expect(sent(requests, 'GET', '/api/my-plans')).toHaveLength(0);
  });
});
