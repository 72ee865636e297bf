// Build-time rendering of the public screens (scripts/prerender-plugin.ts runs this in Node
// once the client is built). The server puts each screen's markup into its page, so the screen
// is drawn as soon as the HTML and CSS arrive, before the app's JavaScript has loaded and run;
// main.tsx then hydrates it. Data from the API is not fetched here: a screen shows what it
// shows while its data loads, as it does when the app renders it.
import { QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { AppRoutes } from './app/router.tsx';

/** The markup of the app at `path` for a visitor who is not signed in (what #root holds). */
export async function renderScreen(path: string): Promise<string> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { prelude } = await prerender(
    <AppProviders queryClient={queryClient}>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  return new Response(prelude).text();
}
