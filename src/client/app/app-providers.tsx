import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { ThemeProvider } from '#client/lib/theme.tsx';
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
