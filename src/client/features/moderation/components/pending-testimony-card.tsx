import { format } from 'date-fns';
import { Check, X } from 'lucide-react';
import type { ReviewDecision } from '#client/api/moderation.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { OwnTestimony } from '#shared/schemas/testimonies.ts';

type PendingTestimonyCardProps = {
  testimony: OwnTestimony;
  /** The decision being sent for this card, if any. */
  pending: ReviewDecision | null;
  onReview: (decision: ReviewDecision) => void;
};

/** One testimony in the review queue, as plain text, with Approve and Decline. */
export function PendingTestimonyCard({ testimony, pending, onReview }: PendingTestimonyCardProps) {
  const { feeling, god_reminded, author_name, is_anonymous, created_at } = testimony;
  const author = !is_anonymous && author_name ? author_name : 'Anonymous';
  const submitted = new Date(created_at);
  return (
    <article
      aria-label={`Testimony by ${author}`}
      className="rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs sm:p-6"
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-medium break-words">{author}</span>
        <span aria-hidden="true" className="text-muted-foreground">
          ·
        </span>
        <span className="text-muted-foreground">
          Submitted{' '}
          <time dateTime={created_at}>
            {Number.isNaN(submitted.getTime())
              ? created_at
              : format(submitted, 'MMM d, yyyy h:mm a')}
          </time>
        </span>
      </p>
      <dl className="mt-4 space-y-4">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            How they were feeling
          </dt>
          <dd className="mt-1 leading-relaxed break-words whitespace-pre-wrap">{feeling}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-primary uppercase">
            What God reminded them of
          </dt>
          <dd className="mt-1 leading-relaxed break-words whitespace-pre-wrap">{god_reminded}</dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          disabled={pending !== null}
          onClick={() => onReview('decline')}
          className="hover:bg-destructive/10 hover:text-destructive"
        >
          {pending === 'decline' ? (
            <Spinner className="size-4 text-current" />
          ) : (
            <X aria-hidden="true" />
          )}
          Decline
        </Button>
        <Button disabled={pending !== null} onClick={() => onReview('approve')}>
          {pending === 'approve' ? (
            <Spinner className="size-4 text-current" />
          ) : (
            <Check aria-hidden="true" />
          )}
          Approve
        </Button>
      </div>
    </article>
  );
}
