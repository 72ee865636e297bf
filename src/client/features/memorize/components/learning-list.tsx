import { CalendarClock, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { MemoryCard } from '#client/api/memory-cards.ts';
import { PagedList } from '#client/components/paged-list.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { relativeDue } from '#client/features/memorize/lib/due-date.ts';
import { modeNames } from '#client/features/memorize/lib/practice.ts';
import { formatDate } from '#client/lib/dates.ts';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { displayReference } from '#shared/bible/references.ts';
import { RemoveCardDialog } from './remove-card-dialog.tsx';

type LearningListProps = {
  cards: readonly MemoryCard[];
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
};

function NextReview({ due }: { due: string }) {
  const when = relativeDue(due, new Date());
  return (
    <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
      <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
      <span>
        Next review:{' '}
        <time dateTime={due} title={formatDate(new Date(due), 'MMM d, yyyy')}>
          {when === 'now' ? 'due now' : when}
        </time>
      </span>
    </p>
  );
}

function LearningCard({ card, onRemove }: { card: MemoryCard; onRemove: () => void }) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      data-card-id={card.id}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5 text-card-foreground shadow-xs"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold text-primary">
          {displayReference(card.reference)}{' '}
          <span className="text-xs font-medium">({translationAbbreviation(card.translation)})</span>
        </h3>
        <span className="rounded-full bg-secondary px-3 py-0.5 text-xs font-semibold text-secondary-foreground">
          <span className="sr-only">Practice: </span>
          {modeNames[card.mode]}
        </span>
      </div>
      <p className="line-clamp-2 font-serif leading-relaxed">{card.text}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <NextReview due={card.due} />
        <Button
          variant="ghost"
          size="sm"
          data-remove-card=""
          onClick={onRemove}
          className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          Remove<span className="sr-only"> {displayReference(card.reference)}</span>
        </Button>
      </div>
    </article>
  );
}

/** The verses being learned, newest first, each with its next review and 'Remove'. */
export function LearningList({ cards, hasMore, isLoadingMore, onLoadMore }: LearningListProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [toRemove, setToRemove] = useState<MemoryCard | null>(null);

  /** Where the focus goes once the dialog closes after a removal. */
  const focusAfterRemoval = useRef<HTMLElement | null>(null);

  /** Keyboard focus goes to the next verse's Remove (else the previous, else the heading). */
  function onRemoved(card: MemoryCard) {
    const index = cards.findIndex((item) => item.id === card.id);
    const neighbour = cards[index + 1] ?? cards[index - 1];
    const next = neighbour
      ? listRef.current?.querySelector<HTMLElement>(
          `[data-card-id="${CSS.escape(neighbour.id)}"] [data-remove-card]`,
        )
      : null;
    focusAfterRemoval.current = next ?? headingRef.current;
    setToRemove(null);
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="font-serif text-xl font-semibold outline-none"
      >
        Verses you are learning
      </h2>
      <div ref={listRef}>
        <PagedList
          items={cards}
          getKey={(card) => card.id}
          estimateSize={180}
          gap={12}
          hasMore={hasMore}
          isLoadingMore={isLoadingMore}
          onLoadMore={onLoadMore}
          loadMoreLabel="Load more verses"
          listLabel="Verses you are learning"
          renderItem={(card) => <LearningCard card={card} onRemove={() => setToRemove(card)} />}
        />
      </div>
      <RemoveCardDialog
        card={toRemove}
        onClose={() => setToRemove(null)}
        onRemoved={onRemoved}
        onCloseAutoFocus={(event) => {
          const target = focusAfterRemoval.current;
          if (!target) return;
          event.preventDefault();
          focusAfterRemoval.current = null;
          target.focus();
        }}
      />
    </section>
  );
}
