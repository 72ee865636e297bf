import { useQueries } from '@tanstack/react-query';
import { Bookmark as SaveIcon, Check, Copy, Highlighter, Share2 } from 'lucide-react';
import { useRef } from 'react';
import { chapterQueryOptions } from '#client/api/bible.ts';
import { useSavedVerseStatus } from '#client/api/saved-verses.ts';
import { LearnByHeartButton } from '#client/components/learn-by-heart-button.tsx';
import { VerseNotes } from '#client/components/notes/verse-notes.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { pendingSaveVerseKind } from '#client/features/bible/lib/pending-actions.ts';
import { verseShareText } from '#client/features/bible/lib/reader-url.ts';
import {
  readerSaveRequest,
  useSaveReaderVerse,
} from '#client/features/bible/lib/save-reader-verse.ts';
import { notify } from '#client/lib/notify.ts';
import { translationAbbreviation } from '#client/lib/translation-device.ts';
import { translationInfo } from '#client/lib/translation-names.ts';
import { useRequireSignIn } from '#client/lib/use-require-sign-in.ts';
import type { ReaderPosition } from '#shared/bible/navigation.ts';
import { displayReference } from '#shared/bible/references.ts';
import { translationIds, type TranslationId } from '#shared/bible/translations.ts';
import { CrossReferences } from './cross-references.tsx';
import { HighlightTopics } from './highlight-topics.tsx';
import { OriginalWords } from './original-words.tsx';

export type SelectedVerse = {
  verse: number;
  text: string;
  reference: string;
  /** The translation the verse was tapped in. */
  translation: TranslationId;
  position: ReaderPosition;
  /** The word tapped in the KJV (its place among the verse's words): its original opens. */
  word?: number;
  /** Opened from the verse's note mark: the dialog opens at its notes. */
  atNotes?: boolean;
};

type VerseDialogProps = {
  selected: SelectedVerse | null;
  isSignedIn: boolean;
  isHighlighted: boolean;
  onClose: () => void;
};

async function copyVerse({ text, reference, translation }: SelectedVerse): Promise<void> {
  try {
    await navigator.clipboard.writeText(verseShareText(text, reference, translation));
    notify.success('Copied', `${displayReference(reference)} is on your clipboard.`);
  } catch {
    notify.error('Copy Failed', 'Your browser did not allow copying. Select the text instead.');
  }
}

async function shareVerse(selected: SelectedVerse): Promise<void> {
  const data = {
    title: displayReference(selected.reference),
    text: verseShareText(selected.text, selected.reference, selected.translation),
  };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyVerse(selected);
}

/**
 * The verse in the other translations, from their chapters (cached for good, and
 * kept on the device when downloaded). Where one numbers its verses otherwise, it says so.
 */
