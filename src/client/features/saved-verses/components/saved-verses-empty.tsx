import { BookOpen, Heart, SearchX, Star } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '#client/components/empty-state.tsx';
import { Button } from '#client/components/ui/button.tsx';

type SavedVersesEmptyProps =
  /** There are verses, none of which match the search term or chip. */
  | { isFiltering: true; onClearFilters: () => void }
  /** Nothing saved yet. */
  | { isFiltering: false; onClearFilters?: never };

/** No verses yet (where to find some), or none that match the filters (a way to clear them). */
export function SavedVersesEmpty({ isFiltering, onClearFilters }: SavedVersesEmptyProps) {
  if (isFiltering) {
    return (
      <EmptyState
        icon={SearchX}
        title="No verses match your search"
        description="Try other words, or choose a different theme."
      >
        <Button className="w-full sm:w-auto" onClick={onClearFilters}>
          Clear filters
        </Button>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={Star}
      title="No saved verses yet"
      description="Share how you are feeling to receive a verse, or save verses as you read the Bible. They will be kept here."
    >
      <Button asChild className="w-full sm:w-auto">
        <Link to="/feeling">
          <Heart aria-hidden="true" />
          Find a verse for how you feel
        </Link>
      </Button>
      <Button asChild variant="outline" className="w-full sm:w-auto">
        <Link to="/read-bible">
          <BookOpen aria-hidden="true" />
          Read the Bible
        </Link>
      </Button>
    </EmptyState>
  );
}
