import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { useMyTestimonies } from '#client/api/testimonies.ts';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PagedList } from '#client/components/paged-list.tsx';
import { loadedItems } from '#client/lib/pages.ts';
import { DeleteTestimonyDialog } from './delete-testimony-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TestimonyCard } from './testimony-card.tsx';

type FocusAfterDelete = { deletedId: string; nextId: string | null };

/**
 * product §4: a signed-in user sees all of their own testimonies, with the review status, a page
 * at a time (decision 012).
 */
export function MyTestimonies() {
  const id = useId();
  const mine = useMyTestimonies(true);
  const now = new Date(mine.dataUpdatedAt);
  const items = useMemo(() => loadedItems(mine.data), [mine.data]);
  const { fetchNextPage, isFetchingNextPage } = mine;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, isFetchingNextPage]);

  // A deleted card leaves with the focused button in it: move the focus on to the next card's
  // Delete (else the one before) or, when none is left and this list goes, to the form above,
  // instead of dropping it on the page.
  const listRef = useRef<HTMLDivElement>(null);
  const deleted = useRef<FocusAfterDelete | null>(null);
  useEffect(() => {
    const done = deleted.current;
    if (!done || items.some((item) => item.id === done.deletedId)) return;
    deleted.current = null;
    const next = done.nextId
      ? listRef.current?.querySelector<HTMLElement>(
          `[data-delete-testimony="${CSS.escape(done.nextId)}"]`,
        )
      : null;
    (next ?? document.querySelector<HTMLElement>('main form textarea'))?.focus();
  }, [items]);

  if (mine.data && items.length === 0 && !mine.hasNextPage) return null;

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
        <div ref={listRef}>
          <PagedList
            items={items}
            getKey={(testimony) => testimony.id}
            estimateSize={260}
            gap={16}
            hasMore={mine.hasNextPage}
            isLoadingMore={isFetchingNextPage}
            onLoadMore={loadMore}
            loadMoreLabel="Load more of your testimonies"
            listLabel="Your testimonies"
            renderItem={(testimony, index) => (
              <TestimonyCard
                testimony={testimony}
                now={now}
                aside={
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge status={testimony.status} />
                    <DeleteTestimonyDialog
                      testimony={testimony}
                      onDeleting={() => {
                        const next = items[index + 1] ?? items[index - 1];
                        deleted.current = { deletedId: testimony.id, nextId: next?.id ?? null };
                      }}
                    />
                  </div>
                }
              />
            )}
          />
        </div>
      )}
    </section>
  );
}
