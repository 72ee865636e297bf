import { Home, Inbox, ShieldAlert } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { usePendingTestimonies, useReviewTestimony } from '#client/api/moderation.ts';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PageShell } from '#client/components/page-shell.tsx';
import { PagedList } from '#client/components/paged-list.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDeclineDialog } from '#client/features/moderation/components/confirm-decline-dialog.tsx';
import { PendingTestimonyCard } from '#client/features/moderation/components/pending-testimony-card.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { useSession } from '#client/lib/session.ts';
import type { OwnTestimony } from '#shared/schemas/testimonies.ts';

function ModeratorsOnly() {
  return (
    <EmptyState
      icon={ShieldAlert}
      title="Moderators only"
      description="This page is for the people who review testimonies before they are shared."
    >
      <Button asChild className="w-full sm:w-auto">
        <Link to="/">
          <Home aria-hidden="true" />
          Back to Home
        </Link>
      </Button>
    </EmptyState>
  );
}

function testimonyCount(count: number): string {
  return `${count} ${count === 1 ? 'testimony' : 'testimonies'}`;
}

/**
 * Focuses the card now at `index` in the queue (else the last one drawn, else what the empty
 * queue offers). The list is virtualized: its rows carry their place in data-index.
 */
function focusCardAt(content: HTMLElement | null, index: number) {
  const card =
    content?.querySelector(`li[data-index="${index}"]`) ??
    [...(content?.querySelectorAll('li[data-index]') ?? [])].at(-1);
  const target = card ?? content;
  target?.querySelector<HTMLElement>('a[href], button')?.focus();
}

/**
 * The review queue: pending testimonies, newest first, a page at a time (decision 012). Shown inside
 * RequireAuth.
 */
export function ModerationPage() {
  const session = useSession();
  const isModerator = session.user?.is_moderator === true;
  const pending = usePendingTestimonies(isModerator);
  const review = useReviewTestimony();
  const isForbidden = pending.error instanceof ApiError && pending.error.status === 403;
  const items = useMemo(() => loadedItems(pending.data), [pending.data]);
  const { fetchNextPage, isFetchingNextPage } = pending;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage, isFetchingNextPage]);

  const reviewing = review.isPending ? review.variables : undefined;
  // A reviewed card leaves the queue with the focused button in it: move the focus on to the
  // next card (else the one before, else what the empty queue offers) instead of the page top.
  const contentRef = useRef<HTMLDivElement>(null);
  const reviewed = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    const done = reviewed.current;
    if (!done || !pending.data || items.some((item) => item.id === done.id)) return;
    reviewed.current = null;
    focusCardAt(contentRef.current, done.index);
  }, [pending.data, items]);

  // Declining cannot be taken back (the testimony leaves the queue for good), so it asks first.
  // The focus moves on once the dialog has closed, as a dialog gives it back only then.
  const [declining, setDeclining] = useState<{ testimony: OwnTestimony; index: number } | null>(
    null,
  );
  const declinedIndex = useRef<number | null>(null);

  function confirmDecline() {
    if (!declining) return;
    const { testimony, index } = declining;
    review.mutate(
      { id: testimony.id, decision: 'decline' },
      {
        onSuccess: () => {
          declinedIndex.current = index;
        },
        onSettled: () => setDeclining(null),
      },
    );
  }

  function focusAfterDecline(): boolean {
    const index = declinedIndex.current;
    if (index === null) return false;
    declinedIndex.current = null;
    focusCardAt(contentRef.current, index);
    return true;
  }

  return (
    <PageShell
      title="Moderation"
      {...(isModerator ? { subtitle: 'Testimonies waiting for review, newest first.' } : {})}
    >
      <div ref={contentRef}>
        {!isModerator || isForbidden ? (
          <ModeratorsOnly />
        ) : pending.isPending ? (
          <LoadingState label="Loading testimonies..." />
        ) : pending.data === undefined ? (
          <LoadError
            message="We couldn't load the testimonies waiting for review."
            isRetrying={pending.isFetching}
            onRetry={() => void pending.refetch()}
          />
        ) : items.length === 0 && !pending.hasNextPage ? (
          <EmptyState
            icon={Inbox}
            title="Nothing waiting for review"
            description="New testimonies will appear here as they are submitted."
          >
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <Link to="/testimony">View testimonies</Link>
            </Button>
          </EmptyState>
        ) : (
          <div className="space-y-4">
            <p role="status" className="text-sm text-muted-foreground">
              {pending.hasNextPage
                ? `At least ${testimonyCount(items.length)} waiting`
                : `${testimonyCount(items.length)} waiting`}
            </p>
            <PagedList
              items={items}
              getKey={(testimony) => testimony.id}
              estimateSize={280}
              gap={16}
              hasMore={pending.hasNextPage}
              isLoadingMore={isFetchingNextPage}
              onLoadMore={loadMore}
              loadMoreLabel="Load more testimonies"
              listLabel="Testimonies waiting for review"
              renderItem={(testimony, index) => (
                <PendingTestimonyCard
                  testimony={testimony}
                  pending={reviewing?.id === testimony.id ? reviewing.decision : null}
                  onReview={(decision) => {
                    if (decision === 'decline') {
                      setDeclining({ testimony, index });
                      return;
                    }
                    reviewed.current = { id: testimony.id, index };
                    review.mutate({ id: testimony.id, decision });
                  }}
                />
              )}
            />
          </div>
        )}
      </div>
      <ConfirmDeclineDialog
        testimony={declining?.testimony ?? null}
        isDeclining={reviewing?.decision === 'decline'}
        onConfirm={confirmDecline}
        onCancel={() => setDeclining(null)}
        onFocusAfterClose={focusAfterDecline}
      />
    </PageShell>
  );
}
