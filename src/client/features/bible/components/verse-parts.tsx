// What the single and the parallel reader share: a verse's number and text as its translation
// sets it (italics, poetry lines), the look of a verse button, and the hint for the keys that move
// between verses (lib/use-verse-keys.ts).
import { verseElementId, type VerseKeys } from '#client/features/bible/lib/use-verse-keys.ts';
import { cn } from '#client/lib/cn.ts';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { ChapterVerse } from '#shared/schemas/bible.ts';

/** Whether the verse starts a line of poetry of its own (the caller breaks the line before it). */
export function startsLine(verse: ChapterVerse): boolean {
  return verse.segments[0]?.line_start === true;
}

/**
 * The verse's number and words. A segment that starts a line of poetry starts a new line; the
 * verse's first (see startsLine) is broken before the verse, number and all. A verse a
 * translation leaves out
 * (the WEB keeps Luke 17:36's place with its words in a footnote) says so: its place is never
 * silently empty.
 */
export function VerseWords({
  verse,
  translation,
}: {
  verse: ChapterVerse;
  translation: TranslationId;
}) {
  return (
    <>
      <sup className="font-sans text-[0.62em] font-semibold text-primary select-none">
        {/* A no-break space keeps the number on the line of the verse's first word. */}
        {`${verse.verse}\u00a0`}
      </sup>
      {verse.segments.length === 0 ? (
        <span className="font-sans text-[0.8em] text-muted-foreground italic">
          {`Not in the ${translationAbbreviation(translation)} text.`}
        </span>
      ) : (
        verse.segments.map((segment, index) => {
          const words = segment.italic ? <em key={index}>{segment.text}</em> : segment.text;
          if (!segment.line_start || index === 0) return words;
          return [<br key={`br${index}`} />, words];
        })
      )}
    </>
  );
}

/** What marks the verses on screen: the reader's highlights, selection, read-aloud and target. */
export type VerseMarks = {
  highlighted: ReadonlySet<number>;
  /** The verse whose dialog is open. */
  selectedVerse: number | null;
  /** The verse being read aloud. */
  readingVerse: number | null;
  /** The verse a search result pointed to. */
  targetVerse: number | null;
  isSignedIn: boolean;
};

/**
 * A verse as a button: it highlights and saves the verse, or for a visitor selects it to copy or
 * share. As few elements as its text allows (one span, the number's sup): turning a chapter draws
 * them all.
 */
export function VerseButton({
  verse,
  translation,
  marks,
  keys,
  hintId,
}: {
  verse: ChapterVerse;
  translation: TranslationId;
  marks: VerseMarks;
  keys: VerseKeys;
  /** The screen reader's hint (verseHint), by id. */
  hintId: string;
}) {
  const isHighlighted = marks.highlighted.has(verse.verse);
  const isSelected = marks.selectedVerse === verse.verse;
  const isReading = marks.readingVerse === verse.verse;
  const isTarget = marks.targetVerse === verse.verse;
  return (
    <span
      id={verseElementId(verse.verse)}
      role="button"
      tabIndex={verse.verse === keys.tabStop ? 0 : -1}
      aria-pressed={marks.isSignedIn ? isHighlighted : isSelected}
      aria-describedby={hintId}
      data-verse={verse.verse}
      data-highlighted={isHighlighted || undefined}
      data-reading={isReading || undefined}
      data-target={isTarget || undefined}
      {...keys.handlers(verse)}
      className={cn(
        'cursor-pointer scroll-my-48 rounded-[0.2em] box-decoration-clone px-[0.1em] transition-colors',
        'hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        isHighlighted && 'bg-accent text-accent-foreground hover:bg-accent',
        isSelected && 'bg-secondary text-secondary-foreground',
        isTarget && 'underline decoration-gold decoration-2 underline-offset-[0.25em]',
        isReading && 'bg-secondary text-secondary-foreground ring-2 ring-primary/40',
      )}
    >
      <VerseWords verse={verse} translation={translation} />
    </span>
  );
}

/** The screen reader's hint for the verse buttons. */
export function verseHint(isSignedIn: boolean): string {
  return isSignedIn
    ? 'Press Enter on a verse to highlight it and save it. Use the up and down arrow keys to move between verses.'
    : 'Press Enter on a verse to copy or share it. Use the up and down arrow keys to move between verses.';
}
