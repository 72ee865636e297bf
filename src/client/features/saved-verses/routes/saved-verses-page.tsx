import { Heart, Star, Tags } from 'lucide-react';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useDeleteSavedVerse, useSavedVerses } from '#client/api/saved-verses.ts';
import { LoadError } from '#client/components/load-error.tsx';
import { LoadingState } from '#client/components/loading-state.tsx';
import { PageShell } from '#client/components/page-shell.tsx';
import { PagedList } from '#client/components/paged-list.tsx';
import { SignInPromptCard } from '#client/components/sign-in-prompt-card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { SavedVerseCard } from '#client/features/saved-verses/components/saved-verse-card.tsx';
import { SavedVersesEmpty } from '#client/features/saved-verses/components/saved-verses-empty.tsx';
import { VerseFilters } from '#client/features/saved-verses/components/verse-filters.tsx';
import {
  filterDemoVerses,
  normaliseSearchTerm,
  parseThemeChip,
  type ThemeChip,
} from '#client/features/saved-verses/lib/filter-saved-verses.ts';
import { useIsWide } from '#client/features/saved-verses/lib/use-is-wide.ts';
import { loadedItems } from '#client/lib/pages.ts';
import { useSession } from '#client/lib/session.ts';
import { useRequireSignIn } from '#client/lib/use-require-sign-in.ts';
import { useUrlSearch } from '#client/lib/use-url-search.ts';
import { demoSavedVerses } from '#shared/content/demo-verses.ts';
import { pageSizeDefault } from '#shared/rules/pagination.ts';
import type { SavedVerse } from '#shared/schemas/verses.ts';

function verseCount(count: number, noun = 'verse'): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The live line above a member's list. The server sends a page at a time and no total
 * (decision 012), so it counts only what has been loaded, and says so while older verses remain.
 */
function listSummary(
  count: number,
  { isFiltering, hasMore }: { isFiltering: boolean; hasMore: boolean },
): string {
  const counted = isFiltering
    ? verseCount(count, 'matching verse')
    : verseCount(count, 'saved verse');
  return hasMore ? `Showing ${counted} so far` : counted;
}

/**
 * The search term and chip, kept in ?q= and ?theme= as well, so that coming back from the
 * journal finds the same list. The term is asked of the server once typing stops (decision 012).
 */
function useVerseFilters() {
  const [searchParams] = useSearchParams();
  const search = useUrlSearch('q');
  const [theme, setThemeState] = useState<ThemeChip>(() =>
    parseThemeChip(searchParams.get('theme')),
  );

  function setTheme(next: ThemeChip) {
    setThemeState(next);
    search.setParam('theme', next === 'All' ? null : next.toLowerCase());
  }

  return {
    /** What the box shows, as typed. */
    search: search.text,
    /** What the server is asked for (trimmed, once typing stops). */
    term: search.term,
    theme,
    isFiltering: normaliseSearchTerm(search.term) !== '' || theme !== 'All',
    setSearch: search.setText,
    setTheme,
    clear: () => {
      search.clear();
      setTheme('All');
    },
  };
}

type Filters = ReturnType<typeof useVerseFilters>;

type FilteredListProps = {
  filters: Filters;
  searchRef: RefObject<HTMLInputElement | null>;
  /** The live line under the filters, e.g. '3 saved verses' or '1 of 3 verses'. */
  summary: string;
  /** No verse matches the filters: the empty state (with a way to clear them) replaces the list. */
  isEmpty: boolean;
  children: ReactNode;
};

/** The filters, the count and the link to /feeling above a list (or its empty state). */
function FilteredList({ filters, searchRef, summary, isEmpty, children }: FilteredListProps) {
  return (
    <div className="space-y-6">
      <VerseFilters
        search={filters.search}
        onSearchChange={filters.setSearch}
        theme={filters.theme}
        onThemeChange={filters.setTheme}
        searchRef={searchRef}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p role="status" className="px-1 text-sm text-muted-foreground">
          {summary}
        </p>
        <div className="flex flex-wrap gap-2 self-start sm:self-auto">
          <Button asChild variant="outline" size="sm">
            <Link to="/topics">
              <Tags aria-hidden="true" />
              Topics
            </Link>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <Link to="/feeling">
              <Heart aria-hidden="true" />
              Find a verse for how you feel
            </Link>
          </Button>
        </div>
      </div>
      {isEmpty ? (
        <SavedVersesEmpty
          isFiltering
          onClearFilters={() => {
            filters.clear();
            searchRef.current?.focus();
          }}
        />
      ) : (
        children
      )}
    </div>
  );
}

const listClassName = 'grid gap-4 md:grid-cols-2';

