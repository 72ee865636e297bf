import { useId, useState } from 'react';
import {
  modeNames,
  type PracticeAnswer,
  type PracticeProps,
} from '#client/features/memorize/lib/practice.ts';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { MemoryCard, ReviewRating } from '#shared/schemas/habits.ts';
import { BlanksPractice } from './blanks-practice.tsx';
import { GradeButtons } from './grade-buttons.tsx';
import { RecitePractice } from './recite-practice.tsx';
import { TypedPractice } from './typed-practice.tsx';

type ReviewCardProps = {
  card: MemoryCard;
  /** Its place in the session, from 1. */
  position: number;
  total: number;
  isSaving: boolean;
  /** Tells screen readers how a check went (the session's live region). */
  onAnnounce: (message: string) => void;
  onGrade: (rating: ReviewRating) => void;
};

function Practice(props: PracticeProps) {
  switch (props.card.mode) {
    case 'blanks':
      return <BlanksPractice {...props} />;
    case 'type':
      return <TypedPractice {...props} />;
    default:
      return <RecitePractice {...props} />;
  }
}

/** One verse of a review: its reference and translation, the practice in its mode, then grading. */
export function ReviewCard({
  card,
  position,
  total,
  isSaving,
  onAnnounce,
  onGrade,
}: ReviewCardProps) {
  const headingId = useId();
  const [startedAt] = useState(() => Date.now());
  const [answer, setAnswer] = useState<PracticeAnswer | null>(null);

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs sm:p-8"
    >
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="font-serif text-xl font-semibold text-primary sm:text-2xl">
          {displayReference(card.reference)}{' '}
          <span className="text-sm font-medium">({translationAbbreviation(card.translation)})</span>
        </h3>
        <p className="text-sm text-muted-foreground">
          Verse {position} of {total} · {modeNames[card.mode]}
        </p>
      </div>
      <Practice
        card={card}
        startedAt={startedAt}
        answer={answer}
        onAnswer={(next) => {
          setAnswer(next);
          onAnnounce(next.message);
        }}
      />
      {answer ? (
        <GradeButtons suggested={answer.suggested} isSaving={isSaving} onGrade={onGrade} />
      ) : null}
    </article>
  );
}
