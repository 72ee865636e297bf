import { CalendarPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useFollowPlan } from '#client/api/plans.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { todayOnDevice } from '#client/features/plans/lib/plan-text.ts';
import { addDays } from '#shared/plans/schedule.ts';
import type { PlanSummary } from '#shared/schemas/plans.ts';

/** A plan may start up to a year before or after today (the server says so otherwise). */
const startDateReach = 366;

/** Where /plans is told which plan was just started (its card takes the focus). */
export type PlansLocationState = { startedId?: string } | null;

/**
 * 'Start this plan' from a date (today unless another is chosen). Once started, back to /plans,
 * where the plan is first among one's plans with today's readings.
 */
export function StartPlanForm({ plan }: { plan: PlanSummary }) {
  const id = useId();
  const navigate = useNavigate();
  const follow = useFollowPlan();
  const [today] = useState(todayOnDevice);
  const [startDate, setStartDate] = useState(today);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (follow.isPending) return;
    // Today is left to the server, which knows the person's own time zone.
    const body =
      startDate && startDate !== today
        ? { plan_id: plan.id, start_date: startDate }
        : { plan_id: plan.id };
    follow.mutate(body, {
      onSuccess: (enrollment) => {
        const state: PlansLocationState = { startedId: enrollment.id };
        void navigate('/plans', { state });
      },
    });
  }

  const button = (
    <Button
      type="submit"
      icon={<CalendarPlus aria-hidden="true" />}
      isBusy={follow.isPending}
      busyLabel="Starting..."
    >
      Start this plan
    </Button>
  );

  // A plan read at one's own pace has no dates: it starts today and nothing is ever missed.
  if (plan.self_paced) {
    return (
      <form onSubmit={onSubmit} aria-label={`Start ${plan.title}`}>
        {button}
        <p className="mt-3 text-sm text-muted-foreground">
          Read at your own pace: there are no dates, so no day is ever missed. Each chapter you read
          moves you on.
        </p>
      </form>
    );
  }

  return (
    <form onSubmit={onSubmit} aria-label={`Start ${plan.title}`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="space-y-2 sm:w-56">
          <Label htmlFor={`${id}-start`}>Start date</Label>
          <Input
            id={`${id}-start`}
            type="date"
            value={startDate}
            min={addDays(today, -startDateReach)}
            max={addDays(today, startDateReach)}
            onChange={(event) => setStartDate(event.target.value)}
            aria-describedby={`${id}-hint`}
          />
        </div>
        {button}
      </div>
      <p id={`${id}-hint`} className="mt-3 text-sm text-muted-foreground">
        Start today, or choose another day. Days before today count as missed, and you can catch up
        on them.
      </p>
    </form>
  );
}
