import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { chapterQueryOptions } from '#client/api/bible.ts';
import { chapterStudyQueryOptions } from '#client/api/study.ts';
import { cn } from '#client/lib/cn.ts';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { wordsOf } from '#shared/bible/verse-words.ts';
import { StrongsEntry } from './strongs-entry.tsx';

type OriginalWordsProps = {
  position: ReaderPosition;
  verse: number;
  /** The translation read: in another than the KJV, the KJV's words stand in for its own. */
  translation: TranslationId;
  /** The word tapped in the text, shown at once. */
  initialWord?: number | undefined;
  onOpen: () => void;
};

type Part = { text: string; index?: number; number?: string };

/** The verse's KJV text in parts: each tagged word its own, with its number; the rest between. */
function partsOf(text: string, numbers: readonly (string | null)[]): Part[] {
  const parts: Part[] = [];
  let at = 0;
  wordsOf(text).forEach((word, index) => {
    const number = numbers[index];
    if (!number) return;
    if (word.start > at) parts.push({ text: text.slice(at, word.start) });
    parts.push({ text: word.word, index, number });
    at = word.end;
  });
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * The verse's original words in the verse dialog (decision 023): the KJV's words, each tagged one
 * a button that opens the Hebrew or Greek word behind it. In the WEB or ASV it is the same
 * place's KJV tagging, and says so.
 */
export function OriginalWords({
  position,
  verse,
  translation,
  initialWord,
  onOpen,
}: OriginalWordsProps) {
  const id = useId();
  const [chosenIndex, setChosenIndex] = useState<number | null>(initialWord ?? null);
  const study = useQuery(chapterStudyQueryOptions(position.bookIndex, position.chapter));
  const kjv = useQuery(chapterQueryOptions(position, 'kjv'));
  const text = kjv.data?.verses.find((entry) => entry.verse === verse)?.text;
  const numbers = study.data?.verses.find((entry) => entry.verse === verse)?.strongs;
  const chosenNumber = chosenIndex === null ? null : numbers?.[chosenIndex];
  const chosen =
    chosenIndex !== null && chosenNumber && text !== undefined
      ? {
          index: chosenIndex,
          number: chosenNumber,
          word: wordsOf(text)[chosenIndex]?.word ?? '',
        }
      : null;
  const sectionRef = useRef<HTMLElement>(null);
  const isTapped = initialWord !== undefined && chosen?.index === initialWord;
  // A word tapped in the text: its original is what the person asked for, so it comes into view.
  useEffect(() => {
    if (isTapped) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [isTapped]);
  const heading = translation === 'kjv' ? 'Original words' : 'Original words (KJV tagging)';

  return (
    <section
      ref={sectionRef}
      aria-labelledby={`${id}-heading`}
      className="mt-6 scroll-mt-4 border-t border-border pt-5"
    >
      <h3 id={`${id}-heading`} className="text-sm font-semibold">
        {heading}
      </h3>
      {study.isError || kjv.isError ? (
        <p className="mt-2 text-sm text-muted-foreground">
          The original words could not be loaded.
        </p>
      ) : text === undefined || numbers === undefined ? (
        <p className="mt-2 text-sm text-muted-foreground">Loading…</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-muted-foreground">
            Tap a word for the Hebrew or Greek behind it.
          </p>
          <p className="mt-2 font-serif leading-loose" data-original-words="">
            {partsOf(text, numbers).map((part, index) =>
              part.number === undefined || part.index === undefined ? (
                part.text
              ) : (
                <button
                  key={index}
                  type="button"
                  aria-pressed={chosen?.index === part.index}
                  data-strongs-word={part.number}
                  onClick={() =>
                    setChosenIndex((current) =>
                      current === part.index ? null : (part.index ?? null),
                    )
                  }
                  className={cn(
                    'cursor-pointer rounded-sm underline decoration-primary/50 decoration-dotted underline-offset-4 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
                    chosen?.index === part.index && 'bg-secondary text-secondary-foreground',
                  )}
                >
                  {part.text}
                </button>
              ),
            )}
          </p>
          {chosen ? (
            <StrongsEntry
              key={chosen.number}
              number={chosen.number}
              word={chosen.word}
              translation={translation}
              onOpen={onOpen}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
