import { Brain, Check } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useAddMemoryCard, useMemoryStatus } from '#client/api/memory-cards.ts';
import { useSession } from '#client/lib/session.ts';
import { useRequireSignIn } from '#client/lib/use-require-sign-in.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

/** 'John 3:16', not 'Philippians 4:6-7' nor 'Psalm 23'. */
function isOneVerse(reference: string): boolean {
  return /^.+\s\d+:\d+$/.test(reference.trim());
}

type LearnByHeartButtonProps = {
  reference: string;
  /** The translation the verse is shown in; its words are the ones learned. */
  translation?: TranslationId;
  variant?: 'outline' | 'ghost' | 'secondary';
  size?: 'sm' | 'md';
  className?: string;
  /** Before a visitor's 'Sign in required' prompt (the reader's dialog closes first). */
  onSignInRequired?: () => void;
  /**
   * Whether the button's name says which verse (default yes: one button among many, as on the
   * saved verses); not where the verse is all there is, as in the reader's dialog.
   */
  showsReference?: boolean;
};

/**
 * 'Learn by heart' (decision 016), on a saved verse and in the reader's verse dialog: adds
 * the verse to /memorize; once it is being learned the button says 'Learning' (and stays in the
 * tab order, so the focus is never lost). A visitor is asked to sign in.
 */
export function LearnByHeartButton({
  reference,
  translation,
  variant = 'outline',
  size = 'sm',
  className,
  onSignInRequired,
  showsReference = true,
}: LearnByHeartButtonProps) {
  const session = useSession();
  const navigate = useNavigate();
  const requireSignIn = useRequireSignIn();
  const status = useMemoryStatus(isOneVerse(reference) ? reference : null);
  const add = useAddMemoryCard({ openMemorize: () => void navigate('/memorize') });
  const isLearning = status.isLearning;
  // A passage ('Philippians 4:6-7') is not one verse: there is nothing to add.
  if (!isOneVerse(reference)) return null;

  function onClick() {
    if (isLearning || add.isPending) return;
    if (session.status !== 'signed-in') {
      onSignInRequired?.();
      requireSignIn('Please sign in to learn verses by heart.');
      return;
    }
    add.mutate({ reference, ...(translation ? { translation } : {}) });
  }

  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={onClick}
      // Busy and 'Learning' stay focusable (a disabled button would drop the focus).
      aria-busy={add.isPending || undefined}
      aria-disabled={isLearning || add.isPending || undefined}
      icon={
        add.isPending ? (
          <Spinner className="size-4 text-current" />
        ) : isLearning ? (
          <Check aria-hidden="true" />
        ) : (
          <Brain aria-hidden="true" />
        )
      }
    >
      {isLearning ? 'Learning' : 'Learn by heart'}
      {showsReference ? <span className="sr-only"> {displayReference(reference)}</span> : null}
    </Button>
  );
}
