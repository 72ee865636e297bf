import { BookOpen, BookmarkPlus, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

type BookmarksEmptyProps = {
  /** A search term is typed (the person has bookmarks, none of which match). */
  isSearching: boolean;
  onClearSearch: () => void;
};

/** spec §2: the empty state, with a hint that depends on whether a search is active. */
export function BookmarksEmpty({ isSearching, onClearSearch }: BookmarksEmptyProps) {
  const Icon = isSearching ? SearchX : BookmarkPlus;
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center sm:py-16">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-5 font-serif text-2xl font-semibold tracking-tight">No bookmarks found</h2>
      <p className="mt-2 max-w-sm text-muted-foreground">
        {isSearching
          ? 'Try adjusting your search term'
          : 'Start bookmarking chapters as you read through the Bible'}
      </p>
      <div className="mt-8 flex w-full flex-col items-center justify-center gap-3 sm:w-auto sm:flex-row">
        <Button asChild className="w-full sm:w-auto">
          <Link to="/read-bible">
            <BookOpen aria-hidden="true" />
            Start Reading the Bible
          </Link>
        </Button>
        {isSearching ? (
          <Button variant="outline" className="w-full sm:w-auto" onClick={onClearSearch}>
            Clear search
          </Button>
        ) : null}
      </div>
    </div>
  );
}
