import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import {
  nextPosition,
  positionLabel,
  previousPosition,
  type ReaderPosition,
} from '#shared/bible/navigation.ts';

/** Previous and next at the end of the chapter, naming where each one goes. */
export function ChapterPager({
  position,
  onStep,
}: {
  position: ReaderPosition;
  onStep: (position: ReaderPosition) => void;
}) {
  const previous = previousPosition(position);
  const next = nextPosition(position);
  return (
    <nav aria-label="Previous and next chapter" className="grid grid-cols-2 gap-3">
      <Button
        variant="outline"
        size="lg"
        className="h-auto min-h-12 justify-start px-4 py-2.5 text-left whitespace-normal"
        disabled={!previous}
        onClick={() => previous && onStep(previous)}
      >
        <ChevronLeft aria-hidden="true" />
        <span className="flex flex-col">
          <span className="text-xs font-normal text-muted-foreground">Previous chapter</span>
          <span>{previous ? positionLabel(previous) : 'Start of the Bible'}</span>
        </span>
      </Button>
      <Button
        variant="outline"
        size="lg"
        className="h-auto min-h-12 justify-end px-4 py-2.5 text-right whitespace-normal"
        disabled={!next}
        onClick={() => next && onStep(next)}
      >
        <span className="flex flex-col">
          <span className="text-xs font-normal text-muted-foreground">Next chapter</span>
          <span>{next ? positionLabel(next) : 'End of the Bible'}</span>
        </span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
