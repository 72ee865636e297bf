import { useEffect, useId, useRef } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useMyTestimonies } from '../../../api/testimonies.ts';
import { DeleteTestimonyDialog } from './delete-testimony-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TestimonyCard } from './testimony-card.tsx';

/** product §4: a signed-in user sees all of their own testimonies, with the review status. */
export function MyTestimonies() {
  const id = useId();
  const mine = useMyTestimonies(true);
  const now = new Date(mine.dataUpdatedAt);

  // A deleted card leaves with the focused button in it: move the focus on to the next card's
  // Delete (else the one before) or, when none is left and this list goes, to the form above,
  // instead of dropping it on the page.
  const listRef = useRef<HTMLUListElement>(null);
  const deleted = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    const done = deleted.current;
    if (!done || !mine.data || mine.data.some((item) => item.id === done.id)) return;
    deleted.current = null;
    const buttons = [
      ...(listRef.current?.querySelectorAll<HTMLElement>('[data-delete-testimony]') ?? []),
    ];
    const target =
      buttons[done.index] ??
      buttons.at(-1) ??
      document.querySelector<HTMLElement>('main form textarea');
    target?.focus();
  }, [mine.data]);

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
        <ul ref={listRef} aria-labelledby={`${id}-title`} className="space-y-4">
          {mine.data.map((testimony, index) => (
            <li key={testimony.id}>
              <TestimonyCard
                testimony={testimony}
                now={now}
                aside={
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge status={testimony.status} />
                    <DeleteTestimonyDialog
                      testimony={testimony}
                      onDeleting={() => {
                        deleted.current = { id: testimony.id, index };
                      }}
                    />
                  </div>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
