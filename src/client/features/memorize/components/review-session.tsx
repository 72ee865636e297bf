import { PartyPopper, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useDueCards, useMemoryDueCount, useReviewMemoryCard } from '#client/api/memory-cards.ts';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { relativeDue } from '#client/features/memorize/lib/due-date.ts';
import { ratingNames } from '#client/features/memorize/lib/grading.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { ReviewRating } from '#shared/schemas/habits.ts';
import { ReviewCard } from './review-card.tsx';

function verses(count: number): string {
  return `${count} verse${count === 1 ? '' : 's'}`;
}

/** The end of a session: how many were reviewed and what is still due. */
function ReviewDone({ reviewed, onClose }: { reviewed: number; onClose: () => void }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dueCount = useMemoryDueCount().data?.count ?? 0;
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-center rounded-2xl border border-border bg-card px-6 py-12 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <PartyPopper className="size-7" aria-hidden="true" />
      </span>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 font-serif text-2xl font-semibold tracking-tight outline-none"
      >
        Review done
      </h2>
      <p className="mt-2 text-muted-foreground">
        {reviewed === 0
          ? 'There was nothing to review right now.'
          : `You reviewed ${verses(reviewed)}.`}{' '}
        {dueCount > 0 ? `${verses(dueCount)} still due.` : 'Nothing else is due right now.'}
      </p>
      <Button className="mt-8" onClick={onClose}>
        Back to your verses
      </Button>
    </section>
  );
}

/**
 * A review: the verses due now (the server's batch, soonest first), one at a time, each graded
 * before the next; then 'Review done'. A live region tells screen readers which verse is up and
 * how each check went.
 */
export function ReviewSession({ onClose }: { onClose: () => void }) {
  const due = useDueCards();
  const review = useReviewMemoryCard();
  const [index, setIndex] = useState(0);
  const [reviewed, setReviewed] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  /** The verse just graded and when it comes back, shown above the next. */
  const [lastGraded, setLastGraded] = useState('');
  const cards = due.data?.items;
  const card = cards?.[index];

  /** Which verse is up, until a check or the next verse has more to say. */
  function verseUp(at: number): string {
    const next = cards?.[at];
    return next && cards
      ? `Verse ${at + 1} of ${cards.length}: ${displayReference(next.reference)}.`
      : '';
  }

  function grade(rating: ReviewRating) {
    if (!card || review.isPending) return;
    review.mutate(
      { card, rating, mode: card.mode },
      {
        onSuccess: ({ card: graded }) => {
          const done = reviewed + 1;
          const back = `${ratingNames[rating]}: ${displayReference(graded.reference)} comes back ${relativeDue(graded.due, new Date())}.`;
          setReviewed(done);
          setIndex(index + 1);
          setLastGraded(back);
          setAnnouncement(
            `${back} ${verseUp(index + 1) || `Review done. You reviewed ${verses(done)}.`}`,
          );
        },
      },
    );
  }

  let body;
  if (due.isPending) body = <LoadingState label="Loading your review..." />;
  else if (!cards)
    body = (
      <LoadError
        message="We couldn't load your review."
        isRetrying={due.isFetching}
        onRetry={() => void due.refetch()}
      />
    );
  else if (!card) body = <ReviewDone reviewed={reviewed} onClose={onClose} />;
  else
    body = (
      <ReviewCard
        key={card.id}
        card={card}
        position={index + 1}
        total={cards.length}
        isSaving={review.isPending}
        onAnnounce={setAnnouncement}
        onGrade={grade}
      />
    );

  return (
    <section aria-label="Review" className="space-y-4">
      <p role="status" className="sr-only">
        {announcement || verseUp(index)}
      </p>
      {card ? (
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-serif text-2xl font-semibold">Review</h2>
          <Button variant="ghost" size="sm" onClick={onClose}>
            <X aria-hidden="true" />
            End review
          </Button>
        </div>
      ) : null}
      {card && lastGraded ? <p className="text-sm text-muted-foreground">{lastGraded}</p> : null}
      {body}
    </section>
  );
}
