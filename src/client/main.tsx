import './app/zod-config.ts';
import '@fontsource-variable/inter';
import '@fontsource-variable/lora';
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { ThemeProvider } from './app/theme.tsx';
import { AppToaster } from './app/toaster.tsx';
import { registerServiceWorker } from './lib/device-notifications/register-service-worker.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    // networkMode 'always': offline, requests still go out (the service worker answers what it
    // has cached), and a change fails at once with 'You are offline' instead of waiting unseen.
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition: React renders the first page in slices and lets the browser breathe in
// between, instead of one long task that blocks input (Lighthouse's Total Blocking Time).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <AppToaster />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  );
});

// Only the built app has /sw.js; the Vite dev server does not.
if (import.meta.env.PROD) registerServiceWorker();