/** product §6: visitors see the two demo verses; what needs an account asks them to sign in. */
function DemoVerses({ filters }: { filters: Filters }) {
  const searchRef = useRef<HTMLInputElement>(null);
  const requireSignIn = useRequireSignIn();
  const visible = filterDemoVerses(demoSavedVerses, filters);
  const isFiltering = normaliseSearchTerm(filters.search) !== '' || filters.theme !== 'All';
  const summary = isFiltering
    ? `${visible.length} of ${verseCount(demoSavedVerses.length, 'example')}`
    : verseCount(demoSavedVerses.length, 'example verse');
  return (
    <div className="space-y-8">
      <SignInPromptCard
        icon={Star}
        title="Sign in to save your own verses"
        description="Keep the verses that speak to you, find them again by word or theme, and journal about them. The two below are examples."
      />
      <FilteredList
        filters={filters}
        searchRef={searchRef}
        summary={summary}
        isEmpty={visible.length === 0}
      >
        <ul aria-label="Example verses" className={listClassName}>
          {visible.map((verse, index) => (
            <SavedVerseCard
              key={verse.id}
              verse={verse}
              index={index}
              onDelete={() => requireSignIn('Please sign in to keep and manage your own verses.')}
              onJournal={() => requireSignIn('Please sign in to access your journal.')}
            />
          ))}
        </ul>
      </FilteredList>
    </div>
  );
}

/** How many cards of the first page animate in (product §9), each once. */
const enteringCards = pageSizeDefault;

/**
 * product §2 /saved-verses for a signed-in user: their verses, newest first, a page at a time,
 * searched and filtered by the server (decision 012).
 */
function UserVerses({ filters }: { filters: Filters }) {
  const savedVerses = useSavedVerses(
    {
      ...(filters.term ? { q: filters.term } : {}),
      ...(filters.theme === 'All' ? {} : { theme: filters.theme }),
    },
    { isEnabled: true },
  );
  const remove = useDeleteSavedVerse();
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const hasEntered = useRef(new Set<string>());
  const isWide = useIsWide();
  const items = loadedItems(savedVerses.data);

  if (savedVerses.isPending) {
    return <LoadingState label="Loading your saved verses..." />;
  }
  if (savedVerses.data === undefined) {
    return (
      <LoadError
        message="We couldn't load your saved verses."
        isRetrying={savedVerses.isFetching}
        onRetry={() => void savedVerses.refetch()}
      />
    );
  }

  const isSearching = savedVerses.isPlaceholderData;
  // Nothing to search yet: only where verses come from (this one also links to /feeling).
  if (items.length === 0 && !filters.isFiltering && !isSearching) {
    return <SavedVersesEmpty isFiltering={false} />;
  }
  const summary = isSearching
    ? 'Searching…'
    : listSummary(items.length, {
        isFiltering: filters.isFiltering,
        hasMore: savedVerses.hasNextPage,
      });

  function onDelete(verse: SavedVerse, index: number) {
    // The card is about to disappear: keep keyboard focus in the list (next card, else the
    // previous one, else the search box) instead of dropping it on the page.
    const neighbour = items[index + 1] ?? items[index - 1];
    const next = neighbour
      ? listRef.current?.querySelector<HTMLElement>(
          `[data-verse-id="${CSS.escape(neighbour.id)}"] [data-delete-verse]`,
        )
      : null;
    (next ?? searchRef.current)?.focus();
    remove.mutate(verse);
  }

  return (
    <FilteredList
      filters={filters}
      searchRef={searchRef}
      summary={summary}
      isEmpty={items.length === 0 && !isSearching}
    >
      <div ref={listRef}>
        <PagedList
          // Cards are placed anew when the columns change.
          key={isWide ? 'two-columns' : 'one-column'}
          items={items}
          getKey={(verse) => verse.id}
          // A card with its topics field is about 385 px tall on a phone, and the gap 16: a row
          // not yet drawn holds its place, so focusing 'Load more' does not move it off screen.
          estimateSize={400}
          gap={16}
          lanes={isWide ? 2 : 1}
          hasMore={savedVerses.hasNextPage}
          isLoadingMore={savedVerses.isFetchingNextPage}
          onLoadMore={() => {
            if (!savedVerses.isFetchingNextPage) void savedVerses.fetchNextPage();
          }}
          loadMoreLabel="Load more verses"
          listLabel="Saved verses"
          renderItem={(verse, index) => (
            <SavedVerseCard
              as="article"
              verse={verse}
              index={index}
              isEntering={index < enteringCards && !hasEntered.current.has(verse.id)}
              onEntered={() => hasEntered.current.add(verse.id)}
              onDelete={() => onDelete(verse, index)}
            />
          )}
        />
      </div>
    </FilteredList>
  );
}

/** product §2 /saved-verses: open to all; visitors see demo verses (route-level reading 2). */
export function SavedVersesPage() {
  const session = useSession();
  const filters = useVerseFilters();
  return (
    <PageShell
      title="Saved Verses"
      subtitle="The verses that have spoken to you, kept in one place"
    >
      {session.status === 'loading' ? (
        <LoadingState label="Loading..." />
      ) : session.status === 'signed-out' ? (
        <DemoVerses filters={filters} />
      ) : (
        <UserVerses filters={filters} />
      )}
    </PageShell>
  );
}
