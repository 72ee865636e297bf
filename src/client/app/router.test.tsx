import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '#client/lib/theme.tsx';
import { fakeApi } from '#client/test/fake-api.ts';
import { renderWithApp } from '#client/test/render.tsx';
import { siteRoutes } from '#shared/site-routes.ts';
import { AppRoutes } from './router.tsx';

vi.mock('#client/lib/notify.ts', () => ({
  notify: { success: vi.fn(), info: vi.fn(), error: vi.fn() },
}));

function Routed() {
  return (
    <ThemeProvider>
      <AppRoutes />
    </ThemeProvider>
  );
}

// The addresses come from site-routes.ts: each draws its own screen inside the app's layout.
describe('the app routes', () => {
  // A few public screens (light enough to load here): each shows its site route's title.
  const publicScreens = siteRoutes.flatMap((route) =>
    ['/feeling', '/privacy-policy', '/terms-of-service'].includes(route.path) && 'title' in route
      ? [[route.path, route.title] as const]
      : [],
  );

  it.each(publicScreens)('draws the screen at %s', async (route, heading) => {
    fakeApi({ 'GET /api/verses/catalogue': { body: { verses: [] } } });
    renderWithApp(<Routed />, { route, user: null });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('answers any other address with the not-found screen', async () => {
    fakeApi({});
    renderWithApp(<Routed />, { route: '/no-such-page', user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('/no-such-page')).toBeInTheDocument();
  });
});
