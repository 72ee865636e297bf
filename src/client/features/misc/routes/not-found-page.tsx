import { Compass } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { reportToServer } from '#client/lib/report-to-server.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  useEffect(() => {
    // product §2: the path of an unknown route is logged.
    reportToServer({ level: 'warn', event: 'not_found', path: pathname });
  }, [pathname]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Compass className="size-8" aria-hidden="true" />
      </span>
      <p className="mt-6 font-serif text-6xl font-semibold text-primary">404</p>
      <h1 className="mt-2 font-serif text-2xl font-semibold sm:text-3xl">Oops! Page not found</h1>
      <p className="mt-3 text-muted-foreground">
        We could not find <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{pathname}</code>
        . It may have moved, or the link may be mistyped.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
