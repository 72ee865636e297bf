import { Check, ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { useMyPlans } from '#client/api/plans.ts';
import { readerPath } from '#client/features/bible/lib/reader-url.ts';
import type { ReadingQueueState } from '#client/features/bible/lib/use-reader-read-aloud.ts';
import type { Enrollment, PlanReading } from '#shared/schemas/plans.ts';

type Reading = {
  key: string;
  reading: PlanReading;
  isDone: boolean;
  /** The day's readings not yet read after this one: read-aloud goes on through them. */
  after: PlanReading[];
};

/** The readings due (and missed) in a followed plan, in order. */
function readingsOf(enrollment: Enrollment): Reading[] {
  const all = enrollment.today.flatMap((day) =>
    day.readings.map((reading, index) => ({
      key: `${day.day}-${index}`,
      reading,
      isDone: day.done[index] === true,
    })),
  );
  return all.map((item, index) => ({
    ...item,
    after: all
      .slice(index + 1)
      .filter((later) => !later.isDone)
      .map((later) => later.reading),
  }));
}

function ReadingItem({ reading, isDone, after }: Omit<Reading, 'key'>) {
  if (isDone) {
    return (
      <span className="inline-flex items-center gap-1 text-muted-foreground">
        <Check className="size-4 text-primary" aria-hidden="true" />
        <span className="line-through">{reading.label}</span>
        <span className="sr-only">, read</span>
      </span>
    );
  }
  const first = Number.parseInt(reading.verses ?? '', 10);
  return (
    <Link
      to={readerPath({ bookIndex: reading.book_index, chapter: reading.chapter })}
      state={
        {
          ...(first > 0 ? { verse: first } : {}),
          readingQueue: after.map((next) => ({
            bookIndex: next.book_index,
            chapter: next.chapter,
          })),
        } satisfies ReadingQueueState & { verse?: number }
      }
      className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {reading.label}
    </Link>
  );
}

/**
 * A member's readings for today from the plans they follow, each a link to
 * its chapter, ticked once read (reading a chapter here ticks it on the server, and the
 * progress save asks for the plans again). Nothing when no plan has readings today.
 */
export function TodaysReadings() {
  const plans = useMyPlans();
  const active = (plans.data ?? [])
    .filter((enrollment) => enrollment.status === 'active')
    .map((enrollment) => ({ enrollment, readings: readingsOf(enrollment) }))
    .filter(({ readings }) => readings.length > 0);
  if (active.length === 0) return null;
  const all = active.flatMap(({ readings }) => readings);
  const read = all.filter((item) => item.isDone).length;

  return (
    <section aria-label="Today's readings" className="rounded-2xl border border-border bg-card">
      <details open className="group">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 text-sm [&::-webkit-details-marker]:hidden">
          <span>
            <span className="font-semibold">Today&apos;s readings</span>
            <span className="text-muted-foreground">
              {' '}
              · {read === all.length ? 'all read, well done' : `${read} of ${all.length} read`}
            </span>
          </span>
          <ChevronDown
            className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
            aria-hidden="true"
          />
        </summary>
        <div className="space-y-3 border-t border-border px-4 py-3 text-sm">
          {active.map(({ enrollment, readings }) => (
            <div key={enrollment.id}>
              <Link
                to="/plans"
                className="rounded-sm text-xs font-medium tracking-wide text-muted-foreground uppercase underline-offset-4 hover:underline"
              >
                {enrollment.plan.title}
              </Link>
              <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {readings.map(({ key, ...item }) => (
                  <li key={key}>
                    <ReadingItem {...item} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </details>
    </section>
  );
}
