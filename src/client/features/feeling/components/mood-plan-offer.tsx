import { ArrowRight, CalendarHeart } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { preloadMoodPlan } from '#client/features/feeling/lib/use-mood-plan.ts';
import type { Mood } from '#shared/mood/moods.ts';

type MoodPlanOfferProps = {
  mood: Mood;
  onMake: () => void;
  isMaking: boolean;
  /** A plan for this mood has just been made: where to find it takes the button's place. */
  isMade: boolean;
};

/** A week of passages for the feeling, one tap away, under the verse. */
export function MoodPlanOffer({ mood, onMake, isMaking, isMade }: MoodPlanOfferProps) {
  const id = useId();
  const linkRef = useRef<HTMLAnchorElement>(null);
  useEffect(preloadMoodPlan, []);
  // The button goes once the plan is made: the focus goes to the link that replaces it.
  useEffect(() => {
    if (isMade && linkRef.current && document.activeElement === document.body) {
      linkRef.current.focus();
    }
  }, [isMade]);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 flex flex-col gap-4 rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex gap-3.5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
          <CalendarHeart className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id={`${id}-title`} className="font-serif text-lg font-semibold">
            A week with Scripture
          </h2>
          <p className="mt-1 max-w-prose text-sm text-muted-foreground">
            {isMade
              ? 'Your 7-day plan is ready. Day 1 is waiting for you in Reading Plans.'
              : `Seven days of short passages chosen for when you feel ${mood}, each with a question to carry into your journal.`}
          </p>
        </div>
      </div>
      {isMade ? (
        <Button asChild variant="outline" className="shrink-0">
          <Link ref={linkRef} to="/plans">
            See my plans
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      ) : (
        <Button
          className="shrink-0"
          icon={<CalendarHeart aria-hidden="true" />}
          isBusy={isMaking}
          busyLabel="Making your plan..."
          onClick={onMake}
        >
          Make me a 7-day plan
        </Button>
      )}
    </section>
  );
}
