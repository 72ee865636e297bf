import { ArrowRight, CalendarCheck, ChevronDown, SearchX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { myPlansErrorToast, useMyPlans, usePlanDays } from '#client/api/plans.ts';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PageShell } from '#client/components/page-shell.tsx';
import { SignInPromptCard } from '#client/components/sign-in-prompt-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { planLength } from '#client/features/plans/lib/plan-text.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { useSession } from '#client/lib/session.ts';
import type { PlanSummary } from '#shared/schemas/plans.ts';
import { PlanDaysList, planDayElementId } from './plan-days-list.tsx';
import { StartPlanForm } from './start-plan-form.tsx';

const backToPlans = { to: '/plans', label: 'All reading plans' };

/** Start the plan, or (already followed) where to find it; a visitor is invited to sign up. */
function FollowThisPlan({ plan }: { plan: PlanSummary }) {
  const session = useSession();
  const myPlans = useMyPlans({ errorToast: myPlansErrorToast });
  if (session.status === 'signed-out') {
    return (
      <SignInPromptCard
        icon={CalendarCheck}
        title="Follow this plan"
        description={`Create a free account to start ${plan.title}, tick off each day's readings and keep your place on every device.`}
      />
    );
  }
  const following = myPlans.data?.find(
    (enrollment) => enrollment.plan.id === plan.id && enrollment.status !== 'finished',
  );
  return (
    <section
      aria-labelledby="follow-plan-title"
      className="rounded-2xl border border-border bg-gradient-to-br from-hero-from to-hero-to p-5 sm:p-6"
    >
      <h2 id="follow-plan-title" className="mb-4 font-serif text-xl font-semibold">
        {following ? 'You are following this plan' : 'Follow this plan'}
      </h2>
      {session.status === 'loading' || myPlans.isPending ? (
        <div aria-hidden="true" className="h-11 animate-pulse rounded-xl bg-muted" />
      ) : following ? (
        <Button asChild variant="outline">
          <Link to="/plans">
            See today&apos;s readings
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <StartPlanForm plan={plan} />
      )}
    </section>
  );
}

function PlanNotFound() {
  return (
    <EmptyState
      icon={SearchX}
      title="Plan not found"
      description="That plan was not found. The address may be mistyped, or the plan is not yours to see."
    >
      <Button asChild>
        <Link to="/plans">See all reading plans</Link>
      </Button>
    </EmptyState>
  );
}

/** /plans?plan=…: a plan's description, length and days, a week at a time, and starting it. */
export function PlanDetail({ planId }: { planId: string }) {
  const query = usePlanDays(planId);
  const plan = query.data?.pages[0]?.plan;
  const days = query.data?.pages.flatMap((page) => page.days) ?? [];
  // 'Show more days' keeps the focus, and goes when the last week comes: the focus then moves
  // to the first day it brought.
  const focusDay = useRef<number | null>(null);
  const lastShown = days.at(-1)?.day ?? 0;
  const hasMore = query.hasNextPage;
  useEffect(() => {
    const day = focusDay.current;
    if (day === null || lastShown < day) return;
    focusDay.current = null;
    if (!hasMore) document.getElementById(planDayElementId(day))?.focus();
  }, [lastShown, hasMore]);

  function showMore() {
    if (query.isFetchingNextPage) return;
    focusDay.current = lastShown + 1;
    void query.fetchNextPage({ cancelRefetch: false });
  }

  if (!plan) {
    const isNotFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <PageShell title="Reading Plans" back={backToPlans}>
        {query.isPending ? (
          <LoadingState label="Loading the plan..." />
        ) : isNotFound ? (
          <PlanNotFound />
        ) : (
          <LoadError
            message="We couldn't load this plan."
            isRetrying={query.isFetching}
            onRetry={() => void query.refetch()}
          />
        )}
      </PageShell>
    );
  }

  return (
    <PageShell title={plan.title} subtitle={planLength(plan)} back={backToPlans}>
      <div className="space-y-8">
        <div className="space-y-2">
          <p className="max-w-prose text-lg">{plan.description}</p>
          {plan.mood ? (
            <p className="text-muted-foreground">Made for when you feel {plan.mood}.</p>
          ) : null}
        </div>
        <FollowThisPlan plan={plan} />
        <section aria-labelledby="plan-days-title" className="space-y-4">
          <h2 id="plan-days-title" className="font-serif text-2xl font-semibold tracking-tight">
            Day by day
          </h2>
          <PlanDaysList days={days} />
          <div className="flex flex-col items-center gap-3">
            <p role="status" className="text-sm text-muted-foreground">
              {days.length < plan.days
                ? `Showing the first ${days.length} of ${plan.days} days`
                : `All ${plan.days} days`}
            </p>
            {query.hasNextPage ? (
              // aria-disabled, not disabled, while loading: the button keeps the focus.
              <Button
                variant="outline"
                icon={
                  query.isFetchingNextPage ? (
                    <Spinner className="size-4 text-current" />
                  ) : (
                    <ChevronDown aria-hidden="true" />
                  )
                }
                aria-disabled={query.isFetchingNextPage || undefined}
                aria-busy={query.isFetchingNextPage || undefined}
                onClick={showMore}
              >
                {query.isFetchingNextPage ? 'Loading…' : 'Show more days'}
              </Button>
            ) : null}
          </div>
        </section>
      </div>
    </PageShell>
  );
}
