import { BookOpen, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useBibleSearch } from '#client/api/bible.ts';
import { HighlightedText } from '#client/components/highlighted-text.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { passageReference } from '#client/features/bible/lib/passage-reference.ts';
import { cn } from '#client/lib/cn.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { StrongsOffer, StrongsWordCard } from './strongs-word-card.tsx';

const pageSize = 20;

/** Every result for a search, a page at a time (offset paging). */
export function SearchResultsPanel({
  query,
  translation,
  onClose,
  onOpenReference,
  onSearch,
}: {
  query: string;
  translation: TranslationId;
  onClose: () => void;
  onOpenReference: (reference: string) => void;
  /** Searches for something else in this panel: another Strong's number. */
  onSearch: (query: string) => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [offset, setOffset] = useState(0);
  const search = useBibleSearch({ query, limit: pageSize, offset, translation });
  const data = search.data;
  const total = data?.total ?? 0;
  const reference = data ? passageReference(data) : null;

  function goToPage(nextOffset: number) {
    setOffset(nextOffset);
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: 'start' });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-3 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="font-serif text-xl font-semibold tracking-tight outline-none"
          >
            Results for “{query}”
          </h2>
          <p role="status" className="mt-1 text-sm text-muted-foreground">
            {search.isPending
              ? 'Searching…'
              : search.isError
                ? 'Search is not available right now. Please try again.'
                : data?.kind === 'missing' && data.note
                  ? data.note
                  : total === 0
                    ? 'No verses found. Try other words or a reference like John 3:16.'
                    : `Showing ${offset + 1}–${Math.min(offset + pageSize, total)} of ${total} ${total === 1 ? 'verse' : 'verses'}`}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Close search results"
          onClick={onClose}
          className="-mt-1 -mr-1 shrink-0"
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      {reference ? (
        <Button className="mt-4" onClick={() => onOpenReference(reference)}>
          <BookOpen aria-hidden="true" />
          Go to {displayReference(reference)}
        </Button>
      ) : null}
      {data?.kind === 'strongs' && data.strongs ? (
        <StrongsWordCard
          word={data.strongs}
          others={data.strongs_matches}
          translation={translation}
          onSearch={onSearch}
        />
      ) : null}
      {data?.kind === 'text' && data.strongs_matches?.[0] ? (
        <StrongsOffer word={data.strongs_matches[0]} onSearch={onSearch} />
      ) : null}
      {search.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : null}
      {data && data.results.length > 0 ? (
        <ol
          className={cn(
            'mt-3 divide-y divide-border',
            search.isPlaceholderData && 'opacity-60 transition-opacity',
          )}
        >
          {data.results.map((result) => (
            <li key={result.reference}>
              <button
                type="button"
                onClick={() => onOpenReference(result.reference)}
                className="-mx-2 block w-[calc(100%+1rem)] cursor-pointer rounded-xl px-2 py-3 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="block text-sm font-semibold text-primary">
                  {displayReference(result.reference)}
                </span>
                <span className="mt-1 block font-serif leading-relaxed">
                  <HighlightedText text={result.content} ranges={result.highlights} />
                </span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {total > pageSize ? (
        <nav
          aria-label="Search result pages"
          className="mt-4 flex items-center justify-between gap-3 border-t border-border pt-4"
        >
          <Button
            variant="outline"
            size="sm"
            disabled={offset === 0 || search.isFetching}
            onClick={() => goToPage(Math.max(0, offset - pageSize))}
          >
            <ChevronLeft aria-hidden="true" />
            Previous page
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {Math.floor(offset / pageSize) + 1} of {Math.ceil(total / pageSize)}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={offset + pageSize >= total || search.isFetching}
            onClick={() => goToPage(offset + pageSize)}
          >
            Next page
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
