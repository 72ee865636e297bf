import { NotebookPen, PenLine } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useJournalEntries, type JournalFilters } from '#client/api/journal.ts';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import {
  NoMatches,
  ownListSummary,
  useEditingIds,
  useFocusAfterDelete,
} from '#client/components/own-list.tsx';
import { PageShell } from '#client/components/page-shell.tsx';
import { PagedList } from '#client/components/paged-list.tsx';
import { SearchBox } from '#client/components/search-box.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ChipButton } from '#client/features/journal/components/chip-button.tsx';
import { EntryCard } from '#client/features/journal/components/entry-card.tsx';
import { allTags } from '#client/features/journal/lib/filter-entries.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { useUrlSearch } from '#client/lib/use-url-search.ts';
import { journalFeelingTags } from '#shared/rules/journal.ts';

/**
 * product §2 /journal-entries (protected): every entry, newest first, a page at a time, to
 * search (title and text, on the server: decision 012), edit or delete.
 */
export function JournalEntriesPage() {
  const search = useUrlSearch('q');
  const [tag, setTag] = useState<string>(allTags);
  const filters: JournalFilters = {
    ...(search.term ? { q: search.term } : {}),
    ...(tag === allTags ? {} : { tag }),
  };
  const isFiltering = filters.q !== undefined || filters.tag !== undefined;
  // While a new search is asked for, the last results stay (no flash of 'Loading').
  const entries = useJournalEntries(filters, { isEnabled: true, keepPreviousResults: true });
  const items = useMemo(() => loadedItems(entries.data), [entries.data]);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const writeLinkRef = useRef<HTMLAnchorElement>(null);
  const chipsLabelId = useId();
  const [editingIds, trackEditing] = useEditingIds();
  const onDeleted = useFocusAfterDelete(listRef, {
    cardAttribute: 'data-entry-id',
    deleteSelector: '[data-delete-entry]',
    fallback: () => searchRef.current ?? writeLinkRef.current,
    data: entries.data,
  });

  // The ten feelings, then any other tag the loaded entries carry (a saved prayer's 'prayer').
  const chips = useMemo(() => {
    const known = new Set(journalFeelingTags.map((t) => t.toLowerCase()));
    const extra = new Map<string, string>();
    for (const t of [tag, ...items.flatMap((entry) => entry.emotion_tags)]) {
      if (t !== allTags && !known.has(t.toLowerCase())) extra.set(t.toLowerCase(), t);
    }
    return [allTags, ...journalFeelingTags, ...extra.values()];
  }, [items, tag]);

  const loadMore = () => {
    if (!entries.isFetchingNextPage) void entries.fetchNextPage();
  };

  let body;
  if (entries.isPending) {
    body = <LoadingState label="Loading your entries..." />;
  } else if (entries.data === undefined) {
    body = (
      <LoadError
        message="We couldn't load your journal entries."
        isRetrying={entries.isFetching}
        onRetry={() => void entries.refetch()}
      />
    );
  } else if (items.length === 0 && !isFiltering && !entries.isPlaceholderData) {
    body = (
      <EmptyState
        icon={NotebookPen}
        title="No journal entries yet"
        description="Entries you save on the journal page appear here, newest first."
      >
        <Button asChild>
          <Link ref={writeLinkRef} to="/journal">
            <PenLine aria-hidden="true" />
            Write your first entry
          </Link>
        </Button>
      </EmptyState>
    );
  } else {
    const clear = () => {
      search.clear();
      setTag(allTags);
      searchRef.current?.focus();
    };
    body = (
      <div className="space-y-6">
        <div className="space-y-4">
          <SearchBox
            ref={searchRef}
            label="Search journal entries"
            placeholder="Search your entries..."
            value={search.text}
            onChange={search.setText}
          />
          <div role="group" aria-labelledby={chipsLabelId} className="flex flex-wrap gap-2">
            <span id={chipsLabelId} className="sr-only">
              Filter by feeling
            </span>
            {chips.map((chip) => (
              <ChipButton key={chip} isPressed={chip === tag} onClick={() => setTag(chip)}>
                {chip}
              </ChipButton>
            ))}
          </div>
        </div>
        <p role="status" className="px-1 text-sm text-muted-foreground">
          {entries.isPlaceholderData
            ? 'Searching…'
            : ownListSummary(items.length, {
                one: 'entry',
                many: 'entries',
                isFiltering,
                hasMore: entries.hasNextPage,
              })}
        </p>
        {items.length === 0 && !entries.isPlaceholderData ? (
          <NoMatches message="No entries match your search." onClear={clear} />
        ) : (
          <div ref={listRef}>
            <PagedList
              items={items}
              getKey={(entry) => entry.id}
              estimateSize={240}
              gap={16}
              hasMore={entries.hasNextPage}
              isLoadingMore={entries.isFetchingNextPage}
              onLoadMore={loadMore}
              loadMoreLabel="Load more entries"
              listLabel="Journal entries"
              keepDrawn={editingIds}
              renderItem={(entry, index) => (
                <EntryCard
                  entry={entry}
                  onEditingChange={trackEditing}
                  onDeleted={() =>
                    onDeleted(entry.id, (items[index + 1] ?? items[index - 1])?.id ?? null)
                  }
                />
              )}
            />
          </div>
        )}
      </div>
    );
  }

  return (
    <PageShell
      title="My Journal Entries"
      subtitle="Look back on what you have written"
      back={{ to: '/journal', label: 'Back to Journal' }}
    >
      {body}
    </PageShell>
  );
}
