import { BookOpen, Brain, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMemoryCards, useMemoryDueCount } from '#client/api/memory-cards.ts';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PageShell } from '#client/components/page-shell.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DueSummary } from '#client/features/memorize/components/due-summary.tsx';
import { HowItWorks } from '#client/features/memorize/components/how-it-works.tsx';
import { LearningList } from '#client/features/memorize/components/learning-list.tsx';
import { ReviewSession } from '#client/features/memorize/components/review-session.tsx';
import { soonestDue } from '#client/features/memorize/lib/due-date.ts';
import { loadedItems } from '#client/lib/pages.ts';

/** No verse yet: where verses come from. */
function NothingToLearn() {
  return (
    <EmptyState
      icon={Brain}
      title="No verses to learn yet"
      description="Choose 'Learn by heart' on one of your saved verses, or on any verse you tap in the Bible."
    >
      <Button asChild>
        <Link to="/saved-verses">
          <Star aria-hidden="true" />
          Your saved verses
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/read-bible">
          <BookOpen aria-hidden="true" />
          Read the Bible
        </Link>
      </Button>
    </EmptyState>
  );
}

/** The count due, 'Start review', the verses being learned and how it works. */
function Overview({ onStart, isBack }: { onStart: () => void; isBack: boolean }) {
  const dueCount = useMemoryDueCount();
  const list = useMemoryCards();
  const cards = loadedItems(list.data);

  if (list.isPending) return <LoadingState label="Loading your verses..." />;
  if (list.data === undefined) {
    return (
      <LoadError
        message="We couldn't load the verses you are learning."
        isRetrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  }
  return (
    <div className="space-y-8">
      {cards.length === 0 ? (
        <NothingToLearn />
      ) : (
        <>
          <DueSummary
            dueCount={dueCount.data?.count}
            nextDue={soonestDue(cards)}
            hasCards
            onStart={onStart}
            hasFocus={isBack}
          />
          <LearningList
            cards={cards}
            hasMore={list.hasNextPage}
            isLoadingMore={list.isFetchingNextPage}
            onLoadMore={() => {
              if (!list.isFetchingNextPage) void list.fetchNextPage();
            }}
          />
        </>
      )}
      <HowItWorks />
    </div>
  );
}

/** /memorize: verses learned by heart, reviewed with spaced repetition (decision 016). */
export function MemorizePage() {
  const [mode, setMode] = useState<'overview' | 'back' | 'review'>('overview');
  return (
    <PageShell title="Learn by Heart" subtitle="Keep the verses that helped you">
      {mode === 'review' ? (
        <ReviewSession onClose={() => setMode('back')} />
      ) : (
        <Overview onStart={() => setMode('review')} isBack={mode === 'back'} />
      )}
    </PageShell>
  );
}
