import { useState } from 'react';
import { loadOnce } from '#client/lib/load-once.ts';
import { useLoadedWhileOpen } from '#client/lib/use-loaded.ts';
import { displayReference } from '#shared/bible/references.ts';
import type { TranslationId } from '#shared/bible/translations.ts';
import { Button } from './ui/button.tsx';

// The dialog (Radix's with it, the passage's query and links) is fetched at the first opening,
// or when the pointer or focus comes to the button: the button alone is in a screen's first load
// (decision 014). If it cannot be fetched (offline, before it was ever loaded), a toast says so
// and the dialog stays closed. A word without an icon: it sits beside the verse's own actions,
// quieter than they are.
const dialogCode = loadOnce(() => import('./verse-context-dialog.tsx'));

/** A reference to one verse at least ('John 3:16', 'Psalms 23:1-3'), not a chapter or a book. */
const namesVerse = /\s\d+\s*[:.]\s*\d+/;

type VerseContextButtonProps = {
  /** The verse as stored or shown: 'John 3:16', 'Psalms 23:1'. */
  reference: string;
  /** The translation the verse is shown in: the passage comes in it. */
  translation: TranslationId;
  size?: 'sm' | 'md';
  variant?: 'outline' | 'ghost';
  className?: string;
};

/**
 * 'Context': opens the verse in its paragraph, who is speaking, its best cross-references and a
 * way into the whole chapter (docs/product.md). Nothing for a reference that names no verse.
 * Closing the dialog gives the focus back to the button.
 */
export function VerseContextButton({
  reference,
  translation,
  size = 'md',
  variant = 'outline',
  className,
}: VerseContextButtonProps) {
  const [isOpen, setOpen] = useState(false);
  const dialog = useLoadedWhileOpen(dialogCode, isOpen, () => setOpen(false));
  if (!namesVerse.test(reference)) return null;
  const shown = displayReference(reference);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPointerEnter={dialogCode.preload}
        onFocus={dialogCode.preload}
        onClick={() => setOpen(true)}
        // The verse in the name, for a list of them; the visible word first (WCAG 2.5.3).
        aria-label={`Context of ${shown}`}
      >
        Context
      </Button>
      {dialog ? (
        <dialog.VerseContextDialog
          reference={reference}
          translation={translation}
          isOpen={isOpen}
          onOpenChange={setOpen}
        />
      ) : null}
    </>
  );
}
