import { ArrowRight, BookOpen, Check } from 'lucide-react';
import { Link } from 'react-router';
import { myPlansErrorToast, useMyPlans, usePlanLibrary } from '#client/api/plans.ts';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { planHref, planLength } from '#client/features/plans/lib/plan-text.ts';
import type { PlanSummary } from '#shared/schemas/plans.ts';

function PlanCard({ plan, isFollowed }: { plan: PlanSummary; isFollowed: boolean }) {
  return (
    <article className="flex h-full flex-col rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs transition-shadow hover:shadow-md">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
          <BookOpen className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h3 className="font-serif text-xl leading-tight font-semibold tracking-tight">
            {plan.title}
          </h3>
          <p className="mt-1 text-sm font-medium text-primary">{planLength(plan)}</p>
        </div>
      </div>
      <p className="mt-3 text-sm text-muted-foreground">{plan.description}</p>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-5">
        {isFollowed ? (
          <p className="inline-flex items-center gap-1.5 text-sm font-medium">
            <Check className="size-4 text-primary" aria-hidden="true" />
            Following
          </p>
        ) : (
          <span />
        )}
        <Button asChild variant="outline" size="sm">
          <Link to={planHref(plan.id)} aria-label={`See the plan: ${plan.title}`}>
            See the plan
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </article>
  );
}

/** The plan library: each plan with its length, opening its page. */
export function PlanLibrary() {
  const library = usePlanLibrary();
  const myPlans = useMyPlans({ errorToast: myPlansErrorToast });
  const followed = new Set(
    (myPlans.data ?? [])
      .filter((enrollment) => enrollment.status !== 'finished')
      .map((enrollment) => enrollment.plan.id),
  );
  return (
    <section aria-labelledby="plan-library-title">
      <h2 id="plan-library-title" className="mb-1 font-serif text-2xl font-semibold tracking-tight">
        Plan library
      </h2>
      <p className="mb-4 text-muted-foreground">
        Read a little every day, at your own pace. You can follow several plans at once.
      </p>
      {library.isPending ? (
        <LoadingState label="Loading the plans..." />
      ) : library.data === undefined ? (
        <LoadError
          message="We couldn't load the reading plans."
          isRetrying={library.isFetching}
          onRetry={() => void library.refetch()}
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {library.data.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} isFollowed={followed.has(plan.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
