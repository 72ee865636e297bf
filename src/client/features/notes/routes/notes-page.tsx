import { BookOpen, StickyNote } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useNotes, type NoteFilters } from '#client/api/notes.ts';
import { EmptyState } from '#client/components/empty-state.tsx';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { NoteCard } from '#client/components/notes/note-card.tsx';
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

function noteCount(count: number): string {
  return `${count} ${count === 1 ? 'note' : 'notes'}`;
}

/** The live line above the list: only what has been loaded is counted (decision 012). */
function listSummary(
  count: number,
  { isFiltering, hasMore }: { isFiltering: boolean; hasMore: boolean },
) {
  const counted = isFiltering
    ? `${count} matching ${count === 1 ? 'note' : 'notes'}`
    : noteCount(count);
  return hasMore ? `Showing ${counted} so far` : counted;
}

function cardOf(list: HTMLElement | null, id: string): HTMLElement | null {
  return list?.querySelector<HTMLElement>(`[data-note-id="${CSS.escape(id)}"]`) ?? null;
}

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
  const focusAfterDelete = useRef<{ deletedId: string; nextId: string | null } | null>(null);
  // Cards being edited stay drawn when scrolled far away, so their unsaved words stay too.
  const [editingIds, setEditingIds] = useState<ReadonlySet<string>>(() => new Set());
  const trackEditing = useCallback((noteId: string, isEditing: boolean) => {
    setEditingIds((current) => {
      if (current.has(noteId) === isEditing) return current;
      const next = new Set(current);
      if (isEditing) next.add(noteId);
      else next.delete(noteId);
      return next;
    });
  }, []);
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

  const moveFocusAfterDelete = useCallback(() => {
    const pending = focusAfterDelete.current;
    if (!pending || cardOf(listRef.current, pending.deletedId)) return;
    focusAfterDelete.current = null;
    const next = pending.nextId
      ? cardOf(listRef.current, pending.nextId)?.querySelector<HTMLElement>('[data-delete-note]')
      : null;
    (next ?? searchRef.current)?.focus();
  }, []);
  useEffect(moveFocusAfterDelete, [notes.data, moveFocusAfterDelete]);

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
            : listSummary(items.length, { isFiltering, hasMore: notes.hasNextPage })}
        </p>
        {items.length === 0 && !notes.isPlaceholderData ? (
          <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-border bg-card px-6 py-10 text-center">
            <p className="text-muted-foreground">No notes match your search.</p>
            <Button variant="outline" onClick={clear}>
              Clear filters
            </Button>
          </div>
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
                  onDeleted={() => {
                    const next = items[index + 1] ?? items[index - 1];
                    focusAfterDelete.current = { deletedId: note.id, nextId: next?.id ?? null };
                    moveFocusAfterDelete();
                  }}
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
