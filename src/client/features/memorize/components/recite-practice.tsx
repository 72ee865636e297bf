import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import type { PracticeProps } from '#client/features/memorize/lib/practice.ts';
import { displayReference } from '#shared/bible/references.ts';
import { firstLetters } from '#shared/habits/memory-text.ts';
import { VerseText } from './verse-text.tsx';

/**
 * Read and repeat: the verse whole, then hidden while the person says it from memory, then
 * shown again to check. First letters: each word as its first letter (punctuation kept) while
 * they recite, then the verse. Either way they grade themselves.
 */
export function RecitePractice({ card, answer, onAnswer }: PracticeProps) {
  const isRead = card.mode === 'read';
  const [isHidden, setIsHidden] = useState(false);
  const actionRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    actionRef.current?.focus();
  }, [isHidden]);

  if (answer) return <VerseText>{card.text}</VerseText>;

  if (isRead && !isHidden) {
    return (
      <>
        <p className="mb-3 text-sm text-muted-foreground">
          Read it aloud or in your head, then say it from memory.
        </p>
        <VerseText>{card.text}</VerseText>
        <Button ref={actionRef} className="mt-5" onClick={() => setIsHidden(true)}>
          <EyeOff aria-hidden="true" />
          Hide it and say it
        </Button>
      </>
    );
  }

  return (
    <>
      <p className="mb-3 text-sm text-muted-foreground">
        {isRead
          ? 'Now say it from memory, then reveal it to check.'
          : 'Say each word from its first letter, then reveal the verse to check.'}
      </p>
      {isRead ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-muted-foreground">
          The verse is hidden.
        </p>
      ) : (
        <VerseText>{firstLetters(card.text)}</VerseText>
      )}
      <Button
        ref={actionRef}
        className="mt-5"
        onClick={() =>
          onAnswer({
            suggested: null,
            message: `${displayReference(card.reference)}: ${card.text}`,
          })
        }
      >
        <Eye aria-hidden="true" />
        Reveal
      </Button>
    </>
  );
}
