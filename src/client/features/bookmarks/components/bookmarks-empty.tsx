import { BookOpen, BookmarkPlus, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '#client/components/empty-state.tsx';
import { Button } from '#client/components/ui/button.tsx';

type BookmarksEmptyProps = {
  /** A search term is typed (the person has bookmarks, none of which match). */
  isSearching: boolean;
  onClearSearch: () => void;
};

/** product §2: the empty state, with a hint that depends on whether a search is active. */
export function BookmarksEmpty({ isSearching, onClearSearch }: BookmarksEmptyProps) {
  return (
    <EmptyState
      icon={isSearching ? SearchX : BookmarkPlus}
      title="No bookmarks found"
      description={
        isSearching
          ? 'Try adjusting your search term'
          : 'Start bookmarking chapters as you read through the Bible'
      }
    >
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
    </EmptyState>
  );
}