function OtherTranslations({ selected }: { selected: SelectedVerse }) {
  const others = translationIds.filter((id) => id !== selected.translation);
  const chapters = useQueries({
    queries: others.map((id) => chapterQueryOptions(selected.position, id)),
  });
  return (
    <ul className="mt-4 space-y-3" aria-label="In other translations">
      {others.map((id, index) => {
        const chapter = chapters[index];
        const verse = chapter?.data?.verses.find((entry) => entry.verse === selected.verse);
        const abbreviation = translationAbbreviation(id);
        return (
          <li key={id} data-translation={id}>
            <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
              <abbr title={translationInfo(id).name} className="no-underline">
                {abbreviation}
              </abbr>
            </p>
            <p className="mt-0.5 font-serif leading-relaxed">
              {verse ? (
                verse.text || (
                  <span className="text-sm text-muted-foreground italic">{`Not in the ${abbreviation} text.`}</span>
                )
              ) : chapter?.data ? (
                <span className="text-sm text-muted-foreground italic">
                  {`The ${abbreviation} has no verse ${selected.verse} here.`}
                </span>
              ) : chapter?.isError ? (
                <span className="text-sm text-muted-foreground italic">Could not be loaded.</span>
              ) : (
                <span className="text-sm text-muted-foreground">Loading…</span>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * product §2 /read-bible: the Save Verse dialog for a tapped verse, with Cancel and Save Verse,
 * plus Copy and Share. A visitor can copy and share; saving asks them to sign in.
 */
export function VerseDialog({ selected, isSignedIn, isHighlighted, onClose }: VerseDialogProps) {
  const save = useSaveReaderVerse();
  const requireSignIn = useRequireSignIn();
  // 'Saved' from the server's answer, so a reload or another device agrees (product §4).
  const status = useSavedVerseStatus(isSignedIn ? selected?.reference : null);
  const notesHeadingRef = useRef<HTMLHeadingElement>(null);

  function onSave() {
    if (!selected || status.isSaved) return;
    if (!isSignedIn) {
      onClose();
      requireSignIn('Please sign in to save verses.', 'Sign In', {
        kind: pendingSaveVerseKind,
        data: selected,
      });
      return;
    }
    save.mutate(readerSaveRequest(selected), { onSuccess: () => onClose() });
  }

  return (
    <Dialog
      open={selected !== null}
      onOpenChange={(open) => {
        if (!open && !save.isPending) onClose();
      }}
    >
      <DialogContent
        onOpenAutoFocus={(event) => {
          if (!selected?.atNotes) return;
          event.preventDefault();
          notesHeadingRef.current?.focus();
        }}
        onEscapeKeyDown={(event) => {
          // Escape in a note being written leaves the note, not the dialog.
          if (event.target instanceof Element && event.target.closest('[data-note-form]')) {
            event.preventDefault();
          }
        }}
      >
        <DialogTitle>Save Verse</DialogTitle>
        <DialogDescription className="mt-1.5">
          {isSignedIn
            ? 'Keep this verse in your saved verses, or copy and share it.'
            : 'Copy or share this verse. Sign in to save it to your collection.'}
        </DialogDescription>
        {selected ? (
          <figure className="mt-5 rounded-xl border-l-4 border-gold bg-muted px-4 py-3.5">
            <blockquote className="font-serif text-lg leading-relaxed">{selected.text}</blockquote>
            <figcaption className="mt-2 text-sm font-semibold text-primary">
              {displayReference(selected.reference)}{' '}
              <span className="text-xs font-medium">{`(${translationAbbreviation(selected.translation)})`}</span>
            </figcaption>
          </figure>
        ) : null}
        {selected ? <OtherTranslations selected={selected} /> : null}
        {/* Opened from a note mark, the highlight was left as it was: nothing to report. */}
        {isSignedIn && !selected?.atNotes ? (
          <p className="mt-3 flex items-center gap-1.5 text-sm text-muted-foreground">
            <Highlighter className="size-4" aria-hidden="true" />
            {isHighlighted ? 'Highlighted in your Bible.' : 'Highlight removed.'}
          </p>
        ) : null}
        {isSignedIn && isHighlighted && selected ? <HighlightTopics selected={selected} /> : null}
        {selected ? (
          <VerseNotes
            selected={selected}
            isSignedIn={isSignedIn}
            headingRef={notesHeadingRef}
            onClose={onClose}
          />
        ) : null}
        {selected ? (
          // Learned in the translation it was tapped in.
          <LearnByHeartButton
            reference={selected.reference}
            translation={selected.translation}
            className="mt-4"
            showsReference={false}
            onSignInRequired={onClose}
          />
        ) : null}
        {/* One grid for the four actions: two a row where they fit, else one a row, never wider
            than the dialog (its width, not the window's, decides). */}
        <div className="mt-6 grid grid-cols-[repeat(auto-fit,minmax(8.5rem,1fr))] gap-2">
          <Button variant="ghost" size="sm" onClick={() => selected && void copyVerse(selected)}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button variant="ghost" size="sm" onClick={() => selected && void shareVerse(selected)}>
            <Share2 aria-hidden="true" />
            Share
          </Button>
          <DialogClose asChild>
            <Button variant="outline" disabled={save.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={onSave} disabled={save.isPending || status.isSaved}>
            {save.isPending ? (
              <Spinner className="text-current" />
            ) : status.isSaved ? (
              <Check aria-hidden="true" />
            ) : (
              <SaveIcon aria-hidden="true" />
            )}
            {status.isSaved ? 'Saved' : 'Save Verse'}
          </Button>
        </div>
        {/* After the actions: a long list never pushes Save Verse out of reach. */}
        {selected ? (
          <OriginalWords
            position={selected.position}
            verse={selected.verse}
            translation={selected.translation}
            initialWord={selected.word}
            onOpen={onClose}
          />
        ) : null}
        {selected ? (
          <CrossReferences
            verse={{ ...selected.position, verse: selected.verse }}
            translation={selected.translation}
            onOpen={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
