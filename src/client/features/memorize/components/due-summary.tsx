import { Brain, Play } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { relativeDue } from '#client/features/memorize/lib/due-date.ts';

type DueSummaryProps = {
  /** Verses due now; undefined while the count loads. */
  dueCount: number | undefined;
  /** The soonest next review among the verses listed, when none is due. */
  nextDue: string | null;
  /** Whether the person is learning any verse at all. */
  hasCards: boolean;
  onStart: () => void;
  /** Take the focus (back from a review). */
  hasFocus: boolean;
};

/** How many verses are due now and 'Start review', or when the next review is. */
export function DueSummary({ dueCount, nextDue, hasCards, onStart, hasFocus }: DueSummaryProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hasFocus) headingRef.current?.focus();
  }, [hasFocus]);
  const count = dueCount ?? 0;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-gradient-to-br from-hero-from to-hero-to p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex gap-3.5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-card text-primary shadow-xs">
          <Brain className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="font-serif text-lg font-semibold outline-none"
          >
            {dueCount === undefined
              ? 'Verses due'
              : count > 0
                ? `${count} verse${count === 1 ? '' : 's'} due for review`
                : 'Nothing to review right now'}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {dueCount === undefined
              ? 'Counting…'
              : count > 0
                ? 'A few minutes now keeps them for good.'
                : nextDue
                  ? `Next review ${relativeDue(nextDue, new Date())}.`
                  : hasCards
                    ? 'Come back later for the next review.'
                    : 'Add a verse to start learning it by heart.'}
          </p>
        </div>
      </div>
      {count > 0 ? (
        <Button size="lg" onClick={onStart} className="self-start sm:self-auto">
          <Play aria-hidden="true" />
          Start review
        </Button>
      ) : null}
    </section>
  );
}
