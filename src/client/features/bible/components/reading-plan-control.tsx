import { CalendarCheck, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useMyPlans } from '#client/api/plans.ts';
import { useStartReadingPlan } from '#client/api/reading-plan.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';

/**
 * The reading plan's invitation (docs/product.md, Progress and reading plans), for a member who
 * follows no plan: start the whole Bible a chapter at a time, or choose another plan. A member
 * who follows plans sees their readings instead (TodaysReadings), the reading plan's among them:
 * one plan system (decision 022).
 */
export function ReadingPlanControl() {
  const plans = useMyPlans();
  const start = useStartReadingPlan();

  if (plans.isPending) {
    return <div aria-hidden="true" className="h-[4.25rem] animate-pulse rounded-2xl bg-muted" />;
  }
  if (plans.isError) return null;
  const followsAPlan = plans.data.some((enrollment) => enrollment.status !== 'finished');
  if (followsAPlan) return null;

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed border-border px-4 py-3">
      <p className="text-sm text-muted-foreground">Read the whole Bible, one chapter at a time.</p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" asChild>
          <Link to="/plans">
            Other plans
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => start.mutate()}
          disabled={start.isPending}
        >
          {start.isPending ? (
            <Spinner className="text-current" />
          ) : (
            <CalendarCheck aria-hidden="true" />
          )}
          Start reading plan
        </Button>
      </div>
    </div>
  );
}
