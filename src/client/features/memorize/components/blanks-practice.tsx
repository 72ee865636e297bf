import { Check, CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { blanksFor } from '#client/features/memorize/lib/blanks.ts';
import {
  checkBlanks,
  suggestedForBlanks,
  type BlankResult,
} from '#client/features/memorize/lib/grading.ts';
import type { PracticeProps } from '#client/features/memorize/lib/practice.ts';
import { memoryWords, type MemoryWord } from '#shared/habits/memory-text.ts';
import { VerseText } from './verse-text.tsx';

/**
 * A checked blank, marked in words and an icon as well as colour: a right one with a tick on a
 * green tint and a plain underline, said to be correct; a wrong one with a cross, a wavy
 * underline on a red tint, what was written struck out and the word.
 */
function CheckedBlank({ result }: { result: BlankResult }) {
  if (result.isRight) {
    return (
      <mark className="rounded-md bg-primary/10 px-1 font-semibold text-primary underline decoration-primary decoration-solid decoration-2 underline-offset-4">
        <CircleCheck className="mr-0.5 inline size-4 align-[-0.125em]" aria-hidden="true" />
        {result.expected}
        <span className="sr-only"> (correct)</span>
      </mark>
    );
  }
  return (
    <mark className="rounded-md bg-destructive/10 px-1 text-foreground underline decoration-destructive decoration-wavy decoration-2 underline-offset-4">
      <CircleX
        className="mr-0.5 inline size-4 align-[-0.125em] text-destructive"
        aria-hidden="true"
      />
      {result.given.trim() ? (
        <>
          <span className="sr-only">(wrong: you wrote </span>
          <s>{result.given.trim()}</s>
          <span className="sr-only">; the word is</span>{' '}
        </>
      ) : (
        <span className="sr-only">(left empty; the word is </span>
      )}
      <span className="font-semibold">{result.expected}</span>
      <span className="sr-only">)</span>
    </mark>
  );
}

function Word({ word, children }: { word: MemoryWord; children?: ReactNode }) {
  return (
    <>
      {word.before}
      {children ?? word.word}
      {word.after}
    </>
  );
}

/**
 * Blanks: some of the verse's words (the same ones all through one review) are fields to fill
 * in; Check marks each right or wrong, in words and icons as well as colour, and suggests a
 * grade from how many were right.
 */
export function BlanksPractice({ card, startedAt, onAnswer }: PracticeProps) {
  const words = useMemo(() => memoryWords(card.text), [card.text]);
  const blanks = useMemo(
    () => blanksFor(words, card.text, `${card.id}:${card.reps}`),
    [words, card.text, card.id, card.reps],
  );
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [results, setResults] = useState<BlankResult[] | null>(null);
  const firstRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstRef.current?.focus();
  }, []);

  function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkBlanks(words, blanks, answers);
    const right = checked.filter((result) => result.isRight).length;
    setResults(checked);
    onAnswer({
      suggested: suggestedForBlanks(checked, Date.now() - startedAt),
      message: `${right} of ${checked.length} blanks right.`,
    });
  }

  const resultAt = new Map(results?.map((result) => [result.index, result]));
  const right = results?.filter((result) => result.isRight).length ?? 0;

  return (
    <form onSubmit={check} noValidate>
      <p className="mb-3 text-sm text-muted-foreground">
        Fill in the missing words, then check (Enter).
      </p>
      <VerseText>
        {words.map((word, index) => {
          const isBlank = blanks.includes(index);
          const result = resultAt.get(index);
          const blankNumber = blanks.indexOf(index) + 1;
          return (
            <span key={index}>
              {index > 0 ? ' ' : null}
              {!isBlank ? (
                <Word word={word} />
              ) : result ? (
                <Word word={word}>
                  <CheckedBlank result={result} />
                </Word>
              ) : (
                <Word word={word}>
                  <input
                    ref={blankNumber === 1 ? firstRef : undefined}
                    aria-label={`Blank ${blankNumber} of ${blanks.length}`}
                    value={answers[index] ?? ''}
                    onChange={(event) =>
                      setAnswers((current) => ({ ...current, [index]: event.target.value }))
                    }
                    autoComplete="off"
                    autoCapitalize="none"
                    autoCorrect="off"
                    spellCheck={false}
                    style={{ width: `${Math.max(3, word.word.length + 1.5)}ch` }}
                    className="mx-0.5 inline-block rounded-md border border-input bg-card px-1 py-0 font-sans text-base text-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none"
                  />
                </Word>
              )}
            </span>
          );
        })}
      </VerseText>
      {results ? (
        <p className="mt-3 text-sm font-medium">
          {right} of {blanks.length} blanks right.
        </p>
      ) : (
        <Button type="submit" className="mt-5">
          <Check aria-hidden="true" />
          Check
        </Button>
      )}
    </form>
  );
}
