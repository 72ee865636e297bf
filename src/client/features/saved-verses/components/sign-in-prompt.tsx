import { Star } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

/** spec §6: visitors see two examples and an invitation to keep verses of their own. */
export function SignInPrompt() {
  const { pathname, search } = useLocation();
  const from = pathname + search;
  return (
    <section
      aria-labelledby="saved-verses-sign-in-title"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-gradient-to-br from-hero-from to-hero-to p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex gap-3.5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-card text-primary shadow-xs">
          <Star className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id="saved-verses-sign-in-title" className="font-serif text-lg font-semibold">
            Sign in to save your own verses
          </h2>
          <p className="mt-1 max-w-prose text-sm text-muted-foreground">
            Keep the verses that speak to you, find them again by word or theme, and journal about
            them. The two below are examples.
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button asChild className="flex-1 sm:flex-none">
          <Link to="/auth" state={{ from, tab: 'signup' }}>
            Sign Up Free
          </Link>
        </Button>
        <Button asChild variant="outline" className="flex-1 sm:flex-none">
          <Link to="/auth" state={{ from }}>
            Sign In
          </Link>
        </Button>
      </div>
    </section>
  );
}
