import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { LandingPage } from './landing-page.tsx';

describe('the landing page and the Today card', () => {
  it('shows a member their Today card', async () => {
    fakeApi({
      'GET /api/my-plans': { body: { items: [] } },
      'GET /api/memory-cards/due-count': { body: { count: 2 } },
      'GET /api/streak': {
        body: {
          current: 0,
          longest: 0,
          today: '2026-03-03',
          today_counted: false,
          rest_day: null,
          days: [],
        },
      },
    });
    renderWithApp(<LandingPage />);
    // Its own chunk: the first import in a test run takes a while.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Today' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '2 verses to review' })).toBeInTheDocument();
  });

  it('shows a visitor no Today card and asks for none of its data', async () => {
    const { requests } = fakeApi({});
    renderWithApp(<LandingPage />, { user: null });
    expect(screen.getByRole('link', { name: /Start Your Journey/ })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Today' })).not.toBeInTheDocument();
    expect(requests.filter((request) => /my-plans|memory-cards|streak/.test(request.path))).toEqual(
      [],
    );
  });
});
