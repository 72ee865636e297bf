import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from './ui/button.tsx';

type SignInPromptCardProps = {
  icon: LucideIcon;
  title: string;
  description: string;
};

/** An invitation for visitors: what an account gives, then 'Sign Up Free' and 'Sign In'. */
export function SignInPromptCard({ icon: Icon, title, description }: SignInPromptCardProps) {
  const titleId = useId();
  // Back here after signing in or up.
  const { pathname, search } = useLocation();
  const from = pathname + search;
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-gradient-to-br from-hero-from to-hero-to p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex gap-3.5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-card text-primary shadow-xs">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id={titleId} className="font-serif text-lg font-semibold">
            {title}
          </h2>
          <p className="mt-1 max-w-prose text-sm text-muted-foreground">{description}</p>
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
