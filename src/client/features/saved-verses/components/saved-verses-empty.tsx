import { BookOpen, Heart, SearchX, Star } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';

type SavedVersesEmptyProps =
  /** There are verses, none of which match the search term or chip. */
  | { isFiltering: true; onClearFilters: () => void }
  /** Nothing saved yet. */
  | { isFiltering: false; onClearFilters?: never };

/** No verses yet (where to find some), or none that match the filters (a way to clear them). */
export function SavedVersesEmpty({ isFiltering, onClearFilters }: SavedVersesEmptyProps) {
  const Icon = isFiltering ? SearchX : Star;
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-card px-6 py-12 text-center sm:py-16">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-5 font-serif text-2xl font-semibold tracking-tight">
        {isFiltering ? 'No verses match your search' : 'No saved verses yet'}
      </h2>
      <p className="mt-2 max-w-sm text-muted-foreground">
        {isFiltering
          ? 'Try other words, or choose a different theme.'
          : 'Share how you are feeling to receive a verse, or save verses as you read the Bible. They will be kept here.'}
      </p>
      <div className="mt-8 flex w-full flex-col items-center justify-center gap-3 sm:w-auto sm:flex-row">
        {isFiltering ? (
          <Button className="w-full sm:w-auto" onClick={onClearFilters}>
            Clear filters
          </Button>
        ) : (
          <>
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
          </>
        )}
      </div>
    </div>
  );
}
