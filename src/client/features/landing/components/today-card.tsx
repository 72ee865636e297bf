import { ArrowRight, BookOpen, CircleCheck, Flame, Library, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { useMemoryDueCount } from '#client/api/memory-cards.ts';
import { useMyPlans } from '#client/api/plans.ts';
import { useStreak } from '#client/api/streak.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { books } from '#shared/bible/books.ts';
import type { Enrollment, PlanReading } from '#shared/schemas/plans.ts';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

function readingHref({ book_index, chapter }: PlanReading): string {
  const name = books[book_index]?.name ?? books[0].name;
  return `/read-bible?book=${encodeURIComponent(name)}&chapter=${chapter}`;
}

/** One followed plan's readings due today (and any missed before), each a link to the reader. */
function PlanToday({ enrollment }: { enrollment: Enrollment }) {
  const readings = enrollment.today.flatMap((day) =>
    day.readings.map((reading, index) => ({ reading, isDone: day.done[index] === true, day })),
  );
  return (
    <li>
      <h3 className="text-sm font-semibold">{enrollment.plan.title}</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {readings.map(({ reading, isDone, day }, index) => (
          <li key={`${day.day}-${index}`}>
            <Link
              to={readingHref(reading)}
              aria-label={isDone ? `${reading.label} (read)` : undefined}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full border border-border px-3 py-1.5 text-sm hover:bg-muted',
                isDone ? 'text-muted-foreground' : 'font-medium',
              )}
            >
              {isDone ? (
                <CircleCheck className="size-4 text-primary" aria-hidden="true" />
              ) : (
                <BookOpen className="size-4 text-primary" aria-hidden="true" />
              )}
              {reading.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

function Invitation() {
  return (
    <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground">
        A few chapters a day, at your own pace: choose a reading plan, and each day&apos;s readings
        will wait for you here.
      </p>
      <Button asChild className="shrink-0">
        <Link to="/plans">
          <Library aria-hidden="true" />
          Pick a plan
        </Link>
      </Button>
    </div>
  );
}

/**
 * The member's 'Today' on the home page (decision 016): the readings due today in
 * the plans they follow, the verses due for review, and the current streak. Its own chunk,
 * drawn only once the app has started and the session says a member is signed in.
 */
export function TodayCard() {
  const plans = useMyPlans();
  const due = useMemoryDueCount();
  const streak = useStreak();
  const followed = (plans.data ?? []).filter((each) => each.status !== 'finished');
  const dueToday = followed.filter((each) => each.status === 'active' && each.today.length > 0);
  const dueCount = due.data?.count ?? 0;
  const isLoading = plans.isPending || due.isPending;
  const isEmpty = !isLoading && followed.length === 0 && dueCount === 0;
  const current = streak.data?.current;
  const streakText =
    current === undefined ? null : `Streak: ${current === 1 ? '1 day' : `${current} days`}`;

  return (
    <section aria-labelledby="today-title" className="mx-auto max-w-6xl px-4 pt-10 sm:px-6">
      <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="today-title" className="font-serif text-2xl font-semibold tracking-tight">
            Today
          </h2>
          {streakText ? (
            <Link
              to="/plans"
              aria-label={streak.data?.today_counted ? `${streakText}, today counted` : streakText}
              className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground hover:bg-secondary/80"
            >
              <Flame className="size-4" aria-hidden="true" />
              {streakText}
            </Link>
          ) : null}
        </div>
        <div className="mt-5">
          {isLoading ? (
            <div role="status" className="space-y-3">
              <span className="sr-only">Loading today&apos;s readings...</span>
              <div aria-hidden="true" className="h-5 w-40 animate-pulse rounded-full bg-muted" />
              <div aria-hidden="true" className="h-9 w-full animate-pulse rounded-xl bg-muted" />
            </div>
          ) : plans.isError ? (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <p>We couldn&apos;t load today&apos;s readings.</p>
              <Button variant="outline" size="sm" onClick={() => void plans.refetch()}>
                Try again
              </Button>
            </div>
          ) : isEmpty ? (
            <Invitation />
          ) : (
            <div className="space-y-5">
              {dueToday.length > 0 ? (
                <ul className="space-y-4">
                  {dueToday.map((enrollment) => (
                    <PlanToday key={enrollment.id} enrollment={enrollment} />
                  ))}
                </ul>
              ) : followed.length > 0 ? (
                <p className="text-muted-foreground">No readings are due today in your plans.</p>
              ) : null}
              <div className="flex flex-col gap-2 border-t border-border pt-4 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
                {dueCount > 0 ? (
                  <Link
                    to="/memorize"
                    className={cn(linkClass, 'inline-flex items-center gap-1.5')}
                  >
                    <Sparkles className="size-4" aria-hidden="true" />
                    {dueCount === 1 ? '1 verse to review' : `${dueCount} verses to review`}
                  </Link>
                ) : null}
                <Link to="/plans" className={cn(linkClass, 'inline-flex items-center gap-1.5')}>
                  Your plans
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
