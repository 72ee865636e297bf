import '@fontsource-variable/inter';
import '@fontsource-variable/lora';
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router.tsx';
import { ThemeProvider } from './app/theme.tsx';
import { AppToaster } from './app/toaster.tsx';
import { registerServiceWorker } from './lib/device-notifications/register-service-worker.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <AppToaster />
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);

// Only the built app has /sw.js; the Vite dev server does not.
if (import.meta.env.PROD) registerServiceWorker();
