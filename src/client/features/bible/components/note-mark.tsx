import { StickyNote } from 'lucide-react';
import type { ChapterVerse } from '#shared/schemas/bible.ts';

/**
 * The mark after a verse the member has a note on (decision 024): a small button of its own (a
 * verse is itself a button, which cannot hold another) that opens the verse dialog at its notes.
 */
export function NoteMark({
  verse,
  onOpen,
}: {
  verse: ChapterVerse;
  onOpen: (verse: ChapterVerse) => void;
}) {
  return (
    <button
      type="button"
      data-note-mark={verse.verse}
      aria-label={`Note on verse ${verse.verse}`}
      onClick={() => onOpen(verse)}
      className="ml-[0.1em] inline-flex size-[1.4em] min-h-6 min-w-6 cursor-pointer items-center justify-center rounded-full align-middle text-gold hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
    >
      <StickyNote aria-hidden="true" className="size-[0.8em]" />
    </button>
  );
}
