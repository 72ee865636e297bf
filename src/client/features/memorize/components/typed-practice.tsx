import { Check } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { suggestedForTyped } from '#client/features/memorize/lib/grading.ts';
import type { PracticeProps } from '#client/features/memorize/lib/practice.ts';
import { checkTypedVerse, memoryWords, type TypedCheck } from '#shared/habits/memory-text.ts';
import { VerseText } from './verse-text.tsx';

function summary({ correct, total, wrong }: TypedCheck): string {
  const extra = wrong > 0 ? `, ${wrong} typed wrong or extra` : '';
  return `${correct} of ${total} words right${extra}.`;
}

/** The verse with each word typed right underlined, each missed one marked (not by colour alone). */
function ComparedVerse({ text, matched }: { text: string; matched: boolean[] }) {
  const words = useMemo(() => memoryWords(text), [text]);
  return (
    <VerseText>
      {words.map((word, index) => {
        const isMissed = word.word !== '' && matched[index] !== true;
        return (
          <span key={index}>
            {index > 0 ? ' ' : null}
            {word.before}
            {word.word === '' ? null : isMissed ? (
              <span className="rounded-sm bg-destructive/10 px-0.5 underline decoration-destructive decoration-wavy decoration-2 underline-offset-4">
                {word.word}
                <span className="sr-only"> (missed)</span>
              </span>
            ) : (
              <span className="text-primary">{word.word}</span>
            )}
            {word.after}
          </span>
        );
      })}
    </VerseText>
  );
}

/**
 * Type it all: the whole verse typed from memory, then compared word by word (case, spacing and
 * punctuation forgiven), with a grade suggested from the words right and how quickly.
 */
export function TypedPractice({ card, startedAt, onAnswer }: PracticeProps) {
  const fieldId = useId();
  const hintId = useId();
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<TypedCheck | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    fieldRef.current?.focus();
  }, []);

  function check(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const checked = checkTypedVerse(card.text, typed);
    setResult(checked);
    onAnswer({
      suggested: suggestedForTyped(checked, Date.now() - startedAt),
      message: summary(checked),
    });
  }

  if (result) {
    return (
      <div>
        <p className="mb-2 text-sm font-medium">{summary(result)}</p>
        <ComparedVerse text={card.text} matched={result.matched} />
        <p className="mt-3 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">You typed: </span>
          {typed.trim() || '(nothing)'}
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={check} noValidate>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium">
        Type the verse from memory
      </label>
      <p id={hintId} className="mb-3 text-sm text-muted-foreground">
        Capitals and punctuation do not matter. Press Enter to check (Shift+Enter for a new line).
      </p>
      <textarea
        id={fieldId}
        ref={fieldRef}
        aria-describedby={hintId}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            check();
          }
        }}
        rows={4}
        autoComplete="off"
        autoCapitalize="sentences"
        spellCheck={false}
        className="block w-full resize-y rounded-2xl border border-input bg-card px-4 py-3 font-serif text-lg leading-relaxed text-foreground shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none"
      />
      <Button type="submit" className="mt-5">
        <Check aria-hidden="true" />
        Check
      </Button>
    </form>
  );
}
