import { CalendarClock, LogOut, Pause, Play } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCatchUpPlan, usePausePlan, useResumePlan } from '#client/api/plans.ts';
import { Button } from '#client/components/ui/button.tsx';
import { calendarDay, dayCount, planHref } from '#client/features/plans/lib/plan-text.ts';
import { formatCount } from '#client/lib/format-count.ts';
import type { Enrollment } from '#shared/schemas/plans.ts';
import { DayReadings } from './day-readings.tsx';
import { LeavePlanDialog } from './leave-plan-dialog.tsx';

type FollowedPlanCardProps = {
  enrollment: Enrollment;
  /** The device's date today (YYYY-MM-DD). */
  today: string;
  /** Just started from the plan's page: its title takes the focus, so it is announced. */
  hasFocus?: boolean;
  /** The plan was left and its card is gone. */
  onLeft: () => void;
};

/** Where the person is in the plan: 'Day 12 of 365', 'Starts Dec 1, 2026', 'Paused since …'. */
function whereLine({ status, plan, start_date, paused_on, today: due }: Enrollment, today: string) {
  if (status === 'finished') return `Finished · all ${dayCount(plan.days)} read`;
  if (start_date > today) return `Starts ${calendarDay(start_date)}`;
  if (status === 'paused' && paused_on) return `Paused since ${calendarDay(paused_on)}`;
  const current = due.filter((day) => day.date >= today).at(-1) ?? due.at(-1);
  if (!current) return `${dayCount(plan.days)} in all`;
  const where = `Day ${formatCount(current.day)} of ${formatCount(plan.days)}`;
  // A plan read at one's own pace has no dates: its next day waits for the person.
  return plan.self_paced ? `${where} · at your own pace` : where;
}

function ProgressBar({ enrollment }: { enrollment: Enrollment }) {
  const { days_done, plan } = enrollment;
  const percent = plan.days > 0 ? Math.round((days_done / plan.days) * 100) : 0;
  const text = `${days_done} of ${dayCount(plan.days)} done`;
  return (
    <div className="mt-3">
      <div
        role="progressbar"
        aria-label={`${plan.title}: days done`}
        aria-valuemin={0}
        aria-valuemax={plan.days}
        aria-valuenow={days_done}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
      <p aria-hidden="true" className="mt-1.5 text-xs text-muted-foreground">
        {text}
      </p>
    </div>
  );
}

function CatchUp({ enrollment, today }: { enrollment: Enrollment; today: string }) {
  const id = useId();
  const catchUp = useCatchUpPlan();
  const behind = enrollment.days_behind;
  const explanation =
    enrollment.end_date >= today
      ? `Catch up spreads the missed days evenly over the days left, one day today, so you still finish on ${calendarDay(enrollment.end_date)}.`
      : 'Catch up spreads the missed days over the days ahead, at most two a day.';
  return (
    <div className="mt-4 flex flex-col gap-3 rounded-xl bg-secondary/60 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p id={id} className="text-sm">
        <span className="font-semibold">{dayCount(behind)} behind.</span> {explanation}
      </p>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0"
        aria-describedby={id}
        icon={<CalendarClock aria-hidden="true" />}
        isBusy={catchUp.isPending}
        onClick={() => catchUp.mutate(enrollment.id)}
      >
        Catch up
      </Button>
    </div>
  );
}

/** A plan one follows: where one is, today's readings to read or tick, and what can be done. */
export function FollowedPlanCard({
  enrollment,
  today,
  hasFocus = false,
  onLeft,
}: FollowedPlanCardProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pause = usePausePlan();
  const resume = useResumePlan();
  const [isLeaving, setIsLeaving] = useState(false);
  const { plan, status } = enrollment;
  const isActive = status === 'active';

  useEffect(() => {
    if (hasFocus) headingRef.current?.focus();
  }, [hasFocus]);

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs sm:p-6"
    >
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="outline-none">
        <Link
          to={planHref(plan.id)}
          className="rounded-sm font-serif text-xl font-semibold tracking-tight underline-offset-4 hover:underline"
        >
          {plan.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm font-medium text-primary">{whereLine(enrollment, today)}</p>
      <ProgressBar enrollment={enrollment} />

      {isActive && enrollment.days_behind > 0 ? (
        <CatchUp enrollment={enrollment} today={today} />
      ) : null}

      {isActive && enrollment.today.length > 0 ? (
        <section aria-labelledby={`${id}-today`} className="mt-5">
          <h4 id={`${id}-today`} className="sr-only">
            Today&apos;s readings in {plan.title}
          </h4>
          <div className="space-y-3">
            {enrollment.today.map((day) => (
              <DayReadings key={day.day} enrollmentId={enrollment.id} day={day} today={today} />
            ))}
          </div>
        </section>
      ) : null}
      {status === 'paused' ? (
        <p className="mt-4 text-sm text-muted-foreground">
          This plan is resting. Your readings will wait for you, and no day counts as missed while
          it is paused.
        </p>
      ) : null}
      {isActive && enrollment.today.length === 0 && enrollment.start_date > today ? (
        <p className="mt-4 text-sm text-muted-foreground">
          Your first readings will be here on {calendarDay(enrollment.start_date)}.
        </p>
      ) : null}

      <div className="mt-5 flex flex-wrap gap-2 border-t border-border pt-4">
        {isActive ? (
          <Button
            variant="ghost"
            size="sm"
            icon={<Pause aria-hidden="true" />}
            isBusy={pause.isPending}
            onClick={() => pause.mutate(enrollment.id)}
          >
            Pause
            <span className="sr-only"> {plan.title}</span>
          </Button>
        ) : null}
        {status === 'paused' ? (
          <Button
            variant="ghost"
            size="sm"
            icon={<Play aria-hidden="true" />}
            isBusy={resume.isPending}
            onClick={() => resume.mutate(enrollment.id)}
          >
            Resume
            <span className="sr-only"> {plan.title}</span>
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
          icon={<LogOut aria-hidden="true" />}
          onClick={() => setIsLeaving(true)}
        >
          {status === 'finished' ? 'Remove' : 'Leave'}
          <span className="sr-only"> {plan.title}</span>
        </Button>
      </div>
      <LeavePlanDialog
        enrollment={enrollment}
        isOpen={isLeaving}
        onOpenChange={setIsLeaving}
        onLeft={onLeft}
      />
    </article>
  );
}
