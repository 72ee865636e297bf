import { BookOpenText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { versePositionOf } from '#client/api/study-context.ts';
import { loadOnce } from '#client/lib/load-once.ts';
import { useLoadedWhileOpen } from '#client/lib/use-loaded.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { Button } from './ui/button.tsx';
import { Dialog, DialogTrigger } from './ui/dialog.tsx';

// The dialog's inside (the passage, its query and links) is fetched at the first opening, or
// when the pointer or focus comes to the button: no screen carries it in its first load
// (decision 014). Radix's dialog comes the same way, through ui/dialog.tsx. If it cannot be
// fetched (offline, before it was ever loaded), a toast says so and the dialog closes.
const contentCode = loadOnce(() => import('./verse-context-dialog.tsx'));

type VerseContextButtonProps = {
  /** The verse as stored or shown: 'John 3:16', 'Psalms 23:1'. */
  reference: string;
  /** The translation the verse is shown in: the passage comes in it. */
  translation: TranslationId;
  size?: 'sm' | 'md';
  variant?: 'outline' | 'ghost';
  className?: string;
  disabled?: boolean;
};

/**
 * 'Context': opens the verse in its paragraph, who is speaking, its best cross-references and a
 * way into the whole chapter (docs/product.md). Nothing for a reference that names no verse.
 */
export function VerseContextButton({
  reference,
  translation,
  size = 'md',
  variant = 'outline',
  className,
  disabled,
}: VerseContextButtonProps) {
  const [isOpen, setOpen] = useState(false);
  const position = useMemo(() => versePositionOf(reference), [reference]);
  const content = useLoadedWhileOpen(contentCode, isOpen, () => setOpen(false));
  if (!position) return null;
  return (
    <Dialog open={isOpen} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant={variant}
          size={size}
          className={className}
          disabled={disabled}
          onPointerEnter={contentCode.preload}
          onFocus={contentCode.preload}
          // The verse in the name, for a list of them; the visible word first (WCAG 2.5.3).
          aria-label={`Context of ${displayReference(reference)}`}
        >
          <BookOpenText aria-hidden="true" />
          Context
        </Button>
      </DialogTrigger>
      {content ? (
        <content.VerseContextDialogContent
          position={position}
          translation={translation}
          onNavigate={() => setOpen(false)}
        />
      ) : null}
    </Dialog>
  );
}
