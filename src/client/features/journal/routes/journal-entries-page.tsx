import { NotebookPen, PenLine } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { journalFeelingTags } from '../../../../shared/schemas/journal.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useJournalEntries } from '../../../api/journal.ts';
import { ChipButton } from '../components/chip-button.tsx';
import { EntryCard } from '../components/entry-card.tsx';
import { allTags, filterEntries } from '../lib/filter-entries.ts';

type FocusAfterDelete = { deletedId: string; nextId: string | null };

function cardOf(list: HTMLUListElement | null, id: string): HTMLElement | null {
  return list?.querySelector<HTMLElement>(`li[data-entry-id="${CSS.escape(id)}"]`) ?? null;
}

function entryCount(count: number): string {
  return `${count} ${count === 1 ? 'entry' : 'entries'}`;
}

/** product §2 /journal-entries (protected): every entry, newest first, to search, edit or delete. */
export function JournalEntriesPage() {
  const entries = useJournalEntries({ isEnabled: true });
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string>(allTags);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const writeLinkRef = useRef<HTMLAnchorElement>(null);
  const focusAfterDelete = useRef<FocusAfterDelete | null>(null);
  const chipsLabelId = useId();

  /**
   * Once a deleted entry's card has left the page, the focus that was on it goes to the next
   * entry (else the previous one), else the search box, else the empty state's link: never
   * to the page itself, where a keyboard user would have to start over (issue 21 item 15).
   */
  const moveFocusAfterDelete = useCallback(() => {
    const pending = focusAfterDelete.current;
    if (!pending || cardOf(listRef.current, pending.deletedId)) return;
    focusAfterDelete.current = null;
    const next = pending.nextId
      ? cardOf(listRef.current, pending.nextId)?.querySelector<HTMLElement>('[data-delete-entry]')
      : null;
    (next ?? searchRef.current ?? writeLinkRef.current)?.focus();
  }, []);

  useEffect(moveFocusAfterDelete, [entries.data, moveFocusAfterDelete]);

  // The ten feelings, then any other tag the entries carry (a saved prayer's 'prayer', say).
  const chips = useMemo(() => {
    const known = new Set(journalFeelingTags.map((t) => t.toLowerCase()));
    const extra = new Map<string, string>();
    for (const entry of entries.data ?? []) {
      for (const t of entry.emotion_tags) {
        if (!known.has(t.toLowerCase())) extra.set(t.toLowerCase(), t);
      }
    }
    return [allTags, ...journalFeelingTags, ...extra.values()];
  }, [entries.data]);

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
  } else if (entries.data.length === 0) {
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
    const all = entries.data;
    const visible = filterEntries(all, { search, tag });
    const isFiltering = search.trim() !== '' || tag !== allTags;
    const clear = () => {
      setSearch('');
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
            value={search}
            onChange={setSearch}
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
          {isFiltering ? `${visible.length} of ${entryCount(all.length)}` : entryCount(all.length)}
        </p>
        {visible.length === 0 ? (
          <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-border bg-card px-6 py-10 text-center">
            <p className="text-muted-foreground">No entries match your search.</p>
            <Button variant="outline" onClick={clear}>
              Clear filters
            </Button>
          </div>
        ) : (
          <ul ref={listRef} aria-label="Journal entries" className="space-y-4">
            {visible.map((entry) => (
              <EntryCard
                key={entry.id}
                entry={entry}
                onDeleted={() => {
                  const index = visible.findIndex((item) => item.id === entry.id);
                  const next = visible[index + 1] ?? visible[index - 1];
                  focusAfterDelete.current = { deletedId: entry.id, nextId: next?.id ?? null };
                  // The card may already be gone; otherwise the effect above runs when it goes.
                  moveFocusAfterDelete();
                }}
              />
            ))}
          </ul>
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
