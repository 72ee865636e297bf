import { useEffect } from 'react';
import { Link } from 'react-router';
import { reportToServer } from '#client/lib/report-to-server.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { ScreenStarted } from './screen-started.tsx';

/** Shown when a screen fails to render (or its code fails to load after a deploy). */
export function RouteErrorPage({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong');
  useEffect(() => {
    reportToServer({
      level: 'error',
      event: 'client_error',
      path: window.location.pathname,
      message: error instanceof Error ? error.message : String(error),
    });
  }, [error]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="font-serif text-3xl font-semibold">Something went wrong</h1>
      <p className="text-muted-foreground">
        This page could not be shown. Reloading usually helps; if it keeps happening, please let us
        know.
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-primary px-5 py-2 text-sm font-medium text-primary-foreground"
        >
          Reload
        </button>
        <Link to="/" className="rounded-full border border-border px-5 py-2 text-sm font-medium">
          Back to Home
        </Link>
      </div>
      <ScreenStarted />
    </main>
  );
}
