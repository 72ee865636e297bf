import { ArrowRight, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import type { FeatureCard } from '#client/features/landing/content.ts';
import { cn } from '#client/lib/cn.ts';

type FeatureGridProps = {
  cards: FeatureCard[];
  buttonLabel: string;
  isLocked?: boolean;
  className?: string;
};

export function FeatureGrid({ cards, buttonLabel, isLocked = false, className }: FeatureGridProps) {
  return (
    <ul className={cn('grid gap-5 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {cards.map(({ title, description, to, icon: Icon }) => (
        <li
          key={title}
          className="group relative flex flex-col rounded-2xl border border-border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
        >
          <div className="flex items-start justify-between">
            <span className="flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            {isLocked ? (
              <span
                className="flex items-center gap-1 rounded-full bg-muted px-2.5 py-1 text-xs font-medium text-muted-foreground"
                title="Sign in to save your progress"
              >
                <Lock className="size-3.5" aria-hidden="true" />
                <span className="sr-only">Needs an account to save</span>
              </span>
            ) : null}
          </div>
          <h3 className="mt-4 font-serif text-xl font-semibold">{title}</h3>
          <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{description}</p>
          <Button asChild variant="outline" size="sm" className="mt-5 self-start">
            <Link to={to} aria-label={`${buttonLabel}: ${title}`}>
              {buttonLabel}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </li>
      ))}
    </ul>
  );
}
