// Component tests draw a screen or part as the app does: with the app's QueryClient (failed
// loads toasted from query meta), a router at a chosen address, and a session already known.
// Requests go to a fake server (fake-api.ts) instead of the network.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { createQueryClient } from '#client/lib/query-client.ts';
import { sessionQueryKey } from '#client/lib/session.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';

export const testUser: SessionUser = {
  id: 'user-1',
  email: 'lydia@example.com',
  display_name: 'Lydia',
  profile_image_url: null,
  has_password: true,
  providers: ['password'],
  email_verified: true,
  is_moderator: false,
};

type RenderOptions = {
  /** The person signed in; null for a visitor. Default: testUser. */
  user?: SessionUser | null;
  /** The address the router starts at. Default: '/'. */
  route?: string;
  /** The route pattern the element is drawn at (for screens that read params). Default: '*'. */
  path?: string;
};

const currentLocation = { href: '' };

/** Where the router is now ('/journal-entries?x=1'), after a Link or navigate(). */
export function locationNow(): string {
  return currentLocation.href;
}

function LocationProbe(): null {
  const location = useLocation();
  useEffect(() => {
    currentLocation.href = `${location.pathname}${location.search}${location.hash}`;
  }, [location]);
  return null;
}

export function renderWithApp(
  element: ReactElement,
  { user = testUser, route = '/', path = '*' }: RenderOptions = {},
) {
  const queryClient = createQueryClient({
    queries: { retry: false, staleTime: Infinity, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  });
  queryClient.setQueryData(sessionQueryKey, { user });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <LocationProbe />
        <Routes>
          <Route path={path} element={children} />
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { ...render(element, { wrapper }), person: userEvent.setup(), queryClient };
}

/**
 * happy-dom lays nothing out (every box is 0 × 0), so a list virtualized inside a scrolling box
 * (components/paged-list.tsx with scrollElement) would draw no rows. Call inside a test or a
 * beforeEach: every element then measures `size` (client and offset sizes), until the test ends.
 */
export function giveElementsASize(size: { width: number; height: number }): void {
  const sizes = {
    clientWidth: size.width,
    clientHeight: size.height,
    offsetWidth: size.width,
    offsetHeight: size.height,
  };
  for (const [name, value] of Object.entries(sizes)) {
    let owner: object | null = HTMLElement.prototype;
    while (owner && !Object.getOwnPropertyDescriptor(owner, name)) {
      owner = Object.getPrototypeOf(owner) as object | null;
    }
    if (!owner) continue;
    const spy = vi.spyOn(owner as HTMLElement, name as 'clientWidth', 'get').mockReturnValue(value);
    onTestFinished(() => spy.mockRestore());
  }
}
