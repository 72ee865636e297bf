import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  nextPosition,
  positionLabel,
  previousPosition,
  type ReaderPosition,
} from '#shared/bible/navigation.ts';
import { BookSelect, ChapterSelect } from './chapter-picker.tsx';
import { ReadingProgressBar } from './reading-progress-bar.tsx';

type ReaderNavBarProps = {
  position: ReaderPosition;
  onChoose: (position: ReaderPosition) => void;
  onStep: (position: ReaderPosition) => void;
};

/**
 * The compact bar that stays under the site header while reading: previous, book, chapter,
 * next, and how far through the Bible this chapter is.
 */
export function ReaderNavBar({ position, onChoose, onStep }: ReaderNavBarProps) {
  const previous = previousPosition(position);
  const next = nextPosition(position);
  return (
    <div
      data-sticky-reader-nav=""
      className="sticky top-16 z-30 -mx-4 border-y border-border/70 bg-background/90 px-4 pt-2.5 pb-2 backdrop-blur supports-[backdrop-filter]:bg-background/75 sm:mx-0 sm:rounded-2xl sm:border sm:px-3"
    >
      <nav aria-label="Chapter navigation" className="flex items-center gap-2">
        <Button
          variant="outline"
          className="shrink-0 max-sm:size-10 max-sm:px-0"
          aria-label="Previous chapter"
          title={previous ? positionLabel(previous) : undefined}
          disabled={!previous}
          onClick={() => previous && onStep(previous)}
        >
          <ChevronLeft aria-hidden="true" />
          <span className="hidden sm:inline">Previous</span>
        </Button>
        <div className="flex min-w-0 flex-1 items-center justify-center gap-2">
          <BookSelect
            position={position}
            onChange={onChoose}
            className="min-w-0 flex-1 sm:max-w-56"
          />
          <ChapterSelect
            position={position}
            onChange={onChoose}
            className="w-20 shrink-0 sm:w-36"
          />
        </div>
        <Button
          variant="outline"
          className="shrink-0 max-sm:size-10 max-sm:px-0"
          aria-label="Next chapter"
          title={next ? positionLabel(next) : undefined}
          disabled={!next}
          onClick={() => next && onStep(next)}
        >
          <span className="hidden sm:inline">Next</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>
      <div className="mt-2.5">
        <ReadingProgressBar position={position} />
      </div>
    </div>
  );
}
