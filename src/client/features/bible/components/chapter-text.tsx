import { Fragment, useId, type CSSProperties } from 'react';
import { useVerseKeys } from '#client/features/bible/lib/use-verse-keys.ts';
import type { ChapterResponse, ChapterVerse } from '#shared/schemas/bible.ts';
import { NoteMark } from './note-mark.tsx';
import { startsLine, VerseButton, verseHint, type VerseMarks } from './verse-parts.tsx';

export type ChapterTextProps = {
  chapter: ChapterResponse;
  textRem: number;
  marks: VerseMarks;
  onActivate: (verse: ChapterVerse, word?: number) => void;
};

type Paragraph = { heading?: string; verses: ChapterVerse[] };

/**
 * Verses grouped into their translation's paragraphs (or, in poetry, stanzas): a new one at each
 * `is_paragraph_start`, and at a heading (a psalm's title, an acrostic letter), drawn above it.
 */
function paragraphsOf(verses: readonly ChapterVerse[]): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  for (const verse of verses) {
    const current = paragraphs.at(-1);
    if (!current || verse.is_paragraph_start || verse.heading) {
      paragraphs.push({ ...(verse.heading ? { heading: verse.heading } : {}), verses: [verse] });
    } else current.verses.push(verse);
  }
  return paragraphs;
}

/** A psalm's title or a section's letter, in the text's flow, quieter than the words. */
export function VerseHeading({ text }: { text: string }) {
  return (
    <p className="mb-[0.4em] font-sans text-[0.78em] font-medium tracking-wide text-muted-foreground">
      {text}
    </p>
  );
}

/**
 * The chapter in a serif face at the reader's chosen size. Each verse is a button (one tab stop
 * for the whole chapter; ↑ ↓ Home End move between verses) that highlights and saves it, or for
 * a visitor selects it to copy or share.
 */
export function ChapterText({ chapter, textRem, marks, onActivate }: ChapterTextProps) {
  const hintId = useId();
  const keys = useVerseKeys(chapter.verses, marks.targetVerse, onActivate);

  return (
    <div
      // Phones get nine tenths of the chosen size, for a comfortable number of words a line.
      className="mx-auto max-w-[34em] font-serif text-[length:calc(var(--reader-size)*0.9)] leading-[1.85] text-pretty sm:text-[length:var(--reader-size)]"
      style={{ '--reader-size': `${textRem}rem` } as CSSProperties}
    >
      <p id={hintId} className="sr-only">
        {verseHint(marks.isSignedIn)}
      </p>
      {paragraphsOf(chapter.verses).map((paragraph) => (
        // Paragraphs out of sight are not laid out or painted until they scroll near: a long
        // chapter then turns in the time of its first screen.
        <div
          key={paragraph.verses[0]?.verse}
          className="mb-[0.9em] [contain-intrinsic-size:auto_12em] [content-visibility:auto] last:mb-0"
        >
          {paragraph.heading ? <VerseHeading text={paragraph.heading} /> : null}
          <p>
            {paragraph.verses.map((verse, index) => (
              <Fragment key={verse.verse}>
                {index === 0 ? null : startsLine(verse) ? <br /> : ' '}
                <VerseButton
                  verse={verse}
                  translation={chapter.translation}
                  marks={marks}
                  keys={keys}
                  hintId={hintId}
                />
                {marks.onOpenNote && marks.noted?.has(verse.verse) ? (
                  <NoteMark verse={verse} onOpen={marks.onOpenNote} />
                ) : null}
              </Fragment>
            ))}
          </p>
        </div>
      ))}
    </div>
  );
}
