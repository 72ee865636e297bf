import { CalendarCheck, CalendarX, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { positionLabel } from '../../../../shared/bible/navigation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useReadingPlan, useStartReadingPlan, useStopReadingPlan } from '../../../api/reading-plan.ts';
import { readerPath } from '../lib/reader-url.ts';

/**
 * product §4 reading plan: start one, or continue with the plan's chapter (reading that chapter
 * moves the plan on, on the server; other reading leaves it), or stop it.
 */
export function ReadingPlanControl() {
  const planQuery = useReadingPlan();
  const start = useStartReadingPlan();
  const stop = useStopReadingPlan();
  const plan = planQuery.data?.plan;

  if (planQuery.isPending) {
    return <div aria-hidden="true" className="h-[4.25rem] animate-pulse rounded-2xl bg-muted" />;
  }
  if (planQuery.isError) return null;

  if (!plan?.is_active) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed border-border px-4 py-3">
        <p className="text-sm text-muted-foreground">
          Read the whole Bible, one chapter at a time.
        </p>
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
    );
  }

  // The plan's position is the chapter it asks for next; reading it moves the plan on.
  const next = { bookIndex: plan.current_book_index, chapter: plan.current_chapter };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-secondary/60 px-4 py-3">
      <p className="text-sm">
        <span className="font-semibold">Reading plan</span>
        <span className="text-muted-foreground"> · next: {positionLabel(next)}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild size="sm">
          <Link to={readerPath(next)}>
            Continue plan
            <span className="sr-only sm:not-sr-only">: {positionLabel(next)}</span>
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => stop.mutate()} disabled={stop.isPending}>
          <CalendarX aria-hidden="true" />
          Stop plan
        </Button>
      </div>
    </div>
  );
}
