import { Heart } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';
import { demoSavedVerses } from '../../../../shared/content/demo-verses.ts';
import type { SavedVerse } from '../../../../shared/schemas/verses.ts';
import { PageShell } from '../../../components/page-shell.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useRequireSignIn } from '../../../lib/use-require-sign-in.ts';
import { useDeleteSavedVerse } from '../api/delete-saved-verse.ts';
import { useSavedVerses } from '../api/get-saved-verses.ts';
import { SavedVerseCard } from '../components/saved-verse-card.tsx';
import { SavedVersesEmpty } from '../components/saved-verses-empty.tsx';
import { SavedVersesLoadError } from '../components/saved-verses-load-error.tsx';
import { SignInPrompt } from '../components/sign-in-prompt.tsx';
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
  children: ReactNode;
};

/** The filters, the count and the link to /feeling above a list (or its empty state). */
function FilteredList({ filters, searchRef, summary, children }: FilteredListProps) {
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
      {children}
    </div>
  );
}

const listClassName = 'grid gap-4 md:grid-cols-2';

/** spec §6: visitors see the two demo verses; what needs an account asks them to sign in. */
function DemoVerses({ filters }: { filters: Filters }) {
  const searchRef = useRef<HTMLInputElement>(null);
  const requireSignIn = useRequireSignIn();
  const visible = filterSavedVerses(demoSavedVerses, filters);
  const summary = filters.isFiltering
    ? `${visible.length} of ${verseCount(demoSavedVerses.length, 'example')}`
    : verseCount(demoSavedVerses.length, 'example verse');
  return (
    <div className="space-y-8">
      <SignInPrompt />
      <FilteredList filters={filters} searchRef={searchRef} summary={summary}>
        {visible.length === 0 ? (
          <SavedVersesEmpty
            isFiltering
            onClearFilters={() => {
              filters.clear();
              searchRef.current?.focus();
            }}
          />
        ) : (
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
        )}
      </FilteredList>
    </div>
  );
}

/** spec §2 /saved-verses for a signed-in user: their verses, newest first. */
function UserVerses({ filters }: { filters: Filters }) {
  const savedVerses = useSavedVerses({ isEnabled: true });
  const { isError, errorUpdatedAt } = savedVerses;
  const remove = useDeleteSavedVerse();
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // spec §8: every failed load (the first one, and each failed 'Try again') is toasted.
  useEffect(() => {
    if (isError) notify.error('Error loading saved verses', 'Please try refreshing the page.');
  }, [isError, errorUpdatedAt]);

  if (savedVerses.isPending) {
    return (
      <div
        role="status"
        className="flex flex-col items-center justify-center gap-3 py-16 text-muted-foreground"
      >
        <Spinner className="size-8" />
        <p>Loading your saved verses...</p>
      </div>
    );
  }
  if (savedVerses.data === undefined) {
    return (
      <SavedVersesLoadError
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
    <FilteredList filters={filters} searchRef={searchRef} summary={summary}>
      {visible.length === 0 ? (
        <SavedVersesEmpty
          isFiltering
          onClearFilters={() => {
            filters.clear();
            searchRef.current?.focus();
          }}
        />
      ) : (
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
      )}
    </FilteredList>
  );
}

/** spec §2 /saved-verses: open to all; visitors see demo verses (route-level reading 2). */
export function SavedVersesPage() {
  const session = useSession();
  const filters = useVerseFilters();
  return (
    <PageShell
      title="Saved Verses"
      subtitle="The verses that have spoken to you, kept in one place"
    >
      {session.status === 'loading' ? (
        <div
          role="status"
          className="flex flex-col items-center justify-center gap-3 py-16 text-muted-foreground"
        >
          <Spinner className="size-8" />
          <p>Loading...</p>
        </div>
      ) : session.status === 'signed-out' ? (
        <DemoVerses filters={filters} />
      ) : (
        <UserVerses filters={filters} />
      )}
    </PageShell>
  );
}
