// What the single and the parallel reader share: a verse's number and text as its translation
// sets it (italics, poetry lines), the look of a verse button, and the hint for the keys that move
// between verses (lib/use-verse-keys.ts).
import { Link2 } from 'lucide-react';
import { verseElementId, type VerseKeys } from '#client/features/bible/lib/use-verse-keys.ts';
import { cn } from '#client/lib/cn.ts';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { wordsOf } from '#shared/bible/verse-words.ts';
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
  christ,
}: {
  verse: ChapterVerse;
  translation: TranslationId;
  /** Christ's words, by their place among the verse's words (the KJV's, decision 023). */
  christ?: ReadonlySet<number> | undefined;
}) {
  const red = christ?.size ? christsCharacters(verse.text, christ) : null;
  let start = 0;
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
          // Where the segment starts in the verse's plain text (a new line reads as a space).
          if (segment.line_start && index > 0) start += 1;
          const text = red ? redLetterRuns(segment.text, red, start) : segment.text;
          start += segment.text.length;
          const words = segment.italic ? <em key={index}>{text}</em> : text;
          if (!segment.line_start || index === 0) return words;
          return [<br key={`br${index}`} />, words];
        })
      )}
    </>
  );
}

/**
 * Which characters of the verse's plain text are Christ's: from the first to the last word of each
 * run of His words, so the punctuation between them is red too.
 */
function christsCharacters(text: string, christ: ReadonlySet<number>): Uint8Array {
  const words = wordsOf(text);
  const red = new Uint8Array(text.length);
  words.forEach((word, index) => {
    if (!christ.has(index)) return;
    const next = words[index + 1];
    const end = next && christ.has(index + 1) ? next.start : word.end;
    red.fill(1, word.start, end);
  });
  return red;
}

/** A segment's text, starting at `start` of the verse's plain text, with Christ's words in red. */
function redLetterRuns(text: string, red: Uint8Array, start: number) {
  const runs: { text: string; isRed: boolean }[] = [];
  for (let offset = 0; offset < text.length; offset += 1) {
    const isRed = red[start + offset] === 1;
    const last = runs.at(-1);
    const character = text[offset] ?? '';
    if (last && last.isRed === isRed) last.text += character;
    else runs.push({ text: character, isRed });
  }
  return runs.map((run, index) =>
    run.isRed ? (
      <span key={index} className="text-red-letter" data-christ="">
        {run.text}
      </span>
    ) : (
      run.text
    ),
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
  /** The verses the member has a note on, each marked with a button that opens its notes. */
  noted?: ReadonlySet<number>;
  onOpenNote?: (verse: ChapterVerse) => void;
  /** The study helps shown in the text (decision 023), once the chapter's study data has come. */
  study?: {
    /** Christ's words in red, by verse (the KJV's marks: drawn in the KJV only). */
    christ: ReadonlyMap<number, ReadonlySet<number>> | null;
    /** The verses with strong cross-references, marked after their words. */
    referenced: ReadonlySet<number> | null;
  };
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
  const christ = translation === 'kjv' ? marks.study?.christ?.get(verse.verse) : undefined;
  const isReferenced = marks.study?.referenced?.has(verse.verse) === true;
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
      aria-current={isReading || undefined}
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
      <VerseWords verse={verse} translation={translation} christ={christ} />
      {isReferenced ? (
        <span data-reference-mark="">
          <Link2
            aria-hidden="true"
            className="ml-[0.2em] inline size-[0.7em] align-super text-primary"
          />
          <span className="sr-only"> (has cross-references)</span>
        </span>
      ) : null}
    </span>
  );
}

/** The screen reader's hint for the verse buttons. */
export function verseHint(isSignedIn: boolean): string {
  return isSignedIn
    ? 'Press Enter on a verse to highlight it and save it. Use the up and down arrow keys to move between verses.'
    : 'Press Enter on a verse to copy or share it. Use the up and down arrow keys to move between verses.';
}
