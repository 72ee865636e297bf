import { HeartHandshake } from 'lucide-react';
import { useCallback, useId, useMemo } from 'react';
import { usePublicTestimonies } from '#client/api/testimonies.ts';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PagedList } from '#client/components/paged-list.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { loadedItems } from '#client/lib/pages.ts';
import { useScrollBox } from '#client/lib/use-scroll-box.ts';
import { TestimonyCard } from './testimony-card.tsx';

function focusForm() {
  document.querySelector<HTMLTextAreaElement>('form textarea')?.focus();
}

/** Cards drawn before the scroll box exists: more than its 600 px show on the widest screen. */
const firstDrawnCards = 4;

function storyCount(count: number): string {
  return `${count} ${count === 1 ? 'story' : 'stories'}`;
}

/**
 * product §2 and §9: approved testimonies, newest first, in a list at most 600 px tall. Pages
 * come as the person scrolls the box (or asks with Load more), and only the cards near its view
 * are drawn (decision 012).
 */
export function PublicTestimonies() {
  const id = useId();
  const testimonies = usePublicTestimonies();
  const now = new Date(testimonies.dataUpdatedAt);
  const items = useMemo(() => loadedItems(testimonies.data), [testimonies.data]);
  const { boxRef, scrollElement } = useScrollBox<HTMLDivElement>();
  const { fetchNextPage, isFetchingNextPage } = testimonies;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, isFetchingNextPage]);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold tracking-tight">
          Testimonies from the community
        </h2>
        {items.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {testimonies.hasNextPage
              ? `Showing ${storyCount(items.length)} so far`
              : storyCount(items.length)}
          </p>
        ) : null}
      </div>
      {testimonies.isPending ? (
        <LoadingState label="Loading testimonies..." />
      ) : testimonies.data === undefined ? (
        <LoadError
          message="We couldn't load the testimonies."
          isRetrying={testimonies.isFetching}
          onRetry={() => void testimonies.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={HeartHandshake}
          title="No testimonies yet"
          description="Be the first to share how God met you. Testimonies appear here once they have been reviewed."
        >
          <Button className="w-full sm:w-auto" onClick={focusForm}>
            Share yours
          </Button>
        </EmptyState>
      ) : (
        // A native scroller: max-height works without a fixed height, and the keyboard can
        // scroll it once focused.
        <div
          ref={boxRef}
          role="region"
          aria-label="Shared testimonies"
          tabIndex={0}
          className="max-h-[600px] overflow-y-auto rounded-2xl [overflow-anchor:none] [scrollbar-width:thin] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {scrollElement ? (
            <PagedList
              className="pb-1"
              items={items}
              getKey={(testimony) => testimony.id}
              renderItem={(testimony) => <TestimonyCard testimony={testimony} now={now} />}
              estimateSize={236}
              gap={16}
              scrollElement={scrollElement}
              hasMore={testimonies.hasNextPage}
              isLoadingMore={isFetchingNextPage}
              onLoadMore={loadMore}
              loadMoreLabel="Load more testimonies"
              listLabel="Testimonies from the community"
            />
          ) : (
            // Before the box is in the page (drawn on the server, and while the page comes to
            // life): the first cards in the flow, as many as the box shows, so the wall is
            // there from the first paint (decision 011). The list above takes over at once.
            <ul
              aria-label="Testimonies from the community"
              className="m-0 list-none space-y-4 p-0 pb-1"
            >
              {items.slice(0, firstDrawnCards).map((testimony, index) => (
                <li key={testimony.id} data-index={index} className="rounded-2xl">
                  <TestimonyCard testimony={testimony} now={now} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
