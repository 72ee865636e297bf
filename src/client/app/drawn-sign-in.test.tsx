import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { BrowserRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionQueryKey } from '#client/lib/session.ts';
import { moveToDrawnSignIn } from './drawn-sign-in.ts';

const isPrivate = (pathname: string) => pathname === '/memorize';

function WhereAmI() {
  const location = useLocation();
  return <p>{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function queryClientWith(session?: unknown) {
  const queryClient = new QueryClient();
  if (session !== undefined) queryClient.setQueryData(sessionQueryKey, session);
  return queryClient;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('moveToDrawnSignIn', () => {
  it("moves a visitor's private address to /auth, remembering it as the redirect does", () => {
    window.history.replaceState(null, '', '/memorize?card=1');
    expect(moveToDrawnSignIn(queryClientWith({ user: null }), isPrivate)).toBe(true);
    render(
      <BrowserRouter>
        <WhereAmI />
      </BrowserRouter>,
    );
    // The router hands the app the state RequireAuth's <Navigate> would have given /auth.
    screen.getByText('/auth {"from":"/memorize?card=1"}');
  });

  it('leaves the address alone for a public screen, a drawn signed-in page or no answer', () => {
    for (const [path, session] of [
      ['/feeling', { user: null }],
      ['/memorize', { user: { id: 'u1' } }],
      ['/memorize', undefined],
    ] as const) {
      window.history.replaceState(null, '', path);
      expect(moveToDrawnSignIn(queryClientWith(session), isPrivate)).toBe(false);
      expect(window.location.pathname).toBe(path);
    }
  });
});
