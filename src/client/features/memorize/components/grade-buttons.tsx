import { useEffect, useId, useRef } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ratingNames } from '#client/features/memorize/lib/grading.ts';
import { reviewRatings, type ReviewRating } from '#shared/rules/habits.ts';

type GradeButtonsProps = {
  /** The grade the check suggests (blanks and typing); null where the person grades themselves. */
  suggested: ReviewRating | null;
  isSaving: boolean;
  onGrade: (rating: ReviewRating) => void;
};

const hints: Record<ReviewRating, string> = {
  1: 'I did not remember it',
  2: 'With effort',
  3: 'I remembered it',
  4: 'Without a pause',
};

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * Again, Hard, Good, Easy: the suggested one stands out (and says so in words), the person may
 * choose any. Keys 1 to 4 grade too. The suggested grade has the focus, else the group's title.
 */
export function GradeButtons({ suggested, isSaving, onGrade }: GradeButtonsProps) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const suggestedRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    (suggestedRef.current ?? titleRef.current)?.focus();
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const rating = reviewRatings.find((value) => String(value) === event.key);
      if (rating === undefined || isSaving) return;
      event.preventDefault();
      onGrade(rating);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isSaving, onGrade]);

  return (
    <div role="group" aria-labelledby={titleId} className="mt-6 border-t border-border pt-5">
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className="font-semibold outline-none">
        How did it go?
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {suggested === null
          ? 'Grade yourself honestly: it sets when you see this verse again. Keys 1 to 4 work too.'
          : `Suggested from your answer: ${ratingNames[suggested]}. Keep it or choose another (keys 1 to 4).`}
      </p>
      <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {reviewRatings.map((rating) => {
          const isSuggested = rating === suggested;
          return (
            <Button
              key={rating}
              ref={isSuggested ? suggestedRef : undefined}
              variant={isSuggested ? 'primary' : 'outline'}
              aria-keyshortcuts={String(rating)}
              disabled={isSaving}
              onClick={() => onGrade(rating)}
              className="h-auto flex-col gap-0.5 rounded-2xl px-3 py-2.5 whitespace-normal"
            >
              <span className="font-semibold">{ratingNames[rating]}</span>
              <span
                className={`text-xs ${isSuggested ? 'text-primary-foreground/90' : 'text-muted-foreground'}`}
              >
                {isSuggested ? 'Suggested' : hints[rating]}
              </span>
            </Button>
          );
        })}
      </div>
    </div>
  );
}
