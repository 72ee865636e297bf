import { Fragment, useId, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { ChapterResponse, ChapterVerse } from '../../../../shared/schemas/bible.ts';
import { cn } from '../../../lib/cn.ts';

type ChapterTextProps = {
  chapter: ChapterResponse;
  textRem: number;
  highlighted: ReadonlySet<number>;
  /** The verse whose dialog is open. */
  selectedVerse: number | null;
  /** The verse being read aloud. */
  readingVerse: number | null;
  /** The verse a search result pointed to. */
  targetVerse: number | null;
  isSignedIn: boolean;
  onActivate: (verse: ChapterVerse) => void;
};

/** Verses grouped into the KJV's paragraphs (a new one at each `is_paragraph_start`). */
function paragraphsOf(verses: readonly ChapterVerse[]): ChapterVerse[][] {
  const paragraphs: ChapterVerse[][] = [];
  for (const verse of verses) {
    const current = paragraphs.at(-1);
    if (!current || verse.is_paragraph_start) paragraphs.push([verse]);
    else current.push(verse);
  }
  return paragraphs;
}

export function verseElementId(verse: number): string {
  return `verse-${verse}`;
}

/**
 * The chapter in a serif face at the reader's chosen size. Each verse is a button (one tab stop
 * for the whole chapter; ↑ ↓ Home End move between verses) that highlights and saves it, or for
 * a visitor selects it to copy or share.
 */
export function ChapterText({
  chapter,
  textRem,
  highlighted,
  selectedVerse,
  readingVerse,
  targetVerse,
  isSignedIn,
  onActivate,
}: ChapterTextProps) {
  const hintId = useId();
  const [focusVerse, setFocusVerse] = useState<number | null>(null);
  const numbers = chapter.verses.map((verse) => verse.verse);
  // The roving tab stop: the last verse focused, else the target of a search, else the first.
  const tabStop =
    (focusVerse !== null && numbers.includes(focusVerse) ? focusVerse : null) ??
    (targetVerse !== null && numbers.includes(targetVerse) ? targetVerse : null) ??
    numbers[0];

  function focusAt(index: number) {
    const verse = numbers[Math.max(0, Math.min(numbers.length - 1, index))];
    if (verse === undefined) return;
    setFocusVerse(verse);
    document.getElementById(verseElementId(verse))?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLSpanElement>, verse: ChapterVerse) {
    const index = numbers.indexOf(verse.verse);
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate(verse);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusAt(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusAt(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusAt(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusAt(numbers.length - 1);
    }
  }

  function onClick(verse: ChapterVerse) {
    // Dragging across the text to copy it is not a tap on a verse.
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed && selection.toString().trim() !== '') return;
    setFocusVerse(verse.verse);
    onActivate(verse);
  }

  return (
    <div
      // Phones get nine tenths of the chosen size, for a comfortable number of words a line.
      className="mx-auto max-w-[34em] font-serif text-[length:calc(var(--reader-size)*0.9)] leading-[1.85] text-pretty sm:text-[length:var(--reader-size)]"
      style={{ '--reader-size': `${textRem}rem` } as CSSProperties}
    >
      <p id={hintId} className="sr-only">
        {isSignedIn
          ? 'Press Enter on a verse to highlight it and save it. Use the up and down arrow keys to move between verses.'
          : 'Press Enter on a verse to copy or share it. Use the up and down arrow keys to move between verses.'}
      </p>
      {paragraphsOf(chapter.verses).map((paragraph) => (
        <p
          key={paragraph[0]?.verse}
          // Paragraphs out of sight are not laid out or painted until they scroll near: a long
          // chapter then turns in the time of its first screen.
          className="mb-[0.9em] [contain-intrinsic-size:auto_12em] [content-visibility:auto] last:mb-0"
        >
          {paragraph.map((verse, index) => {
            const isHighlighted = highlighted.has(verse.verse);
            const isReading = readingVerse === verse.verse;
            // As few elements a verse as its text allows: turning a chapter draws them all.
            return (
              <Fragment key={verse.verse}>
                {index > 0 ? ' ' : null}
                <span
                  id={verseElementId(verse.verse)}
                  role="button"
                  tabIndex={verse.verse === tabStop ? 0 : -1}
                  aria-pressed={isSignedIn ? isHighlighted : selectedVerse === verse.verse}
                  aria-describedby={hintId}
                  data-verse={verse.verse}
                  data-highlighted={isHighlighted || undefined}
                  data-reading={isReading || undefined}
                  data-target={targetVerse === verse.verse || undefined}
                  onClick={() => onClick(verse)}
                  onKeyDown={(event) => onKeyDown(event, verse)}
                  onFocus={() => setFocusVerse(verse.verse)}
                  className={cn(
                    'cursor-pointer scroll-my-48 rounded-[0.2em] box-decoration-clone px-[0.1em] transition-colors',
                    'hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                    isHighlighted && 'bg-accent text-accent-foreground hover:bg-accent',
                    selectedVerse === verse.verse && 'bg-secondary text-secondary-foreground',
                    targetVerse === verse.verse &&
                      'underline decoration-gold decoration-2 underline-offset-[0.25em]',
                    isReading && 'bg-secondary text-secondary-foreground ring-2 ring-primary/40',
                  )}
                >
                  <sup className="font-sans text-[0.62em] font-semibold text-primary select-none">
                    {/* A no-break space keeps the number on the line of the verse's first word. */}
                    {`${verse.verse}\u00a0`}
                  </sup>
                  {verse.segments.map((segment, i) =>
                    segment.italic ? <em key={i}>{segment.text}</em> : segment.text,
                  )}
                </span>
              </Fragment>
            );
          })}
        </p>
      ))}
    </div>
  );
}
