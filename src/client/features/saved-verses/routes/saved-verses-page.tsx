import { Heart, Star } from 'lucide-react';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';
import { demoSavedVerses } from '../../../../shared/content/demo-verses.ts';
import type { SavedVerse } from '../../../../shared/schemas/verses.ts';
import { useDeleteSavedVerse, useSavedVerses } from '../../../api/saved-verses.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { SignInPromptCard } from '../../../components/sign-in-prompt-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../../lib/session.ts';
import { useRequireSignIn } from '../../../lib/use-require-sign-in.ts';
import { SavedVerseCard } from '../components/saved-verse-card.tsx';
import { SavedVersesEmpty } from '../components/saved-verses-empty.tsx';
import { VerseFilters } from '../components/verse-filters.tsx';
import {
  filterSavedVerses,
  normaliseSearchTerm,
  parseThemeChip,
  type ThemeChip,
} from '../lib/filter-saved-verses.ts';

function verseCount(count: number, noun = 'verse'): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The search term and chip, kept in ?q= and ?theme= as well, so that coming back from the
 * journal finds the same list.
 */
function useVerseFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('q') ?? '');
  const [theme, setTheme] = useState<ThemeChip>(() => parseThemeChip(searchParams.get('theme')));

  function update(next: { search: string; theme: ThemeChip }) {
    setSearch(next.search);
    setTheme(next.theme);
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next.search) updated.set('q', next.search);
        else updated.delete('q');
        if (next.theme === 'All') updated.delete('theme');
        else updated.set('theme', next.theme.toLowerCase());
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return {
    search,
    theme,
    isFiltering: normaliseSearchTerm(search) !== '' || theme !== 'All',
    setSearch: (value: string) => update({ search: value, theme }),
    setTheme: (value: ThemeChip) => update({ search, theme: value }),
    clear: () => update({ search: '', theme: 'All' }),
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
        <Button asChild variant="secondary" size="sm" className="self-start sm:self-auto">
          <Link to="/feeling">
            <Heart aria-hidden="true" />
            Find a verse for how you feel
          </Link>
        </Button>
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
  const visible = filterSavedVerses(demoSavedVerses, filters);
  const summary = filters.isFiltering
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

/** product §2 /saved-verses for a signed-in user: their verses, newest first. */
function UserVerses({ filters }: { filters: Filters }) {
  const savedVerses = useSavedVerses({ isEnabled: true });
  const remove = useDeleteSavedVerse();
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

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

  const all = savedVerses.data;
  // Nothing to search yet: only where verses come from (this one also links to /feeling).
  if (all.length === 0) {
    return <SavedVersesEmpty isFiltering={false} />;
  }
  const visible = filterSavedVerses(all, filters);
  const summary = filters.isFiltering
    ? `${visible.length} of ${verseCount(all.length)}`
    : verseCount(all.length, 'saved verse');

  function onDelete(verse: SavedVerse, index: number) {
    // The card is about to disappear: keep keyboard focus in the list (next card, else the
    // previous one, else the search box) instead of dropping it on the page.
    const buttons = listRef.current?.querySelectorAll<HTMLElement>('[data-delete-verse]');
    const next = buttons?.[index + 1] ?? buttons?.[index - 1] ?? searchRef.current;
    next?.focus();
    remove.mutate(verse);
  }

  return (
    <FilteredList
      filters={filters}
      searchRef={searchRef}
      summary={summary}
      isEmpty={visible.length === 0}
    >
      <ul ref={listRef} aria-label="Saved verses" className={listClassName}>
        {visible.map((verse, index) => (
          <SavedVerseCard
            key={verse.id}
            verse={verse}
            index={index}
            onDelete={() => onDelete(verse, index)}
          />
        ))}
      </ul>
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
