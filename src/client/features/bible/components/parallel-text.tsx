import { useId, type CSSProperties } from 'react';
import { useVerseKeys } from '#client/features/bible/lib/use-verse-keys.ts';
import { cn } from '#client/lib/cn.ts';
import { translationInfo } from '#client/lib/translation-names.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import type { ChapterResponse, ChapterVerse } from '#shared/schemas/bible.ts';
import type { ChapterTextProps } from './chapter-text.tsx';
import { VerseHeading } from './chapter-text.tsx';
import { VerseButton, verseHint, VerseWords } from './verse-parts.tsx';

type ParallelTextProps = ChapterTextProps & {
  /** The translation read alongside; undefined while it loads. */
  parallel: ChapterResponse | undefined;
  parallelTranslation: TranslationId;
  isParallelError: boolean;
};

type Row = { verse: number; primary?: ChapterVerse; parallel?: ChapterVerse };

/**
 * One row a verse number found in either translation, in order. Where one translation splits
 * or joins verses differently (the WEB ends Romans 14 with verses 24–26, which the KJV has as
 * Romans 16:25–27), the other's cell says it has no verse there: no text is ever dropped.
 */
function rowsOf(primary: readonly ChapterVerse[], parallel: readonly ChapterVerse[]): Row[] {
  const rows = new Map<number, Row>();
  for (const verse of primary) rows.set(verse.verse, { verse: verse.verse, primary: verse });
  for (const verse of parallel) {
    const row = rows.get(verse.verse);
    if (row) row.parallel = verse;
    else rows.set(verse.verse, { verse: verse.verse, parallel: verse });
  }
  return [...rows.values()].sort((a, b) => a.verse - b.verse);
}

function NoVerse({ verse, translation }: { verse: number; translation: TranslationId }) {
  return (
    <span className="font-sans text-[0.8em] text-muted-foreground italic">
      <sup className="font-semibold not-italic">{verse}</sup>
      {` The ${translationInfo(translation).abbreviation} has no verse ${verse} here.`}
    </span>
  );
}

/** The abbreviation that names a cell's translation: on phones, where the cells interleave. */
function CellLabel({ translation }: { translation: TranslationId }) {
  return (
    <span className="mb-0.5 block font-sans text-[0.65em] font-semibold tracking-wider text-muted-foreground uppercase md:sr-only">
      {translationInfo(translation).abbreviation}
    </span>
  );
}

/**
 * Two translations verse by verse, side by side on wide screens (a column each, their
 * names above) and interleaved on phones (each verse, then the same verse in the other). The
 * first translation's verses are the buttons that highlight, save, copy and share, as in the
 * single view; the second's are text to compare.
 */
export function ParallelText({
  chapter,
  parallel,
  parallelTranslation,
  isParallelError,
  textRem,
  marks,
  onActivate,
}: ParallelTextProps) {
  const hintId = useId();
  const keys = useVerseKeys(chapter.verses, marks.targetVerse, onActivate);
  const rows = rowsOf(chapter.verses, parallel?.verses ?? []);
  const primaryName = translationInfo(chapter.translation).name;
  const parallelName = translationInfo(parallelTranslation).name;

  return (
    <div
      className="mx-auto max-w-[34em] font-serif text-[length:calc(var(--reader-size)*0.9)] leading-[1.8] text-pretty sm:text-[length:var(--reader-size)] md:max-w-none"
      style={{ '--reader-size': `${textRem}rem` } as CSSProperties}
      data-parallel={parallelTranslation}
    >
      <p id={hintId} className="sr-only">
        {verseHint(marks.isSignedIn)}
      </p>
      <div
        aria-hidden="true"
        className="mb-4 hidden gap-x-10 border-b border-border pb-2 font-sans text-sm font-semibold text-muted-foreground md:grid md:grid-cols-2"
      >
        <span>{primaryName}</span>
        <span>{parallelName}</span>
      </div>
      {isParallelError && !parallel ? (
        <p role="status" className="mb-4 font-sans text-sm text-muted-foreground">
          {`The ${parallelName} could not be loaded. Only the ${primaryName} is shown.`}
        </p>
      ) : null}
      <div className="space-y-[0.7em]">
        {rows.map((row) => {
          const verse = row.primary;
          return (
            <div
              key={row.verse}
              data-row={row.verse}
              className="grid gap-x-10 gap-y-1 [contain-intrinsic-size:auto_4em] [content-visibility:auto] md:grid-cols-2"
            >
              <div>
                {verse?.heading ? <VerseHeading text={verse.heading} /> : null}
                <CellLabel translation={chapter.translation} />
                {verse ? (
                  <VerseButton
                    verse={verse}
                    translation={chapter.translation}
                    marks={marks}
                    keys={keys}
                    hintId={hintId}
                  />
                ) : (
                  <NoVerse verse={row.verse} translation={chapter.translation} />
                )}
              </div>
              <div
                data-parallel-verse={row.verse}
                className={cn(
                  'border-l-2 border-border pl-3 text-muted-foreground md:border-l-0 md:pl-0 md:text-foreground',
                  !parallel && 'opacity-60',
                )}
              >
                {row.parallel?.heading ? <VerseHeading text={row.parallel.heading} /> : null}
                <CellLabel translation={parallelTranslation} />
                {row.parallel ? (
                  <span className="px-[0.1em]">
                    <VerseWords
                      verse={row.parallel}
                      translation={parallelTranslation}
                      christ={
                        parallelTranslation === 'kjv'
                          ? marks.study?.christ?.get(row.verse)
                          : undefined
                      }
                    />
                  </span>
                ) : parallel ? (
                  <NoVerse verse={row.verse} translation={parallelTranslation} />
                ) : isParallelError ? null : (
                  <span
                    aria-hidden="true"
                    className="block h-4 w-4/5 animate-pulse rounded-full bg-muted"
                  />
                )}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
