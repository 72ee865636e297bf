import { BookOpen, StickyNote } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useNotes, type NoteFilters } from '#client/api/notes.ts';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { NoteCard } from '#client/components/notes/note-card.tsx';
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
import { Label } from '#client/components/ui/label.tsx';
import { cn } from '#client/lib/cn.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { useUrlSearch } from '#client/lib/use-url-search.ts';
import { books } from '#shared/bible/books.ts';

const selectClassName = cn(
  'flex h-11 w-full min-w-0 cursor-pointer rounded-xl border border-border bg-card px-3 text-base text-foreground shadow-xs transition-colors sm:text-sm',
  'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none',
);

/**
 * /notes (members): every note on a verse, newest first, a page at a time, to search (on the
 * server, as the journal's), filter by book and by tag (?book= and ?tag= in the address), edit
 * in place or delete (asked first). Each note links to the reader at its verse.
 */
export function NotesPage() {
  const search = useUrlSearch('q');
  const [searchParams] = useSearchParams();
  const book = searchParams.get('book') ?? '';
  const tag = searchParams.get('tag') ?? '';
  const filters: NoteFilters = {
    ...(search.term ? { q: search.term } : {}),
    ...(book ? { book } : {}),
    ...(tag ? { tag } : {}),
  };
  const isFiltering = Object.keys(filters).length > 0;
  const notes = useNotes(filters, { isEnabled: true });
  const items = useMemo(() => loadedItems(notes.data), [notes.data]);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [editingIds, trackEditing] = useEditingIds();
  const onDeleted = useFocusAfterDelete(listRef, {
    cardAttribute: 'data-note-id',
    deleteSelector: '[data-delete-note]',
    fallback: () => searchRef.current,
    data: notes.data,
  });
  const bookId = useId();
  const tagId = useId();

  // Every tag seen on the notes loaded so far, so that choosing one leaves the others to choose.
  const [seenTags, setSeenTags] = useState<ReadonlyMap<string, string>>(() => new Map());
  // Kept while drawing (React's way to adjust state to new data): only when a new tag shows.
  const unseen = [tag, ...items.flatMap((note) => note.tags)].filter(
    (t) => t && !seenTags.has(t.toLowerCase()),
  );
  if (unseen.length > 0) {
    const next = new Map(seenTags);
    for (const t of unseen) next.set(t.toLowerCase(), t);
    setSeenTags(next);
  }
  const tagChoices = useMemo(
    () => [...seenTags.values()].sort((a, b) => a.localeCompare(b)),
    [seenTags],
  );
  const bookChoices = useMemo(() => {
    const names: string[] = books.map((b) => b.name);
    return book && !names.includes(book) ? [book, ...names] : names;
  }, [book]);

  const loadMore = () => {
    if (!notes.isFetchingNextPage) void notes.fetchNextPage();
  };

  let body;
  if (notes.isPending) {
    body = <LoadingState label="Loading your notes..." />;
  } else if (notes.data === undefined) {
    body = (
      <LoadError
        message="We couldn't load your notes."
        isRetrying={notes.isFetching}
        onRetry={() => void notes.refetch()}
      />
    );
  } else if (items.length === 0 && !isFiltering && !notes.isPlaceholderData) {
    body = (
      <EmptyState
        icon={StickyNote}
        title="No notes yet"
        description="Tap a verse in the reader and choose Add note: your notes appear here, newest first."
      >
        <Button asChild>
          <Link to="/read-bible">
            <BookOpen aria-hidden="true" />
            Open the Bible
          </Link>
        </Button>
      </EmptyState>
    );
  } else {
    const clear = () => {
      search.clear();
      search.setParam('book', null);
      search.setParam('tag', null);
      searchRef.current?.focus();
    };
    body = (
      <div className="space-y-6">
        <div className="space-y-4">
          <SearchBox
            ref={searchRef}
            label="Search notes"
            placeholder="Search your notes..."
            value={search.text}
            onChange={search.setText}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={bookId}>Book</Label>
              <select
                id={bookId}
                value={book}
                className={selectClassName}
                onChange={(event) => search.setParam('book', event.target.value || null)}
              >
                <option value="">All books</option>
                {bookChoices.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={tagId}>Tag</Label>
              <select
                id={tagId}
                value={tag}
                className={selectClassName}
                onChange={(event) => search.setParam('tag', event.target.value || null)}
              >
                <option value="">All tags</option>
                {tagChoices.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        <p role="status" className="px-1 text-sm text-muted-foreground">
          {notes.isPlaceholderData
            ? 'Searching…'
            : ownListSummary(items.length, {
                one: 'note',
                many: 'notes',
                isFiltering,
                hasMore: notes.hasNextPage,
              })}
        </p>
        {items.length === 0 && !notes.isPlaceholderData ? (
          <NoMatches message="No notes match your search." onClear={clear} />
        ) : (
          <div ref={listRef}>
            <PagedList
              items={items}
              getKey={(note) => note.id}
              estimateSize={200}
              gap={16}
              hasMore={notes.hasNextPage}
              isLoadingMore={notes.isFetchingNextPage}
              onLoadMore={loadMore}
              loadMoreLabel="Load more notes"
              listLabel="Notes"
              keepDrawn={editingIds}
              renderItem={(note, index) => (
                <NoteCard
                  note={note}
                  showsReference
                  onEditingChange={(isEditing) => trackEditing(note.id, isEditing)}
                  onDeleted={() =>
                    onDeleted(note.id, (items[index + 1] ?? items[index - 1])?.id ?? null)
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
    <PageShell title="Notes" subtitle="Your own words on the verses you read">
      {body}
    </PageShell>
  );
}
