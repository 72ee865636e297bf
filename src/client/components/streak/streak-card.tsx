import { CircleCheck, CircleDashed, Flame, Moon, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useStreak } from '#client/api/streak.ts';
import { LoadError } from '#client/components/load-error.tsx';
import type { StreakResponse } from '#shared/schemas/habits.ts';
import { StreakCalendar } from './streak-calendar-view.tsx';
import { dayCount, weekdayName, weekdayOf } from './streak-calendar.ts';

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="rounded-xl bg-muted/60 p-4">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <span className="text-primary">{icon}</span>
        {label}
      </dt>
      <dd className="mt-1 font-serif text-2xl font-semibold">{value}</dd>
    </div>
  );
}

/** Whether today counts yet, and what would make it count. */
function TodayLine({ streak }: { streak: StreakResponse }) {
  if (streak.today_counted) {
    return (
      <p className="flex items-start gap-2 text-sm">
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          <span className="font-medium">Today counts.</span> Well done, and see you tomorrow.
        </span>
      </p>
    );
  }
  const isRestDay = streak.rest_day !== null && weekdayOf(streak.today) === streak.rest_day;
  return (
    <p className="flex items-start gap-2 text-sm">
      <CircleDashed className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        <span className="font-medium">
          {isRestDay ? 'Today is your rest day.' : 'Today does not count yet.'}
        </span>{' '}
        {isRestDay
          ? 'Your streak is safe; reading still counts if you would like to.'
          : 'Read a chapter, finish a plan day, review verses or write in your journal.'}
      </span>
    </p>
  );
}

function RestDayLine({ restDay }: { restDay: StreakResponse['rest_day'] }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <Moon className="size-4 shrink-0" aria-hidden="true" />
      <span>
        {restDay
          ? `Rest day: ${weekdayName(restDay)}. It never breaks your streak.`
          : 'No rest day.'}
      </span>
      <Link
        to="/settings#streak-rest-day"
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {restDay ? 'Change it in Settings' : 'Choose one in Settings'}
      </Link>
    </p>
  );
}

function StreakSkeleton() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading your streak...</span>
      <div aria-hidden="true" className="grid grid-cols-2 gap-3">
        <div className="h-18 animate-pulse rounded-xl bg-muted" />
        <div className="h-18 animate-pulse rounded-xl bg-muted" />
      </div>
      <div aria-hidden="true" className="h-40 animate-pulse rounded-xl bg-muted" />
    </div>
  );
}

/**
 * The member's current and longest streak, whether today counts, the rest day,
 * and the calendar of the last 12 months (with a table of the same days for screen readers).
 */
export function StreakCard() {
  const streak = useStreak();
  return (
    <section
      aria-labelledby="streak-title"
      className="rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-xs sm:p-8"
    >
      <h2 id="streak-title" className="font-serif text-xl font-semibold tracking-tight">
        Your streak
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A day counts when you read a chapter, finish a plan day, review verses or write in your
        journal.
      </p>
      <div className="mt-6">
        {streak.isError ? (
          <LoadError
            message="We couldn't load your streak."
            isRetrying={streak.isFetching}
            onRetry={() => void streak.refetch()}
          />
        ) : streak.data ? (
          <div className="space-y-6">
            <dl className="grid grid-cols-2 gap-3">
              <Stat
                icon={<Flame className="size-5" aria-hidden="true" />}
                label="Current streak"
                value={dayCount(streak.data.current)}
              />
              <Stat
                icon={<Trophy className="size-5" aria-hidden="true" />}
                label="Longest streak"
                value={dayCount(streak.data.longest)}
              />
            </dl>
            <div className="space-y-2">
              <TodayLine streak={streak.data} />
              <RestDayLine restDay={streak.data.rest_day} />
            </div>
            <div>
              <h3 className="mb-3 text-sm font-semibold">The last 12 months</h3>
              <StreakCalendar today={streak.data.today} days={streak.data.days} />
            </div>
          </div>
        ) : (
          <StreakSkeleton />
        )}
      </div>
    </section>
  );
}
