import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberPendingAction, takePendingAction } from './pending-action.ts';
import { sessionQueryKey, useSetSession } from './session.ts';

function renderSetSession(queryClient: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSetSession(), { wrapper }).result.current;
}

describe('signing out (the session set to nobody)', () => {
  afterEach(() => window.sessionStorage.clear());

  it("forgets the person's waiting action and their data, and keeps the Bible's", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['journal', 'list'], { pages: [] });
    queryClient.setQueryData(['bible', 'chapter', 1, 1], { verses: [] });
    rememberPendingAction({ kind: 'save-feeling-verse', data: { reference: 'John 3:16' } }, '/');
    const setSession = renderSetSession(queryClient);

    act(() => setSession(null));

    expect(queryClient.getQueryData(sessionQueryKey)).toEqual({ user: null });
    expect(queryClient.getQueryData(['journal', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData(['bible', 'chapter', 1, 1])).toBeDefined();
    // The next person to sign in on this tab never runs it.
    await waitFor(() =>
      expect(window.sessionStorage.getItem('grounded.pending-action')).toBeNull(),
    );
    expect(takePendingAction('save-feeling-verse', '/')).toBeUndefined();
  });
});
