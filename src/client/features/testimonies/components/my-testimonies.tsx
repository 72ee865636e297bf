import { useId } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useMyTestimonies } from '../api/get-my-testimonies.ts';
import { StatusBadge } from './status-badge.tsx';
import { TestimonyCard } from './testimony-card.tsx';

/** spec §4: a signed-in user sees all of their own testimonies, with the review status. */
export function MyTestimonies() {
  const id = useId();
  const mine = useMyTestimonies(true);
  const now = new Date(mine.dataUpdatedAt);

  if (mine.data?.length === 0) return null;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold tracking-tight">
          Your testimonies
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Only you can see this list. Approved testimonies also appear in the community list.
        </p>
      </div>
      {mine.isPending ? (
        <LoadingState label="Loading your testimonies..." />
      ) : mine.data === undefined ? (
        <LoadError
          message="We couldn't load your testimonies."
          isRetrying={mine.isFetching}
          onRetry={() => void mine.refetch()}
        />
      ) : (
        <ul aria-labelledby={`${id}-title`} className="space-y-4">
          {mine.data.map((testimony) => (
            <li key={testimony.id}>
              <TestimonyCard
                testimony={testimony}
                now={now}
                aside={<StatusBadge status={testimony.status} />}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
