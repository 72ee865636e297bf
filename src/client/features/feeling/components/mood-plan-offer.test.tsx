import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FeelingPage } from '#client/features/feeling/routes/feeling-page.tsx';
import { notify } from '#client/lib/notify.ts';
import { rememberPendingAction } from '#client/lib/pending-action.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { locationNow, renderWithApp } from '#client/test/render.tsx';
import type { Enrollment } from '#shared/schemas/plans.ts';
import type { CatalogueVerse } from '#shared/schemas/verses.ts';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

const anxiousVerse: CatalogueVerse = {
  reference: 'Philippians 4:6',
  mood: 'anxious',
  themes: ['peace', 'prayer'],
  text: 'Be careful for nothing; but in every thing by prayer and supplication with thanksgiving let your requests be made known unto God.',
};

const moodPlan: Enrollment = {
  id: 'e-mood',
  plan: {
    id: 'plan-mood-1',
    kind: 'mood',
    title: 'Seven Days for When You Feel Anxious',
    description: 'Passages for an anxious heart.',
    days: 7,
    chapters: 7,
    mood: 'anxious',
    self_paced: false,
  },
  status: 'active',
  start_date: '2026-11-27',
  end_date: '2026-12-03',
  paused_on: null,
  days_done: 0,
  days_behind: 0,
  today: [],
  created_at: '2026-11-27T08:00:00.000Z',
};

function fakeFeelingApi(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/verses/catalogue': { body: { translation: 'kjv', verses: [anxiousVerse] } },
    'GET /api/verses/suggestions': { body: { mood: 'anxious', translation: 'kjv', verses: [] } },
    'GET /api/saved-verses/status': { body: { saved: false } },
    'POST /api/my-plans/mood': { status: 201, body: moodPlan },
    ...routes,
  });
}

async function findVerseFor(person: ReturnType<typeof renderWithApp>['person'], words: string) {
  await person.type(screen.getByRole('textbox', { name: "What's on your heart today?" }), words);
  await person.click(screen.getByRole('button', { name: 'Find My Verse' }));
  await screen.findByRole('heading', { name: 'For when you feel anxious' });
}

function posts(requests: { method: string; path: string }[]) {
  return requests.filter((request) => request.method === 'POST');
}

describe("'Make me a 7-day plan' on /feeling", () => {
  beforeEach(() => {
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
  });

  it('makes a plan for the mood found, says so, and leads to Reading Plans', async () => {
    const { requests } = fakeFeelingApi();
    const { person } = renderWithApp(<FeelingPage />, { route: '/feeling' });
    expect(screen.queryByRole('button', { name: 'Make me a 7-day plan' })).not.toBeInTheDocument();
    await findVerseFor(person, 'I am anxious and worried');
    expect(
      screen.getByText(/Seven days of short passages chosen for when you feel anxious/),
    ).toBeVisible();
    await person.click(screen.getByRole('button', { name: 'Make me a 7-day plan' }));

    const link = await screen.findByRole('link', { name: 'See my plans' });
    expect(link).toHaveFocus();
    expect(posts(requests)).toMatchObject([
      { path: '/api/my-plans/mood', body: { mood: 'anxious' } },
    ]);
    expect(notify.success).toHaveBeenCalledWith(
      'Your 7-day plan is ready',
      "Day 1 is waiting for you with today's readings in Reading Plans.",
      expect.objectContaining({ label: 'See my plans' }),
    );
    await person.click(link);
    expect(locationNow()).toBe('/plans');
  });

  it("toasts the server's words when the plan cannot be made", async () => {
    fakeFeelingApi({
      'POST /api/my-plans/mood': {
        status: 409,
        body: {
          error: 'CONFLICT',
          message: 'You can follow up to 10 plans at once. Finish or leave one first.',
        },
      },
    });
    const { person } = renderWithApp(<FeelingPage />, { route: '/feeling' });
    await findVerseFor(person, 'I am anxious');
    await person.click(screen.getByRole('button', { name: 'Make me a 7-day plan' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Could not make your plan',
        'You can follow up to 10 plans at once. Finish or leave one first.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Make me a 7-day plan' })).toBeVisible();
  });

  it('asks a visitor to sign in first, and sends nothing', async () => {
    const { requests } = fakeFeelingApi();
    const { person } = renderWithApp(<FeelingPage />, { route: '/feeling', user: null });
    await findVerseFor(person, 'I am anxious');
    await person.click(screen.getByRole('button', { name: 'Make me a 7-day plan' }));
    expect(notify.error).toHaveBeenCalledWith(
      'Sign in required',
      'Please sign in to make a reading plan for this feeling.',
      expect.objectContaining({ label: 'Sign In' }),
    );
    expect(posts(requests)).toHaveLength(0);
  });

  it('back from signing in, shows the same verse and makes the plan', async () => {
    const { requests } = fakeFeelingApi();
    rememberPendingAction(
      {
        kind: 'make-mood-plan',
        data: {
          text: anxiousVerse.text,
          reference: anxiousVerse.reference,
          mood: 'anxious',
          self_paced: false,
          themes: ['peace'],
          translation: 'kjv',
        },
      },
      window.location.pathname + window.location.search,
    );
    renderWithApp(<FeelingPage />);
    await screen.findByRole('heading', { name: 'For when you feel anxious' });
    await screen.findByRole('link', { name: 'See my plans' });
    expect(posts(requests)).toMatchObject([
      { path: '/api/my-plans/mood', body: { mood: 'anxious' } },
    ]);
  });
});

describe('a denied feeling on /feeling', () => {
  it("'I am not happy' finds a verse for when you feel sad, and offers a plan for sad, never anxious", async () => {
    fakeFeelingApi();
    const { person } = renderWithApp(<FeelingPage />, { route: '/feeling' });
    await person.type(
      screen.getByRole('textbox', { name: "What's on your heart today?" }),
      'I am not happy',
    );
    await person.click(screen.getByRole('button', { name: 'Find My Verse' }));
    await screen.findByRole('heading', { name: 'For when you feel sad' });
    expect(screen.getByText(/chosen for when you feel sad/)).toBeVisible();
    expect(screen.queryByText(/anxious/)).not.toBeInTheDocument();
  });

  it('words that name no feeling get a neutral heading and no plan for a feeling not named', async () => {
    fakeFeelingApi();
    const { person } = renderWithApp(<FeelingPage />, { route: '/feeling' });
    await person.type(
      screen.getByRole('textbox', { name: "What's on your heart today?" }),
      "I'm not sad",
    );
    await person.click(screen.getByRole('button', { name: 'Find My Verse' }));
    await screen.findByRole('heading', { name: 'A verse for this moment' });
    expect(screen.queryByText(/anxious/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make me a 7-day plan' })).not.toBeInTheDocument();
  });
});
