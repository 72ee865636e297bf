import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { ThemeProvider } from './theme.tsx';
import { AppToaster } from './toaster.tsx';

/**
 * The app around its router, the same in the browser (main.tsx) and when the public screens
 * are rendered at build time (prerender.tsx): hydration needs the same tree on both sides, and
 * useId's ids follow the tree's shape (an extra element here would give the client other ids
 * than the prerendered markup holds).
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  // Once the app has taken over #root (an effect never runs at build time), the server's markup
  // is React's: the marker is for whoever waits on that, such as the browser tests.
  useEffect(() => document.getElementById('root')?.removeAttribute('data-prerendered'), []);
  return (
    <StrictMode>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          {children}
          <AppToaster />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
