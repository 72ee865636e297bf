import { Check, NotebookPen } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useMarkPlanDay } from '#client/api/plans.ts';
import { Button } from '#client/components/ui/button.tsx';
import { VerseContextButton } from '#client/components/verse-context-button.tsx';
import {
  calendarDay,
  readingFirstVerse,
  readingHref,
} from '#client/features/plans/lib/plan-text.ts';
import { cn } from '#client/lib/cn.ts';
import { useDeviceTranslation } from '#client/lib/translation-device.ts';
import type { FollowedDay } from '#shared/schemas/plans.ts';

type DayReadingsProps = {
  enrollmentId: string;
  day: FollowedDay;
  /** The device's date today (YYYY-MM-DD): an earlier day is one missed. */
  today: string;
};

function whenDue(date: string, today: string): string {
  if (date === today) return 'Today';
  return date < today ? `Missed · ${calendarDay(date, 'MMM d')}` : calendarDay(date, 'MMM d');
}

/**
 * One day of a followed plan: its readings, each a link to the reader and a checkbox to tick it
 * by hand (reading the chapter in the reader ticks it too), and whether the day is done.
 */
export function DayReadings({ enrollmentId, day, today }: DayReadingsProps) {
  const id = useId();
  const mark = useMarkPlanDay();
  const translation = useDeviceTranslation();
  const tick = (done: boolean, readings?: number[]) =>
    mark.mutate({ enrollmentId, day: day.day, done, ...(readings ? { readings } : {}) });

  return (
    <div className="rounded-xl border border-border bg-background/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-day`} className="text-sm font-semibold">
          Day {day.day}
          <span className="font-normal text-muted-foreground"> · {whenDue(day.date, today)}</span>
        </h4>
        {day.complete ? (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">
            <Check className="size-3.5" aria-hidden="true" />
            Day {day.day} done
          </p>
        ) : (
          <Button variant="ghost" size="sm" className="-my-1 h-8 px-3" onClick={() => tick(true)}>
            <Check aria-hidden="true" />
            Mark day {day.day} done
          </Button>
        )}
      </div>
      <ul aria-labelledby={`${id}-day`} className="mt-3 space-y-2">
        {day.readings.map((reading, index) => {
          const isDone = day.done[index] === true;
          const verse = readingFirstVerse(reading);
          return (
            <li key={`${reading.label}-${index}`} className="flex items-center gap-3">
              <input
                type="checkbox"
                checked={isDone}
                onChange={(event) => tick(event.target.checked, [index])}
                aria-label={`${reading.label} done`}
                className="size-5 shrink-0 cursor-pointer accent-primary"
              />
              <Link
                to={readingHref(reading)}
                state={verse === null ? undefined : { verse }}
                className={cn(
                  'rounded-sm font-medium text-primary underline-offset-4 hover:underline',
                  isDone && 'text-muted-foreground line-through',
                )}
              >
                {reading.label}
              </Link>
            </li>
          );
        })}
      </ul>
      {day.focus || day.prompt ? (
        <div className="mt-3 space-y-1 border-t border-border pt-3 text-sm">
          {day.focus ? (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span>
                <span className="font-medium">Verse for the day:</span> {day.focus}
              </span>
              <VerseContextButton
                reference={day.focus}
                translation={translation}
                size="sm"
                className="-my-1 h-8 px-3"
              />
            </p>
          ) : null}
          {day.prompt ? (
            <p className="flex items-start gap-2 text-muted-foreground">
              <NotebookPen className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <span className="font-medium text-foreground">For your journal:</span> {day.prompt}
              </span>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
