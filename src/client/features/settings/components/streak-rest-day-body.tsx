import { useId, useState, type FormEvent } from 'react';
import { useStreak, useUpdateStreakSettings } from '#client/api/streak.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { cn } from '#client/lib/cn.ts';
import { weekdays, type Weekday } from '#shared/rules/settings.ts';
import { CardLoadError, CardSkeleton } from './card-states.tsx';

const none = 'none';

function RestDayForm({ saved }: { saved: Weekday | null }) {
  const id = useId();
  const [chosen, setChosen] = useState<Weekday | null>(saved);
  const update = useUpdateStreakSettings();
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ rest_day: chosen });
  }
  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="space-y-2 sm:w-56">
          <Label htmlFor={`${id}-day`}>Rest day</Label>
          <select
            id={`${id}-day`}
            value={chosen ?? none}
            onChange={(event) =>
              setChosen(event.target.value === none ? null : (event.target.value as Weekday))
            }
            aria-describedby={`${id}-hint`}
            className={cn(
              'flex h-11 w-full cursor-pointer rounded-xl border border-border bg-card px-3 text-base text-foreground shadow-xs transition-colors sm:text-sm',
              'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none',
            )}
          >
            <option value={none}>None</option>
            {weekdays.map((day) => (
              <option key={day} value={day}>
                {day.charAt(0).toUpperCase() + day.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <Button
          type="submit"
          disabled={chosen === saved}
          isBusy={update.isPending}
          className="w-full sm:w-auto"
        >
          Save rest day
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        A missed rest day keeps your streak going; reading on it still counts.
      </p>
    </form>
  );
}

/** The streak rest day card's inside, fetched once Settings is open. */
export function StreakRestDayBody() {
  const streak = useStreak();
  if (streak.isError) {
    return (
      <CardLoadError
        message="We couldn't load your rest day."
        onRetry={() => void streak.refetch()}
      />
    );
  }
  if (!streak.data) return <CardSkeleton label="Loading your rest day..." rows={1} />;
  return <RestDayForm key={streak.data.rest_day ?? none} saved={streak.data.rest_day} />;
}
