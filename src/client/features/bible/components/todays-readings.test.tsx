import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Enrollment } from '../../../../shared/schemas/plans.ts';
import { notify } from '../../../lib/notify.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { john3, readerRoutes, sent } from '../../../test/reader-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ReadBiblePage } from '../routes/read-bible-page.tsx';

vi.mock('../../../lib/notify.ts', () => ({
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
    fakeApi({
      ...readerRoutes(),
      'GET /api/bible/John/3': { body: john3 },
      'GET /api/my-plans': { status: 500, body: { error: 'INTERNAL', message: 'Boom.' } },
    });
    renderWithApp(<ReadBiblePage />, { route: '/read-bible?book=John&chapter=3' });
    await screen.findByText(/For God so loved the world/);
    await screen.findByRole('button', { name: 'Start reading plan' });
    expect(screen.queryByRole('region', { name: "Today's readings" })).not.toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
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
