import { NotebookPen } from 'lucide-react';
import { Link } from 'react-router';
import { VerseContextButton } from '#client/components/verse-context-button.tsx';
import { readingFirstVerse, readingHref } from '#client/features/plans/lib/plan-text.ts';
import { useDeviceTranslation } from '#client/lib/translation-device.ts';
import type { PlanDay } from '#shared/schemas/plans.ts';

/** The element of a day in the list, focused when 'Show more days' has brought it. */
export function planDayElementId(day: number): string {
  return `plan-day-${day}`;
}

/** A plan's days as its page lists them: each day's readings, links to the reader. */
export function PlanDaysList({ days }: { days: PlanDay[] }) {
  const translation = useDeviceTranslation();
  return (
    <ol className="divide-y divide-border rounded-2xl border border-border bg-card text-card-foreground">
      {days.map((day) => (
        <li
          key={day.day}
          id={planDayElementId(day.day)}
          tabIndex={-1}
          className="flex flex-col gap-1 px-5 py-3 outline-offset-2 sm:flex-row sm:gap-4"
        >
          <span className="w-16 shrink-0 text-sm font-semibold text-muted-foreground sm:pt-0.5">
            Day {day.day}
          </span>
          <div className="min-w-0 space-y-1">
            <ul className="flex flex-wrap gap-x-3 gap-y-1">
              {day.readings.map((reading, index) => {
                const verse = readingFirstVerse(reading);
                return (
                  <li key={`${reading.label}-${index}`}>
                    <Link
                      to={readingHref(reading)}
                      state={verse === null ? undefined : { verse }}
                      className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {reading.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
            {day.focus ? (
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
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
              <p className="flex items-start gap-2 text-sm text-muted-foreground">
                <NotebookPen className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>
                  <span className="font-medium text-foreground">For your journal:</span>{' '}
                  {day.prompt}
                </span>
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
